import type { Config, Env } from '../config.js';
import { createDiskImageStore, type ImageStore } from './image-store.js';
import { createS3ImageStore, type S3ImageStore, type S3Settings } from './s3-image-store.js';

/** The configured image store, and what serving `/uploads/` needs to know about it. */
export type ImageStorage =
  { kind: 'disk'; store: ImageStore; uploadsDir: string } | { kind: 's3'; store: S3ImageStore };

/** S3 when S3_BUCKET is set (config.ts checks the other S3_* settings), disk otherwise. */
export function s3SettingsOf(env: Env): S3Settings | undefined {
  if (!env.S3_BUCKET) return undefined;
  return {
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    // AWS prefers the bucket in the host name; self-hosted servers rarely have a DNS name per bucket.
    forcePathStyle: env.S3_FORCE_PATH_STYLE ? env.S3_FORCE_PATH_STYLE === 'true' : Boolean(env.S3_ENDPOINT),
    credentials:
      env.S3_ACCESS_KEY && env.S3_SECRET_KEY
        ? { accessKeyId: env.S3_ACCESS_KEY, secretAccessKey: env.S3_SECRET_KEY }
        : undefined,
    publicUrl: env.S3_PUBLIC_URL?.replace(/\/+$/, ''),
  };
}

/** Used by the app and by the demo seed alike, so seeded images land where uploads do. */
export function createImageStorage(config: Config): ImageStorage {
  const s3 = s3SettingsOf(config);
  if (s3) return { kind: 's3', store: createS3ImageStore(s3) };
  return { kind: 'disk', store: createDiskImageStore(config.uploadsDir), uploadsDir: config.uploadsDir };
}

/** Origins besides the shop's own that serve images, for the Content-Security-Policy's img-src. */
export function imageOriginsOf(env: Env): string[] {
  return env.S3_BUCKET && env.S3_PUBLIC_URL ? [new URL(env.S3_PUBLIC_URL).origin] : [];
}
