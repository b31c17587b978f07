import etag from '@fastify/etag';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { shoeIdSchema } from '../../../domain/catalog.js';
import { alsoLikeAnswerSchema, alsoLikeQuerySchema } from '../../../domain/contracts/recommendations.js';
import { CACHE_TAGS } from '../../cache/cache-tags.js';
import type { CatalogCache } from '../../cache/response-cache.js';
import { errorBodySchema } from '../../http/errors.js';
import type { RecommendationsService } from './service.js';

/** "You may also like": public, kept with the catalogue's answers, dropped by their events. */
export const recommendationsRoutes: FastifyPluginAsyncZod<{
  recommendations: RecommendationsService;
  cache: CatalogCache;
}> = async (app, { recommendations, cache }) => {
  await app.register(etag, { weak: true });
  app.addHook('preValidation', cache.sendIfKept);

  app.get(
    '/shoes/:id/also-like',
    {
      schema: {
        tags: ['catalog'],
        summary:
          'You may also like: up to 8 shoes in stock (in `size` when given), bought together with this ' +
          'one first (most orders first), then the same brand and colour, the same brand, the same colour ' +
          'and the same price band (within 25%), each closest in price first; never the shoe itself',
        params: shoeIdSchema,
        querystring: alsoLikeQuerySchema,
        response: { 200: alsoLikeAnswerSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) =>
      cache.send(request, reply, async () => {
        const shoes = await recommendations.alsoLike(request.params.id, request.query);
        return {
          body: shoes,
          // The shoe's own tag: an order with it changes what was bought with it (stock.changed,
          // co-purchases.changed); the shown shoes' stock; any size selling out or coming back.
          tags: [
            CACHE_TAGS.shoe(request.params.id),
            ...shoes.map((shoe) => CACHE_TAGS.shoe(shoe._id)),
            CACHE_TAGS.sizesInStock,
          ],
        };
      }),
  );
};
