import { and, asc, count, eq, notInArray } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { recordAudit, type AuditRecord, type Actor } from '../../../audit/audit-writer.js';
import { shoeImages, shoes } from '../../../db/schema.js';
import { recordEvents } from '../../../events/outbox-repository.js';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** A photo as stored: `image` is the stored picture's URL, as `shoes.image` holds it. */
export interface GalleryRow {
  id: string;
  image: string;
  alt: string;
}

/** A gallery as it should be after a change, in order: kept photos by id, new ones without. */
export type NextGallery = readonly { id?: string; image: string; alt: string }[];

/**
 * What a change decides from the gallery it found (under the shoe's lock): the gallery after it and
 * its audit entry. It throws to refuse, which undoes nothing since nothing was written yet.
 */
export type GalleryChange = (
  current: readonly GalleryRow[],
  shoe: { name: string },
) => { next: NextGallery; record: AuditRecord };

/**
 * The cover of a shoe being created or given a new `image` by the shoe forms: row 0, written in the
 * caller's transaction beside `shoes.image`, so the two never differ (schema.ts, shoeImages).
 */
export async function writeCover(tx: Tx, shoeId: string, image: string, alt: string): Promise<void> {
  const replaced = await tx
    .update(shoeImages)
    .set({ image })
    .where(and(eq(shoeImages.shoeId, shoeId), eq(shoeImages.position, 0)))
    .returning({ id: shoeImages.id });
  if (replaced.length === 0) await tx.insert(shoeImages).values({ shoeId, position: 0, image, alt });
}

const rowsOf = (tx: Tx | Database, shoeId: string) =>
  tx
    .select({ id: shoeImages.id, image: shoeImages.image, alt: shoeImages.alt })
    .from(shoeImages)
    .where(eq(shoeImages.shoeId, shoeId))
    .orderBy(asc(shoeImages.position), asc(shoeImages.createdAt));

/**
 * A shoe's gallery (issue 33 item 1). Every change runs under the shoe's row lock, so two staff
 * changing the same gallery take turns and positions stay 0..n-1 without gaps; the cover (row 0)
 * and `shoes.image` are written in the same transaction, with the audit entry and the
 * catalog.changed event that drops the cached shoe once it commits (docs/decisions/017).
 */
export function createGalleryRepository(db: Database) {
  /**
   * The shoe's rows, under its lock; a shoe without any (written before galleries, or by a writer
   * that forgot) gets its cover as row 0 first. Undefined when there is no such shoe.
   */
  async function lockedGallery(tx: Tx, shoeId: string) {
    const [shoe] = await tx
      .select({ name: shoes.name, image: shoes.image })
      .from(shoes)
      .where(eq(shoes.id, shoeId))
      .for('update');
    if (!shoe) return undefined;
    let rows = await rowsOf(tx, shoeId);
    if (rows.length === 0) {
      await tx.insert(shoeImages).values({ shoeId, position: 0, image: shoe.image, alt: shoe.name });
      rows = await rowsOf(tx, shoeId);
    }
    return { shoe, rows };
  }

  return {
    /**
     * How many photos the shoe has (a shoe without rows has its cover), read without writing, or
     * undefined when there is no such shoe: a refused upload must leave everything as it was.
     */
    async count(shoeId: string): Promise<number | undefined> {
      const [[shoe], [photos]] = await Promise.all([
        db.select({ id: shoes.id }).from(shoes).where(eq(shoes.id, shoeId)),
        db.select({ n: count() }).from(shoeImages).where(eq(shoeImages.shoeId, shoeId)),
      ]);
      return shoe && Math.max(1, photos?.n ?? 0);
    },

    /** The gallery in order, or undefined when there is no such shoe. */
    async list(shoeId: string): Promise<GalleryRow[] | undefined> {
      return db.transaction(async (tx) => (await lockedGallery(tx, shoeId))?.rows);
    },

    /** Applies `change` to the gallery; the gallery after it, or undefined when there is no such shoe. */
    async change(shoeId: string, change: GalleryChange, actor: Actor): Promise<GalleryRow[] | undefined> {
      return db.transaction(async (tx) => {
        const locked = await lockedGallery(tx, shoeId);
        if (!locked) return undefined;
        const { next, record } = change(locked.rows, locked.shoe);
        const kept = next.flatMap((row) => (row.id ? [row.id] : []));
        await tx
          .delete(shoeImages)
          .where(
            kept.length > 0
              ? and(eq(shoeImages.shoeId, shoeId), notInArray(shoeImages.id, kept))
              : eq(shoeImages.shoeId, shoeId),
          );
        for (const [position, row] of next.entries()) {
          if (row.id) {
            await tx
              .update(shoeImages)
              .set({ position, alt: row.alt })
              .where(and(eq(shoeImages.id, row.id), eq(shoeImages.shoeId, shoeId)));
          } else {
            await tx.insert(shoeImages).values({ shoeId, position, image: row.image, alt: row.alt });
          }
        }
        const cover = next[0]!.image;
        if (cover !== locked.shoe.image) {
          // The spec's `image` is the cover. The shoe's version stays: the Modify form's fields are
          // unchanged, and it sends an image only to replace the cover on purpose.
          await tx.update(shoes).set({ image: cover, updatedAt: new Date() }).where(eq(shoes.id, shoeId));
        }
        await recordAudit(tx, { actor, record });
        await recordEvents(tx, [
          { type: 'catalog.changed', payload: {} },
          { type: 'shoe.updated', payload: { shoeId } },
        ]);
        return rowsOf(tx, shoeId);
      });
    },
  };
}

export type GalleryRepository = ReturnType<typeof createGalleryRepository>;
