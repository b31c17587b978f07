import { Readable } from 'node:stream';
import { ONE_YEAR_SECONDS } from '../web/web-app.js';
import { isImageKey, UPLOADS_URL_PREFIX, type ImageStore } from './image-store.js';

export interface S3Settings {
  bucket: string;
  region: string;
  /** A server other than AWS (MinIO, Ceph, R2...); unset, AWS S3 itself. */
  endpoint?: string;
  forcePathStyle: boolean;
  /** Unset, the SDK's default credential chain (AWS_* variables, an instance or task role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Where browsers fetch the objects directly, without a trailing slash; unset, the shop's /uploads/. */
  publicUrl?: string;
}

export interface StoredImage {
  body: Readable;
  contentType: string;
  contentLength?: number;
  etag?: string;
}

export interface S3ImageStore extends ImageStore {
  /** The object under `key`, or undefined when there is none. */
  get(key: string): Promise<StoredImage | undefined>;
  /** Frees the client's connections. */
  close(): void;
}

/** Keys carry a content hash, so an object never changes: caches may keep it for a year. */
export const IMAGE_CACHE_CONTROL = `public, max-age=${ONE_YEAR_SECONDS}, immutable`;

export function createS3ImageStore(settings: S3Settings): S3ImageStore {
  // The AWS SDK loads only when a bucket is configured: a shop on disk starts without it.
  const sdk = import('./s3-client.js').then((loaded) => ({
    ...loaded,
    client: loaded.createS3Client(settings),
  }));
  // A failure to load surfaces on the first put or get, not as an unhandled rejection.
  sdk.catch(() => undefined);
  const bucket = settings.bucket;

  return {
    async put(key, bytes, contentType) {
      if (!isImageKey(key)) throw new Error(`Not an image key: ${key}`);
      const { client, PutObjectCommand } = await sdk;
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: bytes,
          ContentType: contentType,
          CacheControl: IMAGE_CACHE_CONTROL,
        }),
      );
      return settings.publicUrl ? `${settings.publicUrl}/${key}` : `${UPLOADS_URL_PREFIX}${key}`;
    },

    async get(key) {
      const { client, GetObjectCommand, S3ServiceException } = await sdk;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        // In Node the SDK answers with the HTTP response itself, a stream the reply can pipe on.
        if (!(object.Body instanceof Readable)) throw new Error('S3 answered without a body stream');
        return {
          body: object.Body,
          contentType: object.ContentType ?? 'application/octet-stream',
          contentLength: object.ContentLength,
          etag: object.ETag,
        };
      } catch (error) {
        // NoSuchKey on AWS; some S3-compatible servers only send the status.
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return undefined;
        throw error;
      }
    },

    close() {
      void sdk.then(({ client }) => client.destroy()).catch(() => undefined);
    },
  };
}
