import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  savedCartMergeSchema,
  savedCartSchema,
  savedCartWriteSchema,
} from '../../../domain/contracts/carts.js';
import { errorBodySchema } from '../../http/errors.js';
import type { CurrentUser } from '../../auth/current-user.js';
import type { CartService } from './service.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };
const tags = ['account'];

/**
 * The signed-in shopper's cart kept on the server (issue 35 item 1, docs/decisions/025), so it is the
 * same on every device. A visitor's cart stays in the browser (`carrito`, spec §3) and asks none of these.
 */
export const cartRoutes: FastifyPluginAsyncZod<{ carts: CartService; currentUser: CurrentUser }> = async (
  app,
  { carts, currentUser },
) => {
  app.addHook('onRequest', currentUser.requireUser);
  const userId = async (request: Parameters<CurrentUser['require']>[0]) =>
    (await currentUser.require(request))._id;

  app.get(
    '/account/cart',
    {
      schema: {
        tags,
        summary:
          'Your saved cart: its lines at the prices of now, each with what changed since it was added ' +
          '(a new price, few pairs left, sold out in that size, removed from the catalogue)',
        response: { 200: savedCartSchema, ...errors },
      },
    },
    async (request) => carts.read(await userId(request)),
  );

  app.put(
    '/account/cart',
    {
      schema: {
        tags,
        summary:
          'Save your whole cart, made on the saved cart at `version`; if it changed since (another device), ' +
          'your cart is merged into it instead (as at sign-in); the saved cart',
        body: savedCartWriteSchema,
        response: { 200: savedCartSchema, ...errors },
      },
    },
    async (request) => carts.replace(await userId(request), request.body),
  );

  app.post(
    '/account/cart/merge',
    {
      schema: {
        tags,
        summary:
          "Merge this device's cart into your saved one (signing in): every line of both is kept, the " +
          'same shoe and size keeps the larger quantity',
        body: savedCartMergeSchema,
        response: { 200: savedCartSchema, ...errors },
      },
    },
    async (request) => carts.merge(await userId(request), request.body.lines),
  );
};
