import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pagedSearchQuerySchema } from '../../../domain/admin.js';
import { returnAnswerSchema, returnListAnswerSchema } from '../../../domain/contracts/returns.js';
import { orderSchema } from '../../../domain/payment.js';
import { returnDecisionSchema, returnRequestSchema } from '../../../domain/returns.js';
import { errorBodySchema } from '../../http/errors.js';
import { sendPage } from '../../http/paged-answer.js';
import type { CurrentUser } from '../../auth/current-user.js';
import type { ReturnsService } from './service.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/** Returns: the shopper asks on their own order; the administrator or a manager lists and decides. */
export const returnRoutes: FastifyPluginAsyncZod<{
  returns: ReturnsService;
  currentUser: CurrentUser;
}> = async (app, { returns, currentUser }) => {
  app.post(
    '/cart/order/:idPayment/returns',
    {
      onRequest: currentUser.requireUser,
      schema: {
        tags: ['checkout'],
        summary:
          'Ask to return pairs of your own order within 30 days of Received, with a reason ' +
          '(wrong_size, damaged, not_as_described, changed_mind) and an optional note; answers the order',
        params: z.object({ idPayment: z.string().max(200) }),
        body: returnRequestSchema,
        response: { 201: orderSchema, 409: errorBodySchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await returns.ask(request.params.idPayment, await currentUser.require(request), request.body)),
  );

  app.get(
    '/admin/returns',
    {
      onRequest: currentUser.requireAdmin,
      schema: {
        tags: ['admin', 'checkout'],
        summary: 'Return requests, waiting ones first then the newest, paged, searched by email or order id',
        querystring: pagedSearchQuerySchema,
        response: { 200: returnListAnswerSchema, ...errors },
      },
    },
    async (request, reply) => sendPage(reply, await returns.list(request.query)),
  );

  app.post(
    '/admin/returns/:id/decision',
    {
      onRequest: currentUser.requireAdmin,
      schema: {
        tags: ['admin', 'checkout'],
        summary:
          'Approve a return (its pairs refunded through the payment provider, perhaps back in stock) or reject ' +
          'it with a message; the shopper is mailed. Approving again confirms the same refund',
        params: z.object({ id: z.string().max(100) }),
        body: returnDecisionSchema,
        response: { 200: returnAnswerSchema, 409: errorBodySchema, 504: errorBodySchema, ...errors },
      },
    },
    async (request) => returns.decide(request.params.id, request.body, await currentUser.require(request)),
  );
};
