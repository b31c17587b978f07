import fs from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import { IMAGE_VARIANT_WIDTHS } from '../../../domain/images.js';
import { sendRouteNotFound } from '../../http/errors.js';
import { UPLOADS_URL_PREFIX } from '../../storage/image-store.js';
import type { ImageStorage } from '../../storage/image-storage.js';
import { IMAGE_CACHE_CONTROL } from '../../storage/s3-image-store.js';
import { ONE_YEAR_SECONDS } from '../../web/web-app.js';
import type { UploadService } from './service.js';

/**
 * `GET /uploads/*` from the disk or from the bucket, with the same answers either way: the image
 * cached for a year (keys carry a content hash), or the shop's JSON 404; and `GET
 * /uploads/w{width}/*`, a narrower copy. The app owns the storage, so it is released when the app
 * closes.
 */
export const uploadRoutes: FastifyPluginAsync<{ storage: ImageStorage; uploads: UploadService }> = async (
  app,
  { storage, uploads },
) => {
  if (storage.kind === 's3') app.addHook('onClose', async () => storage.store.close());
  // Pictures are public and shown elsewhere too: a mail's pictures load from the shop in a webmail
  // at another origin, which helmet's default (same-origin) would block (issue 31 item 7).
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cross-origin-resource-policy', 'cross-origin');
  });

  for (const width of IMAGE_VARIANT_WIDTHS) {
    app.get<{ Params: { '*': string } }>(
      `${UPLOADS_URL_PREFIX}w${width}/*`,
      { schema: { hide: true } },
      async (request, reply) => {
        const key = request.params['*'];
        let bytes: Buffer | undefined;
        try {
          bytes = await uploads.variant(width, key);
        } catch (error) {
          // A stored file sharp cannot read has no smaller copy: a 404, as for a missing picture.
          request.log.warn({ err: error, key }, 'image variant could not be made');
        }
        if (!bytes) return sendRouteNotFound(request, reply);
        return reply.type('image/webp').header('cache-control', IMAGE_CACHE_CONTROL).send(bytes);
      },
    );
  }

  if (storage.kind === 'disk') {
    fs.mkdirSync(storage.uploadsDir, { recursive: true });
    await app.register(fastifyStatic, {
      root: storage.uploadsDir,
      prefix: UPLOADS_URL_PREFIX,
      decorateReply: false,
      maxAge: ONE_YEAR_SECONDS * 1000,
      immutable: true,
    });
    return;
  }

  // Served even with S3_PUBLIC_URL, so that URLs saved before it was set keep working.
  app.get<{ Params: { '*': string } }>(
    `${UPLOADS_URL_PREFIX}*`,
    { schema: { hide: true } },
    async (request, reply) => {
      const image = await uploads.original(request.params['*']);
      if (!image) return sendRouteNotFound(request, reply);
      reply.header('content-type', image.contentType).header('cache-control', IMAGE_CACHE_CONTROL);
      if (image.contentLength !== undefined) reply.header('content-length', image.contentLength);
      if (image.etag) reply.header('etag', image.etag);
      return reply.send(image.body);
    },
  );
};
