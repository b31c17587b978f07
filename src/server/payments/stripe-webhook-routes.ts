import type { FastifyPluginAsync } from 'fastify';
import type Stripe from 'stripe';
import { HttpError } from '../http/errors.js';

/**
 * Stripe's webhook: only events whose signature checks out with
 * STRIPE_WEBHOOK_SECRET are accepted. Checkout confirms payments
 * synchronously, so events are recorded in the log for reconciliation.
 */
export const stripeWebhookRoutes: FastifyPluginAsync<{ stripe: Stripe; secret: string }> = async (
  app,
  { stripe, secret },
) => {
  // The signature covers the exact bytes Stripe sent: keep the body raw in this plugin.
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  app.post('/payments/stripe/webhook', { schema: { hide: true } }, async (request) => {
    const signature = request.headers['stripe-signature'];
    if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) {
      throw new HttpError(400, 'bad_signature', 'Missing Stripe signature');
    }
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(request.body, signature, secret);
    } catch {
      throw new HttpError(400, 'bad_signature', 'Invalid Stripe signature');
    }
    request.log.info({ stripeEvent: { id: event.id, type: event.type } }, 'stripe event');
    return { received: true };
  });
};
