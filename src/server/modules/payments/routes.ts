import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paymentMethodRequestSchema } from '../../../domain/payment.js';
import { errorBodySchema } from '../../http/errors.js';
import type { CurrentUser } from '../../auth/current-user.js';
import { refundOutcomesOf, type PaymentService, type RefundOutcome } from './service.js';
import { paymentMethodAnswerSchema, paymentsConfigAnswerSchema } from '../../../domain/contracts/checkout.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/** Settles one of the shop's refunds with the provider's outcome (modules/fulfilment), once. */
export type SettleRefund = (refundId: string, outcome: RefundOutcome['outcome']) => Promise<unknown>;

/**
 * Stripe's webhook. Checkout confirms payments synchronously, so events are recorded in the log
 * for reconciliation; `charge.refunded` settles the shop's refunds it names (a refund whose answer
 * was lost, say), each once however often or late the event comes. Its own plugin: the signature
 * covers the exact bytes Stripe sent, so JSON bodies stay raw here, and only here.
 */
const stripeWebhookRoutes: FastifyPluginAsync<{
  stripeEvents: NonNullable<PaymentService['stripeEvents']>;
  settleRefund: SettleRefund;
}> = async (app, { stripeEvents, settleRefund }) => {
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  app.post('/payments/stripe/webhook', { schema: { hide: true } }, async (request) => {
    const event = stripeEvents.verify(request.body, request.headers['stripe-signature']);
    request.log.info({ stripeEvent: { id: event.id, type: event.type } }, 'stripe event');
    for (const { refundId, outcome } of refundOutcomesOf(event)) await settleRefund(refundId, outcome);
    return { received: true };
  });
};

/** The card processor the payment form talks to, card payment methods, and Stripe's webhook. */
export const paymentRoutes: FastifyPluginAsyncZod<{
  payments: PaymentService;
  currentUser: CurrentUser;
  settleRefund: SettleRefund;
}> = async (app, { payments, currentUser, settleRefund }) => {
  app.get(
    '/payments/config',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Which card processor the payment form talks to',
        response: {
          200: paymentsConfigAnswerSchema,
        },
      },
    },
    async () => payments.config(),
  );

  app.post(
    '/payments/methods',
    {
      onRequest: currentUser.requireUser,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['checkout'],
        summary: 'Turn a card into a payment method id (pm_...), like Stripe.js createPaymentMethod',
        body: paymentMethodRequestSchema,
        response: {
          200: paymentMethodAnswerSchema,
          402: errorBodySchema,
          429: errorBodySchema,
          ...errors,
        },
      },
    },
    async (request) => payments.createPaymentMethod((await currentUser.require(request))._id, request.body),
  );

  if (payments.stripeEvents) {
    await app.register(stripeWebhookRoutes, { stripeEvents: payments.stripeEvents, settleRefund });
  }
};
