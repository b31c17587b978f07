import fs from 'node:fs';
import path from 'node:path';
import { isImageKey } from '../storage/image-store.js';

/**
 * The keys of the images under DATA_DIR/uploads (`shoes/abc-1f2e.webp`...), sorted. Only names the
 * store could have written: anything else there (an editor's swap file) is not the shop's.
 */
export async function listUploads(uploadsDir: string): Promise<string[]> {
  if (!fs.existsSync(uploadsDir)) return [];
  const entries = await fs.promises.readdir(uploadsDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) =>
      path.relative(uploadsDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
    )
    .filter(isImageKey)
    .sort();
}
