import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendRouteNotFound } from '../http/errors.js';
import { ONE_YEAR_SECONDS } from '../web/web-app.js';
import { isImageKey, UPLOADS_URL_PREFIX } from './image-store.js';
import type { ImageStorage } from './image-storage.js';
import { registerImageVariants } from './image-variants.js';
import { IMAGE_CACHE_CONTROL } from './s3-image-store.js';

/**
 * `GET /uploads/*` from the disk or from the bucket, with the same answers either way: the image
 * cached for a year (keys carry a content hash), or the shop's JSON 404. The app owns the storage,
 * so it is released when the app closes.
 */
export async function registerUploads(app: FastifyInstance, storage: ImageStorage): Promise<void> {
  if (storage.kind === 'disk') {
    const { uploadsDir } = storage;
    registerImageVariants(app, {
      store: storage.store,
      read: (key) => fs.promises.readFile(path.join(uploadsDir, key)).catch(() => undefined),
    });
    fs.mkdirSync(uploadsDir, { recursive: true });
    await app.register(fastifyStatic, {
      root: storage.uploadsDir,
      prefix: UPLOADS_URL_PREFIX,
      decorateReply: false,
      maxAge: ONE_YEAR_SECONDS * 1000,
      immutable: true,
    });
    return;
  }

  const { store } = storage;
  app.addHook('onClose', async () => store.close());
  registerImageVariants(app, {
    store,
    read: async (key) => {
      const image = await store.get(key);
      return image && Buffer.concat(await image.body.toArray());
    },
  });
  // Served even with S3_PUBLIC_URL, so that URLs saved before it was set keep working.
  app.get<{ Params: { '*': string } }>(
    `${UPLOADS_URL_PREFIX}*`,
    { schema: { hide: true } },
    async (request, reply) => {
      const key = request.params['*'];
      const image = isImageKey(key) ? await store.get(key) : undefined;
      if (!image) return sendRouteNotFound(request, reply);
      reply.header('content-type', image.contentType).header('cache-control', IMAGE_CACHE_CONTROL);
      if (image.contentLength !== undefined) reply.header('content-length', image.contentLength);
      if (image.etag) reply.header('etag', image.etag);
      return reply.send(image.body);
    },
  );
}
