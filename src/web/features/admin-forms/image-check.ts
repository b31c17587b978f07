import { MESSAGES } from '../../../domain/messages';
import { z } from 'zod';
import { SHOE_IMAGE_MAX_BYTES } from '../../../domain/admin';

export const SHOE_IMAGE_MAX_MEGABYTES = SHOE_IMAGE_MAX_BYTES / (1024 * 1024);

/**
 * Raster images a browser can preview and the server can read. SVG is left out: it is
 * markup, not a picture, and the server refuses it. The server checks the content again;
 * this only spares a wasted upload.
 */
export const SHOE_IMAGE_TYPES: readonly string[] = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
];

export const SHOE_IMAGE_HINT = `JPEG, PNG, WebP, GIF or AVIF, at most ${SHOE_IMAGE_MAX_MEGABYTES} MB.`;

/** Why a chosen shoe image cannot be sent, or undefined when it can (or when none is needed). */
export function shoeImageProblem(
  file: Pick<File, 'type' | 'size'> | null | undefined,
  { required }: { required: boolean },
): string | undefined {
  if (!file) return required ? MESSAGES.adminForm.image : undefined;
  if (!SHOE_IMAGE_TYPES.includes(file.type)) return MESSAGES.adminForm.image;
  if (file.size > SHOE_IMAGE_MAX_BYTES) return MESSAGES.admin.imageTooLarge(SHOE_IMAGE_MAX_MEGABYTES);
  return undefined;
}

/**
 * The image as a form field, beside the shared text-field schemas: react-hook-form then
 * shows its message like any other field's (touched fields only, focus on submit).
 */
export function shoeImageField({ required }: { required: boolean }) {
  return z
    .custom<File | undefined>((value) => value === undefined || value instanceof File)
    .superRefine((file, context) => {
      const problem = shoeImageProblem(file, { required });
      if (problem) context.addIssue({ code: 'custom', message: problem });
    });
}
