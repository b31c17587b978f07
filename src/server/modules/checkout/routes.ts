import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkoutRequestSchema } from '../../../domain/payment.js';
import { errorBodySchema } from '../../http/errors.js';
import type { CurrentUser } from '../../auth/current-user.js';
import type { CheckoutService } from './service.js';
import {
  checkoutAnswerSchema,
  quoteAnswerSchema,
  quoteRequestSchema,
} from '../../../domain/contracts/checkout.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

interface CheckoutRoutesOptions {
  checkout: CheckoutService;
  currentUser: CurrentUser;
}

/** Checkout (spec §7 /cart calls); the orders are modules/orders, card payment methods modules/payments. */
/** Quotes a minute per address that try a discount code, and that do not. */
export const QUOTES_WITH_CODE = 30;
export const QUOTES_WITHOUT_CODE = 300;

const triesCode = (body: unknown) =>
  typeof body === 'object' && body !== null && 'code' in body && Boolean((body as { code?: unknown }).code);

export const checkoutRoutes: FastifyPluginAsyncZod<CheckoutRoutesOptions> = async (app, options) => {
  const { checkout, currentUser } = options;

  app.post(
    '/cart/checkout',
    {
      onRequest: currentUser.requireUser,
      schema: {
        tags: ['checkout'],
        summary:
          'Pay for the cart: priced by the server, stock taken, payment captured, order saved; idempotent per key',
        headers: z.object({ 'idempotency-key': z.string().min(8).max(200).optional() }),
        body: checkoutRequestSchema,
        response: {
          200: checkoutAnswerSchema,
          402: errorBodySchema,
          409: errorBodySchema,
          ...errors,
          // The payment provider failed (502) or did not answer in time (504), or the database is
          // unreachable (503): nothing was charged, or the payment is being reconciled.
          502: errorBodySchema,
          503: errorBodySchema,
          504: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const user = await currentUser.require(request);
      const result = await checkout.checkout(user, request.body, request.headers['idempotency-key']);
      return reply.status(result.status).send(result.body);
    },
  );

  app.post(
    '/cart/quote',
    {
      // The cart asks for a quote as it opens and as the shopper changes it: plain quotes are counted
      // apart and allowed often; a robot guessing codes meets the code's own limit, 30 a minute.
      // Counted once the body is read (preHandler), to know which.
      config: {
        rateLimit: {
          hook: 'preHandler',
          timeWindow: '1 minute',
          keyGenerator: (request) => `${request.ip}:${triesCode(request.body) ? 'code' : 'cart'}`,
          max: (_request, key) => (key.endsWith(':code') ? QUOTES_WITH_CODE : QUOTES_WITHOUT_CODE),
        },
      },
      schema: {
        tags: ['checkout'],
        summary:
          'Price a cart with a discount code as the checkout would, taking nothing: subtotal, discount, total ' +
          "(cents) and each line's share, or why the code cannot be used (`message`)",
        body: quoteRequestSchema,
        response: {
          200: quoteAnswerSchema,
          400: errorBodySchema,
          404: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request) => checkout.quote((await currentUser.optional(request)) ?? undefined, request.body),
  );
};
