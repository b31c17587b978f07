import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MESSAGES } from '../../../domain/messages.js';
import { refundRequestSchema } from '../../../domain/refunds.js';
import { z } from 'zod';
import { orderEventListSchema } from '../../../domain/contracts/checkout.js';
import { orderSchema } from '../../../domain/payment.js';
import { shipmentRequestSchema } from '../../../domain/shipping.js';
import { errorBodySchema } from '../../http/errors.js';
import type { CurrentUser } from '../../auth/current-user.js';
import type { FulfilmentService } from './service.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const params = z.object({ idPayment: z.string().max(200) });

/** An order after its payment: status, shipping and its audit trail (administrator or manager). */
export const fulfilmentRoutes: FastifyPluginAsyncZod<{
  fulfilment: FulfilmentService;
  currentUser: CurrentUser;
}> = async (app, { fulfilment, currentUser }) => {
  app.addHook('onRequest', currentUser.requireAdmin);

  app.put(
    '/cart/order/:idPayment',
    {
      schema: {
        tags: ['checkout', 'admin'],
        summary: 'Set an order status, Pending or Received (administrator or manager); recorded on its trail',
        params,
        body: z.object({ status: z.enum(['Pending', 'Received']) }).strict(),
        response: { 200: orderSchema, ...errors },
      },
    },
    async (request) =>
      fulfilment.setStatus(request.params.idPayment, request.body.status, await currentUser.require(request)),
  );

  app.put(
    '/cart/order/:idPayment/shipment',
    {
      schema: {
        tags: ['checkout', 'admin'],
        summary:
          'Mark an order shipped with its carrier (UPS, USPS, FedEx, DHL, Other) and tracking number, or correct ' +
          'them; the shopper is mailed the tracking link (once per change)',
        params,
        body: shipmentRequestSchema,
        response: { 200: orderSchema, ...errors },
      },
    },
    async (request) =>
      fulfilment.ship(request.params.idPayment, request.body, await currentUser.require(request)),
  );

  app.post(
    '/cart/order/:idPayment/refunds',
    {
      schema: {
        tags: ['checkout', 'admin'],
        summary:
          'Refund an order, all or part (an amount in cents, or lines and quantities), with an internal reason, ' +
          'an optional message mailed to the buyer, and perhaps the pairs back in stock, through the payment ' +
          'provider; never more than is left, nor what a waiting return holds. Idempotency-Key is required: ' +
          'the same key with the same request is the same refund (a retry confirms a pending one, and a ' +
          'refused one is refused again); the same key with another request or order is a 409',
        params,
        headers: z.object({
          'idempotency-key': z
            .string({ message: MESSAGES.refunds.keyRequired })
            .min(8, MESSAGES.refunds.keyRequired)
            .max(200, MESSAGES.refunds.keyRequired),
        }),
        body: refundRequestSchema,
        response: { 200: orderSchema, 409: errorBodySchema, 504: errorBodySchema, ...errors },
      },
    },
    async (request) =>
      fulfilment.refund(
        request.params.idPayment,
        request.body,
        await currentUser.require(request),
        request.headers['idempotency-key'],
      ),
  );

  app.get(
    '/cart/order/:idPayment/events',
    {
      schema: {
        tags: ['checkout', 'admin'],
        summary: "An order's audit trail, oldest first: who changed what when, values before and after",
        params,
        response: { 200: orderEventListSchema, ...errors },
      },
    },
    async (request) => fulfilment.events(request.params.idPayment),
  );
};
