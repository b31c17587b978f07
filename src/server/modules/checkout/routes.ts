import { MESSAGES } from '../../../domain/messages.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { canUseAdminPanel } from '../../../domain/account.js';
import { pagedSearchQuerySchema } from '../../../domain/admin.js';
import { buyerViewOf, checkoutRequestSchema, orderSchema } from '../../../domain/payment.js';
import { sendPage } from '../../http/paged-answer.js';
import { errorBodySchema, notFound } from '../../http/errors.js';
import type { CurrentUser } from '../../auth/current-user.js';
import { forbidden } from '../../auth/identity.js';
import type { OrdersRepository } from './orders-repository.js';
import type { CheckoutService } from './service.js';
import {
  checkoutAnswerSchema,
  orderListAnswerSchema,
  quoteAnswerSchema,
  quoteRequestSchema,
} from '../../../domain/contracts/checkout.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const MAX_ORDERS_LISTED = 100;

interface CheckoutRoutesOptions {
  checkout: CheckoutService;
  orders: OrdersRepository;
  currentUser: CurrentUser;
}

/** Checkout and the orders (spec §7 /cart calls); card payment methods are modules/payments. */
export const checkoutRoutes: FastifyPluginAsyncZod<CheckoutRoutesOptions> = async (app, options) => {
  const { checkout, orders, currentUser } = options;

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
      // A few per second is plenty for a cart page; a robot guessing codes meets the limit.
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
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

  app.get(
    '/cart',
    {
      onRequest: currentUser.requireAdmin,
      schema: {
        tags: ['checkout', 'admin'],
        summary: 'All orders, newest first, paged, searched by email or idPayment (administrator or manager)',
        querystring: pagedSearchQuerySchema,
        response: { 200: orderListAnswerSchema, ...errors },
      },
    },
    async (request, reply) => sendPage(reply, await orders.list(request.query)),
  );

  app.get(
    '/cart/:userId',
    {
      onRequest: currentUser.requireUser,
      schema: {
        tags: ['checkout'],
        summary: "A user's orders, newest first (the user themself, or the administrator)",
        params: z.object({ userId: z.string().max(200) }),
        response: { 200: orderListAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const user = await currentUser.require(request);
      if (request.params.userId !== user._id && !canUseAdminPanel(user)) throw forbidden();
      const listed = await orders.forUser(request.params.userId, MAX_ORDERS_LISTED);
      return canUseAdminPanel(user) ? listed : listed.map(buyerViewOf);
    },
  );

  app.get(
    '/cart/order/:orderId',
    {
      onRequest: currentUser.requireUser,
      schema: {
        tags: ['checkout'],
        summary: 'One order by its id or idPayment (its owner, or the administrator)',
        params: z.object({ orderId: z.string().max(200) }),
        response: { 200: orderSchema, ...errors },
      },
    },
    async (request) => {
      const user = await currentUser.require(request);
      const found = await orders.find(request.params.orderId);
      // Someone else's order answers like a missing one: ids are not a way to probe.
      if (!found || (found.userId !== user._id && !canUseAdminPanel(user)))
        throw notFound(MESSAGES.orders.notFound);
      return canUseAdminPanel(user) ? found.order : buyerViewOf(found.order);
    },
  );
};
