import { asc, eq, sql, type AnyColumn } from 'drizzle-orm';
import { shoeKeyOf, type CatalogueRow } from '../../../../domain/catalogue-csv.js';
import type { ExistingShoe } from '../../../../domain/catalogue-import.js';
import { recordAudit, type Audited } from '../../../audit/audit-writer.js';
import type { Database } from '../../../db/client.js';
import { brands, shoeImages, shoes, stockEntries } from '../../../db/schema.js';
import { recordEvents } from '../../../events/outbox-repository.js';
import type { JobStore } from '../../../jobs/job-store.js';
import { importSizes } from '../../../stock/stock-writer.js';

/**
 * `column IN (the ids)`, the ids as one JSON parameter: PGlite stalled on the second identical query
 * carrying thousands of parameters (an import matches up to 10,000 rows at once).
 */
const amongIds = (column: AnyColumn, ids: readonly string[]) =>
  sql`${column} IN (SELECT value::uuid FROM jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`;

/** The last path segment of a stored image's URL: the name the CSV lists it by. */
export const fileOfUrl = (url: string): string => url.slice(url.lastIndexOf('/') + 1);

/** A shoe as one batch of an import writes it. */
export interface ShoeWrite {
  /** The shoe's id: an existing one, or a new one chosen by the import. */
  id: string;
  isNew: boolean;
  row: CatalogueRow;
  fieldsChanged: boolean;
  /** The whole gallery, in order, when it changes: stored URLs and alt texts. */
  gallery: { url: string; alt: string }[] | null;
  sizes: { size: string; quantity: number; sku: string; gtin: string | null }[];
}

/**
 * What a catalogue import reads and writes (issue 33 item 3). Catalog-admin owns shoes, brands and
 * galleries; sizes go through the stock's writer.
 */
export function createImportRepository(db: Database, jobs: JobStore) {
  return {
    /**
     * Which sizes these SKUs (any case) and GTINs belong to now. The lists travel as one JSON
     * parameter each: thousands of parameters made PGlite stall on the second identical query.
     */
    async codesInUse(skus: readonly string[], gtins: readonly string[]) {
      const rows =
        skus.length + gtins.length === 0
          ? []
          : await db
              .select({
                shoeId: stockEntries.shoeId,
                size: stockEntries.size,
                sku: stockEntries.sku,
                gtin: stockEntries.gtin,
              })
              .from(stockEntries)
              .where(
                sql`lower(${stockEntries.sku}) IN (SELECT lower(value) FROM jsonb_array_elements_text(${JSON.stringify(skus)}::jsonb))
                  OR ${stockEntries.gtin} IN (SELECT value FROM jsonb_array_elements_text(${JSON.stringify(gtins)}::jsonb))`,
              );
      return {
        bySku: new Map(rows.map((row) => [row.sku.toLowerCase(), row])),
        byGtin: new Map(rows.filter((row) => row.gtin).map((row) => [row.gtin!, row])),
      };
    },

    /** Shoes by brand, name and colour (any case): the key rows without a known SKU are matched by. */
    async shoeIdsByKey(
      keys: readonly { brand: string; shoe: string; colour: string }[],
    ): Promise<Map<string, string>> {
      if (keys.length === 0) return new Map();
      const wanted = JSON.stringify(keys.map((key) => [key.brand, key.shoe, key.colour]));
      const rows = await db
        .select({ id: shoes.id, brand: brands.name, name: shoes.name, color: shoes.color })
        .from(shoes)
        .innerJoin(brands, eq(brands.id, shoes.brandId))
        .where(
          sql`(lower(${brands.name}), lower(${shoes.name}), lower(${shoes.color})) IN (
            SELECT lower(key->>0), lower(key->>1), lower(key->>2) FROM jsonb_array_elements(${wanted}::jsonb) AS key)`,
        );
      return new Map(
        rows.map((row) => [shoeKeyOf({ brand: row.brand, shoe: row.name, colour: row.color }), row.id]),
      );
    },

    /** These shoes as the import compares them: fields, gallery and sizes. */
    async loadShoes(ids: readonly string[]): Promise<Map<string, ExistingShoe & { urls: string[] }>> {
      if (ids.length === 0) return new Map();
      const found = await db
        .select({
          id: shoes.id,
          name: shoes.name,
          brand: brands.name,
          color: shoes.color,
          description: shoes.description,
          priceCents: shoes.priceCents,
          compareAtCents: shoes.compareAtCents,
          onSale: shoes.onSale,
          image: shoes.image,
        })
        .from(shoes)
        .innerJoin(brands, eq(brands.id, shoes.brandId))
        .where(amongIds(shoes.id, ids));
      const gallery = await db
        .select({ shoeId: shoeImages.shoeId, image: shoeImages.image, alt: shoeImages.alt })
        .from(shoeImages)
        .where(amongIds(shoeImages.shoeId, ids))
        .orderBy(asc(shoeImages.shoeId), asc(shoeImages.position));
      const sizes = await db
        .select({
          shoeId: stockEntries.shoeId,
          size: stockEntries.size,
          quantity: stockEntries.quantity,
          sku: stockEntries.sku,
          gtin: stockEntries.gtin,
        })
        .from(stockEntries)
        .where(amongIds(stockEntries.shoeId, ids));
      return new Map(
        found.map(({ image, ...shoe }) => {
          const own = gallery.filter((entry) => entry.shoeId === shoe.id);
          // A shoe written before galleries (or by a writer that knows none) shows its cover alone.
          const images = own.length > 0 ? own : [{ image, alt: shoe.name }];
          return [
            shoe.id,
            {
              ...shoe,
              images: images.map((entry) => ({ file: fileOfUrl(entry.image), alt: entry.alt })),
              urls: images.map((entry) => entry.image),
              sizes: sizes
                .filter((size) => size.shoeId === shoe.id)
                .map(({ size, quantity, sku, gtin }) => ({ size, quantity, sku, gtin })),
            },
          ];
        }),
      );
    },

    /**
     * One batch, all or nothing, with the job's checkpoint: a restart resumes after the last batch
     * committed and never writes one twice. Shoes are taken in id order, their row before their
     * sizes, as the checkout takes them: an import and shoppers buying never deadlock. Field changes
     * drop every cached catalogue answer (prices and names order the lists); stock alone drops the
     * answers of those shoes.
     */
    async applyBatch(
      writes: readonly ShoeWrite[],
      job: { id: string; checkpoint: unknown; done: number },
    ): Promise<void> {
      await db.transaction(async (tx) => {
        const brandIds = new Map<string, string>();
        for (const name of new Set(writes.map((write) => write.row.brand))) {
          await tx.insert(brands).values({ name }).onConflictDoNothing();
          const [brand] = await tx
            .select({ id: brands.id })
            .from(brands)
            .where(sql`lower(${brands.name}) = ${name.toLowerCase()}`);
          brandIds.set(name, brand!.id);
        }
        let catalogChanged = false;
        const stockChanged: string[] = [];
        for (const write of [...writes].sort((a, b) => a.id.localeCompare(b.id))) {
          const { row } = write;
          const fields = {
            name: row.shoe,
            brandId: brandIds.get(row.brand)!,
            color: row.colour,
            description: row.description,
            priceCents: row.price,
            compareAtCents: row.compare_at_price,
            onSale: row.on_sale,
          };
          if (write.isNew) {
            await tx.insert(shoes).values({ id: write.id, ...fields, image: write.gallery![0]!.url });
            catalogChanged = true;
          } else if (write.fieldsChanged || write.gallery) {
            await tx
              .update(shoes)
              .set({
                ...fields,
                ...(write.gallery ? { image: write.gallery[0]!.url } : {}),
                version: sql`${shoes.version} + 1`,
                updatedAt: new Date(),
              })
              .where(eq(shoes.id, write.id));
            catalogChanged = true;
          } else {
            // The shoe's row first, as every writer of its stock takes it.
            await tx.select({ id: shoes.id }).from(shoes).where(eq(shoes.id, write.id)).for('no key update');
          }
          if (write.gallery) {
            await tx.delete(shoeImages).where(eq(shoeImages.shoeId, write.id));
            await tx.insert(shoeImages).values(
              write.gallery.map((image, position) => ({
                shoeId: write.id,
                position,
                image: image.url,
                alt: image.alt,
              })),
            );
          }
          await importSizes(tx, write.id, write.isNew, write.sizes);
          if (write.sizes.length > 0) stockChanged.push(write.id);
        }
        // Each shoe the batch created or changed, for webhooks (docs/decisions/024).
        await recordEvents(
          tx,
          writes
            .filter((write) => write.isNew || write.fieldsChanged || write.gallery || write.sizes.length > 0)
            .map((write) => ({
              type: write.isNew ? ('shoe.created' as const) : ('shoe.updated' as const),
              payload: { shoeId: write.id },
            })),
        );
        if (catalogChanged) await recordEvents(tx, [{ type: 'catalog.changed', payload: {} }]);
        else if (stockChanged.length > 0) {
          await recordEvents(tx, [
            {
              type: 'stock.changed',
              payload: { shoeIds: stockChanged, sizesInStockChanged: true, unitsSoldChanged: false },
            },
          ]);
        }
        await jobs.checkpoint(tx, job.id, job.checkpoint, job.done);
      });
    },

    /** The import's one audit entry: who, the file, and the counts. */
    async recordImport(audited: Audited): Promise<void> {
      await recordAudit(db, audited);
    },
  };
}

export type ImportRepository = ReturnType<typeof createImportRepository>;
