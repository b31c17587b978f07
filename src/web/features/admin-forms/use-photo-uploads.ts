import { useState } from 'react';
import { SHOE_IMAGE_MAX_BYTES } from '../../../domain/admin';
import { MAX_GALLERY_IMAGES, type GalleryAnswer } from '../../../domain/contracts/gallery';
import { MESSAGES } from '../../../domain/messages';
import { errorMessage } from '../../api/http';
import { uploadPhoto } from './api/gallery';

/** One file being added to the gallery: its progress (0 to 1), then done or its error in words. */
export interface PhotoUpload {
  key: string;
  name: string;
  progress: number;
  state: 'waiting' | 'sending' | 'done' | 'failed';
  error?: string;
}

let uploads = 0;

/** What is wrong with a file before it is sent, or undefined (the server checks its content too). */
function refusalOf(file: File, room: number): string | undefined {
  if (room <= 0) return MESSAGES.gallery.full(MAX_GALLERY_IMAGES);
  if (!file.type.startsWith('image/') || file.type === 'image/svg+xml') return MESSAGES.gallery.notAnImage;
  if (file.size > SHOE_IMAGE_MAX_BYTES)
    return MESSAGES.admin.imageTooLarge(SHOE_IMAGE_MAX_BYTES / (1024 * 1024));
  return undefined;
}

/**
 * Adds several files to a gallery, one request each, one after the other (in the order chosen,
 * and so a full gallery refuses only the files past the 8th), each with its own progress bar and
 * its own error. A photo's alt text starts as the shoe's name and its place; staff describe it after.
 */
export function usePhotoUploads(options: {
  shoeId: string;
  defaultAlt: (position: number) => string;
  onAdded: (answer: GalleryAnswer) => Promise<void>;
}) {
  const [list, setList] = useState<PhotoUpload[]>([]);
  const update = (key: string, change: Partial<PhotoUpload>) =>
    setList((current) => current.map((upload) => (upload.key === key ? { ...upload, ...change } : upload)));

  async function add(files: readonly File[], photos: number) {
    const added = files.map((file) => ({ file, key: `upload-${++uploads}` }));
    setList((current) => [
      ...current.filter((upload) => upload.state !== 'done'),
      ...added.map(({ file, key }) => ({ key, name: file.name, progress: 0, state: 'waiting' as const })),
    ]);
    let count = photos;
    for (const { file, key } of added) {
      const refusal = refusalOf(file, MAX_GALLERY_IMAGES - count);
      if (refusal) {
        update(key, { state: 'failed', error: refusal });
        continue;
      }
      update(key, { state: 'sending' });
      try {
        const answer = await uploadPhoto(options.shoeId, file, options.defaultAlt(count + 1), (progress) =>
          update(key, { progress }),
        );
        count = answer.images.length;
        update(key, { state: 'done', progress: 1 });
        await options.onAdded(answer);
      } catch (error) {
        update(key, { state: 'failed', error: errorMessage(error) });
      }
    }
  }

  return {
    uploads: list,
    add,
    busy: list.some((upload) => upload.state === 'sending' || upload.state === 'waiting'),
  };
}
