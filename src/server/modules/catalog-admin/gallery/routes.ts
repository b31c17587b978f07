import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SHOE_IMAGE_MAX_BYTES } from '../../../../domain/admin.js';
import {
  galleryAltBodySchema,
  galleryAnswerSchema,
  galleryImageParamsSchema,
  galleryOrderBodySchema,
  galleryParamsSchema,
  galleryUploadFieldsSchema,
  MAX_GALLERY_IMAGES,
} from '../../../../domain/contracts/gallery.js';
import { MESSAGES } from '../../../../domain/messages.js';
import type { CurrentUser } from '../../../auth/current-user.js';
import { errorBodySchema } from '../../../http/errors.js';
import { documentMultipartForm, readMultipartForm } from '../../../http/multipart-form.js';
import { staffRoutes } from '../../../http/staff-routes.js';
import { parseWith } from '../../../http/validate.js';
import type { GalleryService } from './service.js';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
const uploadForm = galleryUploadFieldsSchema.extend({
  image: z.file().describe('Any raster image (checked by content; SVG refused), at most 10 MB'),
});

/**
 * A shoe's photo gallery (issue 33 item 1), part of catalog-admin: administrator or manager only,
 * checked before any body is read, like the other catalogue writes. Every answer is the whole
 * gallery in order; shoppers read it as the `images` of `GET /api/shoes/:id`.
 */
export const galleryRoutes: FastifyPluginAsyncZod<{
  gallery: GalleryService;
  currentUser: CurrentUser;
}> = async (app, { gallery, currentUser }) => {
  app.addHook('onRequest', currentUser.requireAdmin);
  const route = staffRoutes(app, { tags: ['admin'], errors, actor: currentUser.require });

  route.get(
    '/shoes/:id/images',
    {
      summary: "A shoe's photo gallery in order, the cover first, with each photo's id and alt text",
      params: galleryParamsSchema,
      answer: galleryAnswerSchema,
    },
    ({ params }) => gallery.list(params.id),
  );

  app.post(
    '/shoes/:id/images',
    {
      config: { swaggerTransform: documentMultipartForm(uploadForm) },
      schema: {
        tags: ['admin'],
        summary: `Add one photo at the end of the gallery (resized to WebP); at most ${MAX_GALLERY_IMAGES} (409 when full)`,
        description:
          'multipart/form-data: alt (the photo described, 1 to 200 characters) and the file "image"',
        consumes: ['multipart/form-data'],
        params: galleryParamsSchema,
        response: { 201: galleryAnswerSchema, ...errors, 413: errorBodySchema, 415: errorBodySchema },
      },
    },
    async (request, reply) => {
      const form = await readMultipartForm(request, {
        maxFileBytes: SHOE_IMAGE_MAX_BYTES,
        tooLargeMessage: MESSAGES.admin.imageTooLarge(SHOE_IMAGE_MAX_BYTES / (1024 * 1024)),
      });
      const { alt } = parseWith(galleryUploadFieldsSchema, form.fields);
      const actor = await currentUser.require(request);
      return reply.status(201).send(await gallery.add(request.params.id, alt, form.file?.bytes, actor));
    },
  );

  // Before `/:imageId`: a static segment wins, but the order says which route this is.
  route.put(
    '/shoes/:id/images/order',
    {
      summary: "Reorder the gallery: every photo's id once, in the new order; the first becomes the cover",
      params: galleryParamsSchema,
      body: galleryOrderBodySchema,
      answer: galleryAnswerSchema,
    },
    async ({ params, body, actor }) => gallery.reorder(params.id, body, await actor()),
  );

  route.put(
    '/shoes/:id/images/:imageId',
    {
      summary: "Change a photo's alt text",
      params: galleryImageParamsSchema,
      body: galleryAltBodySchema,
      answer: galleryAnswerSchema,
    },
    async ({ params, body, actor }) => gallery.setAlt(params.id, params.imageId, body.alt, await actor()),
  );

  route.put(
    '/shoes/:id/images/:imageId/cover',
    {
      summary: "Make a photo the cover: it moves first and becomes the shoe's image",
      params: galleryImageParamsSchema,
      answer: galleryAnswerSchema,
    },
    async ({ params, actor }) => gallery.makeCover(params.id, params.imageId, await actor()),
  );

  route.delete(
    '/shoes/:id/images/:imageId',
    {
      summary: 'Delete a photo from the gallery (409 for the last one: a shoe keeps at least one)',
      params: galleryImageParamsSchema,
      answer: galleryAnswerSchema,
    },
    async ({ params, actor }) => gallery.remove(params.id, params.imageId, await actor()),
  );
};
