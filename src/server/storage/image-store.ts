import fs from 'node:fs/promises';
import path from 'node:path';

/** Where images live: on disk under DATA_DIR/uploads, or in S3-compatible object storage. */
export interface ImageStore {
  /** Stores the bytes under `key` (e.g. `shoes/cloud-runner-3f2a.webp`) and returns the public URL. */
  put(key: string, bytes: Buffer, contentType: string): Promise<string>;
}

export const UPLOADS_URL_PREFIX = '/uploads/';

/** Path segments of letters, digits, '.', '_' and '-', none starting with a dot: no `..`, no hidden files. */
const IMAGE_KEY = /^(?:[\w-][\w.-]*\/)*[\w-][\w.-]*$/;

/** Whether `key` can name a stored image; anything else (`../x`, `a//b`) is refused before any lookup. */
export const isImageKey = (key: string): boolean => key.length <= 300 && IMAGE_KEY.test(key);

export function createDiskImageStore(uploadsDir: string): ImageStore {
  return {
    async put(key, bytes) {
      const safeKey = path.posix.normalize(key).replace(/^(\.\.(\/|$))+/, '');
      const file = path.join(uploadsDir, safeKey);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, bytes);
      return `${UPLOADS_URL_PREFIX}${safeKey}`;
    },
  };
}
