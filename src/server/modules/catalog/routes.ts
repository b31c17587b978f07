import etag from '@fastify/etag';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  brandSchema,
  colorListQuerySchema,
  searchMessageSchema,
  shoeIdSchema,
  shoeListQuerySchema,
  shoeSchema,
} from '../../../domain/catalog.js';
import { pagedSearchQuerySchema } from '../../../domain/admin.js';
import { errorBodySchema } from '../../http/errors.js';
import type { CatalogService } from './service.js';

const pageQuerySchema = shoeListQuerySchema.pick({ offset: true, limit: true });

/** Catalogue reads: public, bounded, and answered with ETags for conditional GETs. */
export const catalogRoutes: FastifyPluginAsyncZod<{ catalog: CatalogService }> = async (app, { catalog }) => {
  await app.register(etag, { weak: true });

  app.get(
    '/shoes',
    {
      schema: {
        tags: ['catalog'],
        summary: 'List shoes: filter by brand or colour, sort by price, search by name (typo-tolerant)',
        querystring: shoeListQuerySchema,
        response: {
          200: z.union([z.array(shoeSchema), searchMessageSchema]),
          400: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const result = await catalog.listShoes(request.query);
      if ('message' in result) return reply.header('x-total-count', 0).send(result);
      return reply.header('x-total-count', result.total).send(result.items);
    },
  );

  app.get(
    '/shoes/onSale',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Shoes on sale, cheapest first',
        querystring: pageQuerySchema,
        response: { 200: z.array(shoeSchema), 400: errorBodySchema },
      },
    },
    async (request, reply) => {
      const page = await catalog.listOnSale(request.query.offset, request.query.limit);
      return reply.header('x-total-count', page.total).send(page.items);
    },
  );

  app.get(
    '/shoes/colors',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Colours available, optionally within one brand (for the colour filter)',
        querystring: colorListQuerySchema,
        response: { 200: z.array(z.string()), 400: errorBodySchema },
      },
    },
    async (request) => catalog.listColors(request.query.brand),
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
    async (request) => catalog.getShoe(request.params.id),
  );

  app.get(
    '/brands',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Brands by name (all of them, up to 100, unless paged), optionally searched by name',
        querystring: pagedSearchQuerySchema,
        response: { 200: z.array(brandSchema), 400: errorBodySchema },
      },
    },
    async (request, reply) => {
      const page = await catalog.listBrands(request.query);
      return reply.header('x-total-count', page.total).send(page.items);
    },
  );
};
