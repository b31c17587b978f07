import { z } from 'zod';
import { MAX_ALT_TEXT, MAX_GALLERY_IMAGES } from '../catalogue-csv.js';
import { MESSAGES } from '../messages.js';

/**
 * A shoe's photo gallery (issue 33 item 1): up to MAX_GALLERY_IMAGES photos in order, each with its
 * alt text. The first is the cover, which is also the shoe's spec `image`, so every view showing one
 * picture keeps working. Bodies and answers of `/api/shoes/:id/images...`, used by the server's
 * routes and the admin's Photos section alike.
 */
export { MAX_ALT_TEXT, MAX_GALLERY_IMAGES };

/** What a photo says to someone who cannot see it: required, as every picture on the shop has one. */
export const galleryAltSchema = z
  .string(MESSAGES.gallery.alt(MAX_ALT_TEXT))
  .trim()
  .min(1, MESSAGES.gallery.alt(MAX_ALT_TEXT))
  .max(MAX_ALT_TEXT, MESSAGES.gallery.alt(MAX_ALT_TEXT));

/** One photo as staff see it: its id names it in the other requests. */
export const galleryImageSchema = z.object({ _id: z.string(), url: z.string(), alt: z.string() });
export type GalleryImage = z.infer<typeof galleryImageSchema>;

/** One photo as the shop shows it (the `images` of `GET /api/shoes/:id`), cover first. */
export { shoePhotoSchema, type ShoePhoto } from '../catalog.js';

/** Every answer of the gallery's endpoints: the whole gallery in order, after the change. */
export const galleryAnswerSchema = z.object({
  message: z.string().optional(),
  images: z.array(galleryImageSchema),
});
export type GalleryAnswer = z.infer<typeof galleryAnswerSchema>;

/** The text field beside the upload's file `image` (multipart/form-data). */
export const galleryUploadFieldsSchema = z.object({ alt: galleryAltSchema });

/** `PUT /api/shoes/:id/images/:imageId`. */
export const galleryAltBodySchema = z.object({ alt: galleryAltSchema }).strict();

/** `PUT /api/shoes/:id/images/order`: every id of the gallery once, in the new order. */
export const galleryOrderBodySchema = z
  .object({
    ids: z
      .array(z.string().max(100), MESSAGES.gallery.order)
      .min(1, MESSAGES.gallery.order)
      .max(MAX_GALLERY_IMAGES, MESSAGES.gallery.order)
      .refine((ids) => new Set(ids).size === ids.length, MESSAGES.gallery.order),
  })
  .strict();

export const galleryParamsSchema = z.object({ id: z.string().max(200) });
export const galleryImageParamsSchema = z.object({
  id: z.string().max(200),
  imageId: z.string().max(200),
});
