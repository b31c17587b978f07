import fs from 'node:fs/promises';
import path from 'node:path';

/** Where images live; the disk store now, S3-compatible object storage when several instances run. */
export interface ImageStore {
  /** Stores the bytes under `key` (e.g. `shoes/cloud-runner-3f2a.webp`) and returns the public URL. */
  put(key: string, bytes: Buffer, contentType: string): Promise<string>;
}

export const UPLOADS_URL_PREFIX = '/uploads/';

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
