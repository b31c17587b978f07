import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** brotli or gzip for answers of 1 kB and more (the web build's assets also have precompressed copies). */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, { threshold: 1024 });
}
