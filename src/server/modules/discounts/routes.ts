import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  discountCodeAnswerSchema,
  discountCodeListAnswerSchema,
  discountListQuerySchema,
} from '../../../domain/contracts/discounts.js';
import { discountCodeFormSchema, discountTermsOf } from '../../../domain/discount-form.js';
import { errorBodySchema } from '../../http/errors.js';
import { sendPage } from '../../http/paged-answer.js';
import type { CurrentUser } from '../../auth/current-user.js';
import type { DiscountsService } from './service.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const idParams = z.object({ id: z.string().max(100) });

/** Discount codes in the admin panel: administrator or manager only, checked before any body is read. */
export const discountRoutes: FastifyPluginAsyncZod<{
  discounts: DiscountsService;
  currentUser: CurrentUser;
}> = async (app, { discounts, currentUser }) => {
  app.addHook('onRequest', currentUser.requireAdmin);

  app.get(
    '/admin/discounts',
    {
      schema: {
        tags: ['admin', 'discounts'],
        summary:
          'Discount codes by name, paged, optionally searched, with their uses and dollars discounted: the codes ' +
          'anyone may use, or with `personal=only` those made for one shopper (cart reminders)',
        querystring: discountListQuerySchema,
        response: { 200: discountCodeListAnswerSchema, ...errors },
      },
    },
    async (request, reply) => sendPage(reply, await discounts.list(request.query)),
  );

  app.get(
    '/admin/discounts/:id',
    {
      schema: {
        tags: ['admin', 'discounts'],
        summary: 'One discount code',
        params: idParams,
        response: { 200: discountCodeAnswerSchema, ...errors },
      },
    },
    async (request) => discounts.get(request.params.id),
  );

  app.post(
    '/admin/discounts',
    {
      schema: {
        tags: ['admin', 'discounts'],
        summary:
          'Create a code: 3-32 letters and digits (case-insensitive, unique), a percentage (1-90) or an amount, ' +
          'and optional minimum subtotal, dates, number of uses, once per customer, and what it applies to',
        body: discountCodeFormSchema,
        response: { 201: discountCodeAnswerSchema, 409: errorBodySchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await discounts.create(discountTermsOf(request.body), await currentUser.require(request))),
  );

  app.put(
    '/admin/discounts/:id',
    {
      schema: {
        tags: ['admin', 'discounts'],
        summary: 'Change a code’s terms (its uses so far stay; a limit cannot go below them)',
        params: idParams,
        body: discountCodeFormSchema,
        response: { 200: discountCodeAnswerSchema, 409: errorBodySchema, ...errors },
      },
    },
    async (request) =>
      discounts.update(request.params.id, discountTermsOf(request.body), await currentUser.require(request)),
  );

  app.put(
    '/admin/discounts/:id/active',
    {
      schema: {
        tags: ['admin', 'discounts'],
        summary: 'Deactivate a code (or activate it again): orders keep the codes they used',
        params: idParams,
        body: z.object({ active: z.boolean() }).strict(),
        response: { 200: discountCodeAnswerSchema, ...errors },
      },
    },
    async (request) =>
      discounts.setActive(request.params.id, request.body.active, await currentUser.require(request)),
  );
};
