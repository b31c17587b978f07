import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pagedSearchQuerySchema } from '../../../domain/admin.js';
import { orderListAnswerSchema } from '../../../domain/contracts/checkout.js';
import { orderSchema } from '../../../domain/payment.js';
import type { CurrentUser } from '../../auth/current-user.js';
import { errorBodySchema } from '../../http/errors.js';
import { sendPage } from '../../http/paged-answer.js';
import type { OrdersService } from './service.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/** Reading orders (spec §7 /cart calls): staff's list, a user's orders, one order. */
export const orderRoutes: FastifyPluginAsyncZod<{ orders: OrdersService; currentUser: CurrentUser }> = async (
  app,
  { orders, currentUser },
) => {
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
    async (request) => orders.ofUser(await currentUser.require(request), request.params.userId),
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
    async (request) => orders.one(await currentUser.require(request), request.params.orderId),
  );
};
