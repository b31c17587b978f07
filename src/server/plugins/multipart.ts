import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';

/** Shoe images up to 10 MB, one file per form; routes ask for less where they need less (avatars: 5 MB). */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

export async function registerMultipart(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 20 } });
}
