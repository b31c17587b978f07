import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  shippingMethodActiveSchema,
  shippingMethodAnswerSchema,
  shippingMethodFormSchema,
  shippingMethodListSchema,
  shippingMethodOrderSchema,
  shippingMethodTermsOf,
} from '../../../domain/contracts/shipping-and-tax.js';
import type { CurrentUser } from '../../auth/current-user.js';
import { errorBodySchema } from '../../http/errors.js';
import type { ShippingMethodsService } from './service.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const idParams = z.object({ id: z.string().max(100) });
const tags = ['admin', 'shipping'];

/**
 * The shipping methods in the admin panel (issue 31 item 5): administrator or manager only, checked
 * before any body is read. Shoppers see the active ones in the cart's quote (`POST /api/cart/quote`).
 */
export const shippingMethodRoutes: FastifyPluginAsyncZod<{
  shippingMethods: ShippingMethodsService;
  currentUser: CurrentUser;
}> = async (app, { shippingMethods, currentUser }) => {
  app.addHook('onRequest', currentUser.requireAdmin);

  app.get(
    '/admin/shipping-methods',
    {
      schema: {
        tags,
        summary: 'Every shipping method, retired ones too, in the order the cart lists them',
        response: { 200: shippingMethodListSchema, ...errors },
      },
    },
    () => shippingMethods.list(),
  );

  app.post(
    '/admin/shipping-methods',
    {
      schema: {
        tags,
        summary:
          'Add a method, listed last: a name (unique, whatever its case), a price in dollars (0: free), ' +
          'an optional subtotal above which it is free, the estimate in business days (0-60), active',
        body: shippingMethodFormSchema,
        response: { 201: shippingMethodAnswerSchema, 409: errorBodySchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await shippingMethods.create(
            shippingMethodTermsOf(request.body),
            await currentUser.require(request),
          ),
        ),
  );

  // Before `/:id`, so "order" is never read as an id.
  app.put(
    '/admin/shipping-methods/order',
    {
      schema: {
        tags,
        summary:
          'The order the cart lists the methods in (the first active one is the default): every id once',
        body: shippingMethodOrderSchema,
        response: { 200: shippingMethodListSchema, ...errors },
      },
    },
    async (request) => shippingMethods.reorder(request.body.ids, await currentUser.require(request)),
  );

  app.put(
    '/admin/shipping-methods/:id',
    {
      schema: {
        tags,
        summary: 'Change a method (past orders keep what they paid and were told)',
        params: idParams,
        body: shippingMethodFormSchema,
        response: { 200: shippingMethodAnswerSchema, 409: errorBodySchema, ...errors },
      },
    },
    async (request) =>
      shippingMethods.update(
        request.params.id,
        shippingMethodTermsOf(request.body),
        await currentUser.require(request),
      ),
  );

  app.put(
    '/admin/shipping-methods/:id/active',
    {
      schema: {
        tags,
        summary: 'Retire a method (no longer offered) or offer it again',
        params: idParams,
        body: shippingMethodActiveSchema,
        response: { 200: shippingMethodAnswerSchema, ...errors },
      },
    },
    async (request) =>
      shippingMethods.setActive(request.params.id, request.body.active, await currentUser.require(request)),
  );

  app.delete(
    '/admin/shipping-methods/:id',
    {
      schema: {
        tags,
        summary: 'Delete a method (orders keep its name, price and estimate); answers the methods left',
        params: idParams,
        response: { 200: shippingMethodListSchema, ...errors },
      },
    },
    async (request) => {
      await shippingMethods.remove(request.params.id, await currentUser.require(request));
      return shippingMethods.list();
    },
  );
};
