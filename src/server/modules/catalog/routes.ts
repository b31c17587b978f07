import etag from '@fastify/etag';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  colorListQuerySchema,
  pageQuerySchema,
  shoeFacetsQuerySchema,
  shoeIdSchema,
  shoeListQuerySchema,
  shoeSchema,
} from '../../../domain/catalog.js';
import { pagedSearchQuerySchema } from '../../../domain/admin.js';
import { errorBodySchema } from '../../http/errors.js';
import { CACHE_TAGS, listTags } from '../../cache/cache-tags.js';
import type { CatalogCache } from '../../cache/response-cache.js';
import type { CatalogService } from './service.js';
import {
  brandListAnswerSchema,
  colorListAnswerSchema,
  searchAnswerSchema,
  shoeFacetsAnswerSchema,
  shoeListAnswerSchema,
} from '../../../domain/contracts/catalog.js';

/** Catalogue reads: public, bounded, cached until the catalogue changes, and answered with ETags. */
export const catalogRoutes: FastifyPluginAsyncZod<{ catalog: CatalogService; cache: CatalogCache }> = async (
  app,
  { catalog, cache },
) => {
  await app.register(etag, { weak: true });
  // Every route here answers through the cache: one kept for the URL is sent before validation.
  app.addHook('preValidation', cache.sendIfKept);

  app.get(
    '/shoes',
    {
      schema: {
        tags: ['catalog'],
        summary:
          'List shoes: filter by sizes in stock, colours, brands, price range and sale (repeat a parameter ' +
          'for several values: any of them matches), sort by price, newest or best selling, search by name ' +
          '(typo-tolerant); X-Total-Count holds the number of matches. A search counts to 1,000: past that, ' +
          'X-Total-Is-Lower-Bound is true and the list is the best of the first 1,000 shoes found',
        querystring: shoeListQuerySchema,
        response: {
          200: searchAnswerSchema,
          400: errorBodySchema,
        },
      },
    },
    async (request, reply) =>
      cache.send(request, reply, async () => {
        const result = await catalog.listShoes(request.query);
        // "No match" too depends on the sizes in stock when it is filtered by size.
        if ('message' in result) return { body: result, total: 0, tags: listTags(request.query, []) };
        return {
          body: result.items,
          total: result.total,
          totalIsLowerBound: result.totalIsLowerBound,
          tags: listTags(request.query, result.items),
        };
      }),
  );

  app.get(
    '/shoes/onSale',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Shoes on sale, cheapest first',
        querystring: pageQuerySchema,
        response: { 200: shoeListAnswerSchema, 400: errorBodySchema },
      },
    },
    async (request, reply) =>
      cache.send(request, reply, async () => {
        const page = await catalog.listOnSale(request.query.offset, request.query.limit);
        return { body: page.items, total: page.total, tags: listTags({}, page.items) };
      }),
  );

  app.get(
    '/shoes/facets',
    {
      schema: {
        tags: ['catalog'],
        summary:
          'Counts per value of every facet (sizes in stock, colours, brands, on sale) and the price range, ' +
          "each with the other facets' filters applied; `scope` names the filters that bound the page " +
          '(brand on a collection, onSale on the sale): colours and brands are listed from within them',
        querystring: shoeFacetsQuerySchema,
        response: { 200: shoeFacetsAnswerSchema, 400: errorBodySchema },
      },
    },
    async (request, reply) =>
      cache.send(request, reply, async () => ({
        body: await catalog.facets(request.query),
        // Counts of shoes by the sizes they have in stock, and of the rest within a size filter.
        tags: [CACHE_TAGS.sizesInStock],
      })),
  );

  app.get(
    '/shoes/colors',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Colours available, optionally within one brand (for the colour filter)',
        querystring: colorListQuerySchema,
        response: { 200: colorListAnswerSchema, 400: errorBodySchema },
      },
    },
    async (request, reply) =>
      cache.send(request, reply, async () => ({
        body: await catalog.listColors(request.query.brand),
        tags: [],
      })),
  );

  app.get(
    '/shoes/:id',
    {
      schema: {
        tags: ['catalog'],
        summary: 'One shoe with its stock',
        params: shoeIdSchema,
        response: { 200: shoeSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) =>
      cache.send(request, reply, async () => ({
        body: await catalog.getShoe(request.params.id),
        tags: [CACHE_TAGS.shoe(request.params.id)],
      })),
  );

  app.get(
    '/brands',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Brands by name (all of them, up to 100, unless paged), optionally searched by name',
        querystring: pagedSearchQuerySchema,
        response: { 200: brandListAnswerSchema, 400: errorBodySchema },
      },
    },
    async (request, reply) =>
      cache.send(request, reply, async () => {
        const page = await catalog.listBrands(request.query);
        return { body: page.items, total: page.total, tags: [] };
      }),
  );
};
