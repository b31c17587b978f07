import { MESSAGES } from '../../../domain/messages.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  brandAnswerSchema,
  createBrandSchema,
  createShoeFieldsSchema,
  createShoeSchema,
  createSizeSchema,
  MAX_MORE_SIZES,
  modifyShoeFieldsSchema,
  modifyShoeSchema,
  onSaleSchema,
  SHOE_IMAGE_MAX_BYTES,
  shoeAnswerSchema,
} from '../../../domain/admin.js';
import type { CurrentUser } from '../../auth/current-user.js';
import { errorBodySchema } from '../../http/errors.js';
import { documentMultipartForm, readMultipartForm } from '../../http/multipart-form.js';
import { parseWith } from '../../http/validate.js';
import type { CatalogAdminService } from './service.js';
import { messageAnswerSchema as messageSchema } from '../../../domain/contracts/answers.js';

const idParams = z.object({ id: z.string().max(200) });
const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
const uploadErrors = { ...errors, 413: errorBodySchema, 415: errorBodySchema };
const SHOE_FORM_FIELDS =
  'multipart/form-data: brand, name, color, price (whole dollars), optionally compareAtPrice (whole dollars above price; empty for none), size, q (quantity), description, and the file "image"';
const shoeImage = z.file().describe('Any raster image (checked by content; SVG refused), at most 10 MB');
const moreSizesDoc = z
  .string()
  .optional()
  .describe(
    `The size grid: JSON text of [{"size": "10", "q": "3"}, ...], at most ${MAX_MORE_SIZES} rows beside size and q, ` +
      'each with their rules; no size twice (400 naming it on moreSizes.<row>.size). All sizes are written together.',
  );
const createShoeForm = createShoeSchema.extend({ moreSizes: moreSizesDoc, image: shoeImage });
const modifyShoeForm = modifyShoeSchema.extend({ image: shoeImage.optional() });

/** Spec §7 catalogue writes: administrator or manager only, checked before any body is read. */
export const catalogAdminRoutes: FastifyPluginAsyncZod<{
  catalogAdmin: CatalogAdminService;
  currentUser: CurrentUser;
}> = async (app, { catalogAdmin, currentUser }) => {
  app.addHook('onRequest', currentUser.requireAdmin);

  const readShoeForm = (request: Parameters<typeof readMultipartForm>[0]) =>
    readMultipartForm(request, {
      maxFileBytes: SHOE_IMAGE_MAX_BYTES,
      tooLargeMessage: MESSAGES.admin.imageTooLarge(SHOE_IMAGE_MAX_BYTES / (1024 * 1024)),
    });

  app.post(
    '/shoes',
    {
      config: { swaggerTransform: documentMultipartForm(createShoeForm) },
      schema: {
        tags: ['admin'],
        summary:
          'Create a shoe with its first size (and optionally more: moreSizes) and an image (resized to WebP)',
        description: SHOE_FORM_FIELDS,
        consumes: ['multipart/form-data'],
        response: { 201: shoeAnswerSchema, ...uploadErrors },
      },
    },
    async (request, reply) => {
      const form = await readShoeForm(request);
      const input = parseWith(createShoeFieldsSchema, form.fields);
      return reply
        .status(201)
        .send(await catalogAdmin.createShoe(input, form.file?.bytes, await currentUser.require(request)));
    },
  );

  app.put(
    '/shoes/:id',
    {
      config: { swaggerTransform: documentMultipartForm(modifyShoeForm) },
      schema: {
        tags: ['admin'],
        summary: 'Modify a shoe; `q` becomes the quantity of `size`; a new image is optional',
        description: `${SHOE_FORM_FIELDS} (optional), and optionally onSale ("true" or "false") and version (409 when the shoe changed since), and the size's sku and gtin (left out: kept; an empty gtin removes it; 409 naming a code another size has)`,
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { 200: shoeAnswerSchema, ...uploadErrors },
      },
    },
    async (request) => {
      const form = await readShoeForm(request);
      const input = parseWith(modifyShoeFieldsSchema, form.fields);
      return catalogAdmin.modifyShoe(
        request.params.id,
        input,
        form.file?.bytes,
        await currentUser.require(request),
      );
    },
  );

  app.put(
    '/shoes/addSize/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Add a size to a shoe, or add quantity to a size it has',
        description:
          "Optionally the size's sku (generated when left out) and gtin (UPC/EAN, check digit validated); 409 naming a SKU or GTIN another size has",
        params: idParams,
        body: createSizeSchema,
        response: { 200: shoeAnswerSchema, ...errors },
      },
    },
    async (request) =>
      catalogAdmin.addSize(request.params.id, request.body, await currentUser.require(request)),
  );

  app.delete(
    '/shoes/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Delete a shoe (past orders keep their copy of it)',
        params: idParams,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => catalogAdmin.deleteShoe(request.params.id, await currentUser.require(request)),
  );

  app.put(
    '/admin/onsale/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Put a shoe on sale or take it off',
        params: idParams,
        body: onSaleSchema,
        response: { 200: shoeAnswerSchema, ...errors },
      },
    },
    async (request) =>
      catalogAdmin.setOnSale(request.params.id, request.body.onSale, await currentUser.require(request)),
  );

  app.post(
    '/brands',
    {
      schema: {
        tags: ['admin'],
        summary: 'Create a brand (names are unique, whatever their case)',
        body: createBrandSchema,
        response: { 201: brandAnswerSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await catalogAdmin.createBrand(request.body.name, await currentUser.require(request))),
  );

  app.delete(
    '/brands/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Delete a brand that has no shoes',
        params: idParams,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => catalogAdmin.deleteBrand(request.params.id, await currentUser.require(request)),
  );
};
