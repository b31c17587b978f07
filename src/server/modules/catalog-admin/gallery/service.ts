import type { z } from 'zod';
import { isUuid } from '../../../../domain/catalog.js';
import {
  MAX_GALLERY_IMAGES,
  type GalleryAnswer,
  type GalleryImage,
  type galleryOrderBodySchema,
} from '../../../../domain/contracts/gallery.js';
import { MESSAGES } from '../../../../domain/messages.js';
import type { Actor, AuditRecord } from '../../../audit/audit-writer.js';
import { conflict, HttpError, notFound } from '../../../http/errors.js';
import type { ImageStore } from '../../../storage/image-store.js';
import { storeShoeImage } from '../store-shoe-image.js';
import type { GalleryRepository, GalleryRow, NextGallery } from './repository.js';

type Order = z.output<typeof galleryOrderBodySchema>;

const toImage = (row: GalleryRow): GalleryImage => ({ _id: row.id, url: row.image, alt: row.alt });
const answer = (rows: readonly GalleryRow[], message?: string): GalleryAnswer => ({
  ...(message === undefined ? {} : { message }),
  images: rows.map(toImage),
});
/** What the audit log shows of a gallery: its photos' descriptions in order. */
const described = (rows: readonly { alt: string }[]) => rows.map((row) => row.alt);

const orderRefused = () =>
  new HttpError(400, 'validation', MESSAGES.gallery.order, { ids: MESSAGES.gallery.order });

/**
 * A shoe's photo gallery (issue 33 item 1): up to MAX_GALLERY_IMAGES photos in order, the first the
 * cover (the spec's `image`). Each change is decided here from the gallery as it is under the shoe's
 * lock (repository.ts) and recorded as one `shoe.photos` audit entry.
 */
export function createGalleryService(deps: { repository: GalleryRepository; images: ImageStore }) {
  const { repository, images } = deps;

  async function change(
    shoeId: string,
    actor: Actor,
    decide: (current: readonly GalleryRow[]) => {
      next: NextGallery;
      record: Omit<AuditRecord, 'action' | 'target'>;
    },
    message: string,
  ): Promise<GalleryAnswer> {
    const rows = isUuid(shoeId)
      ? await repository.change(
          shoeId,
          (current, shoe) => {
            const { next, record } = decide(current);
            return {
              next,
              record: {
                action: 'shoe.photos',
                target: { type: 'shoe', id: shoeId, label: shoe.name },
                ...record,
              },
            };
          },
          actor,
        )
      : undefined;
    if (!rows) throw notFound(MESSAGES.catalog.shoeNotFound);
    return answer(rows, message);
  }

  /** The photo `imageId` of the gallery, or a 404 that says it is gone. */
  function photoOf(current: readonly GalleryRow[], imageId: string): GalleryRow {
    const photo = current.find((row) => row.id === imageId);
    if (!photo) throw notFound(MESSAGES.gallery.photoNotFound);
    return photo;
  }

  const fullRefusal = () => conflict(MESSAGES.gallery.full(MAX_GALLERY_IMAGES));

  return {
    async list(shoeId: string): Promise<GalleryAnswer> {
      const rows = isUuid(shoeId) ? await repository.list(shoeId) : undefined;
      if (!rows) throw notFound(MESSAGES.catalog.shoeNotFound);
      return answer(rows);
    },

    /** One photo added at the end. A full gallery is refused before the image is even converted. */
    async add(shoeId: string, alt: string, bytes: Buffer | undefined, actor: Actor): Promise<GalleryAnswer> {
      const photos = isUuid(shoeId) ? await repository.count(shoeId) : undefined;
      if (photos === undefined) throw notFound(MESSAGES.catalog.shoeNotFound);
      if (photos >= MAX_GALLERY_IMAGES) throw fullRefusal();
      if (!bytes) {
        throw new HttpError(400, 'validation', MESSAGES.adminForm.image, { image: MESSAGES.adminForm.image });
      }
      const image = await storeShoeImage(images, shoeId, bytes, {
        field: 'image',
        message: MESSAGES.gallery.notAnImage,
      });
      return change(
        shoeId,
        actor,
        (current) => {
          // Checked again under the lock: another upload may have filled it meanwhile.
          if (current.length >= MAX_GALLERY_IMAGES) throw fullRefusal();
          return {
            next: [...current, { image, alt }],
            record: { after: { added: alt, photos: current.length + 1 } },
          };
        },
        MESSAGES.gallery.added,
      );
    },

    async setAlt(shoeId: string, imageId: string, alt: string, actor: Actor): Promise<GalleryAnswer> {
      return change(
        shoeId,
        actor,
        (current) => {
          const photo = photoOf(current, imageId);
          return {
            next: current.map((row) => (row.id === imageId ? { ...row, alt } : row)),
            record: { before: { description: photo.alt }, after: { description: alt } },
          };
        },
        MESSAGES.gallery.altSaved,
      );
    },

    /** `ids` must be the gallery's ids, each once, in the new order: anything else is a 400. */
    async reorder(shoeId: string, { ids }: Order, actor: Actor): Promise<GalleryAnswer> {
      return change(
        shoeId,
        actor,
        (current) => {
          const byId = new Map(current.map((row) => [row.id, row]));
          if (ids.length !== current.length || !ids.every((id) => byId.has(id))) throw orderRefused();
          const next = ids.map((id) => byId.get(id)!);
          return {
            next,
            record: { before: { order: described(current) }, after: { order: described(next) } },
          };
        },
        MESSAGES.gallery.reordered,
      );
    },

    /** Moves the photo first: it becomes the cover, and the shoe's `image`. */
    async makeCover(shoeId: string, imageId: string, actor: Actor): Promise<GalleryAnswer> {
      return change(
        shoeId,
        actor,
        (current) => {
          const photo = photoOf(current, imageId);
          return {
            next: [photo, ...current.filter((row) => row.id !== imageId)],
            record: { before: { cover: current[0]!.alt }, after: { cover: photo.alt } },
          };
        },
        MESSAGES.gallery.coverChosen,
      );
    },

    /** The last photo stays (409): the shoe's `image` must name one. The file stays for past orders. */
    async remove(shoeId: string, imageId: string, actor: Actor): Promise<GalleryAnswer> {
      return change(
        shoeId,
        actor,
        (current) => {
          const photo = photoOf(current, imageId);
          if (current.length <= 1) throw conflict(MESSAGES.gallery.lastPhoto);
          return {
            next: current.filter((row) => row.id !== imageId),
            record: {
              before: { photos: current.length },
              after: { deleted: photo.alt, photos: current.length - 1 },
            },
          };
        },
        MESSAGES.gallery.deleted,
      );
    },
  };
}

export type GalleryService = ReturnType<typeof createGalleryService>;
