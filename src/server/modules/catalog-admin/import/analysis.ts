import crypto from 'node:crypto';
import { setImmediate as yieldToRequests } from 'node:timers/promises';
import {
  groupRows,
  planShoe,
  type ExistingShoe,
  type ImportError,
  type ImportRow,
  type ShoeGroup,
  type ShoePlan,
} from '../../../../domain/catalogue-import.js';
import { isRasterImage } from '../../../storage/to-webp.js';
import { readRows } from './csv-rows.js';
import type { ImportRepository } from './repository.js';
import type { ZipImages } from './zip-images.js';

/** A shoe of the file, matched to the shop's (or new), with what applying it does. */
export interface MatchedShoe {
  group: ShoeGroup;
  /** The shop's shoe, with its gallery's stored URLs beside their file names. */
  existing: (ExistingShoe & { urls: string[] }) | undefined;
  plan: ShoePlan;
}

const byLine = (a: ImportError, b: ImportError) => a.line - b.line;
/** An image from the ZIP is stored under the hash of its bytes: the same photo imported again is the same file. */
export const importedFile = (hash: string) => `import-${hash}.webp`;

/**
 * What an import would do, read from its files and the shop as it is now (nothing written): the
 * preview shows it, and the apply reads it again, since the shop may have changed in between.
 */
export function createImportAnalysis(repository: ImportRepository) {
  /** Reads every row, groups them into shoes, matches them to the shop and plans each one. */
  async function analyse(
    text: string,
    zip: ZipImages | undefined,
    progress: (done: number) => Promise<void>,
  ): Promise<{ shoes: MatchedShoe[]; errors: ImportError[]; hashes: Map<string, string> }> {
    const rows: ImportRow[] = [];
    const errors: ImportError[] = [];
    for await (const read of readRows(text)) {
      if ('row' in read) rows.push(read);
      else errors.push(...read.errors);
      if ((rows.length + errors.length) % 200 === 0) {
        // Parsing never waits for anything: let the shop answer its requests (and this job's status).
        await yieldToRequests();
        if ((rows.length + errors.length) % 1000 === 0) await progress(rows.length);
      }
    }
    const grouped = groupRows(rows);
    errors.push(...grouped.errors);

    // Photos from the ZIP: each read once, checked to be an image, named by its hash.
    const hashes = new Map<string, string>();
    const notImages = new Set<string>();
    const referenced = new Set(grouped.groups.flatMap((group) => group.rows[0]!.row.images));
    for (const name of referenced) {
      if (!zip?.names.has(name)) continue;
      const bytes = (await zip.read(name))!;
      if (!(await isRasterImage(bytes))) notImages.add(name);
      else hashes.set(name, crypto.createHash('sha256').update(bytes).digest('hex').slice(0, 32));
    }

    const codes = await repository.codesInUse(
      rows.map(({ row }) => row.sku).filter(Boolean),
      rows.map(({ row }) => row.gtin).filter(Boolean),
    );
    const byKey = await repository.shoeIdsByKey(grouped.groups.map((group) => group.rows[0]!.row));
    const targets = new Map<ShoeGroup, string | undefined>();
    const usable: ShoeGroup[] = [];
    for (const group of grouped.groups) {
      const found = matchShoe(group, codes, byKey.get(group.key));
      if ('errors' in found) errors.push(...found.errors);
      else {
        targets.set(group, found.shoeId);
        usable.push(group);
      }
    }
    const existing = await repository.loadShoes([
      ...new Set([...targets.values()].filter((id) => id !== undefined)),
    ]);

    const shoes: MatchedShoe[] = [];
    for (const group of usable) {
      const shoe = existing.get(targets.get(group)!);
      const first = group.rows[0]!;
      const galleryFiles = new Set(shoe?.images.map((image) => image.file));
      const problems: ImportError[] = [];
      for (const name of first.row.images) {
        if (notImages.has(name)) {
          problems.push({
            line: first.line,
            column: 'images',
            message: `${name} in the ZIP is not an image`,
          });
        } else if (!hashes.has(name) && !galleryFiles.has(name)) {
          problems.push({
            line: first.line,
            column: 'images',
            message: `${name} is neither in the ZIP nor one of this shoe's photos`,
          });
        }
      }
      if (!shoe && first.row.images.length === 0) {
        problems.push({ line: first.line, column: 'images', message: 'A new shoe needs at least one image' });
      }
      if (problems.length > 0) {
        errors.push(...problems);
        continue;
      }
      shoes.push({ group, existing: shoe, plan: planShoe(group, shoe, fileOfName(hashes)) });
    }
    return { shoes, errors: errors.sort(byLine), hashes };
  }

  const fileOfName = (hashes: Map<string, string>) => (name: string) => {
    const hash = hashes.get(name);
    return hash ? importedFile(hash) : name;
  };

  /** The shop's shoe for a group of rows: by a SKU it knows, else by brand, name and colour, else none. */
  function matchShoe(
    group: ShoeGroup,
    codes: Awaited<ReturnType<ImportRepository['codesInUse']>>,
    byKey: string | undefined,
  ): { shoeId: string | undefined } | { errors: ImportError[] } {
    const errors: ImportError[] = [];
    const bySku = new Set<string>();
    for (const { line, row } of group.rows) {
      const owner = row.sku ? codes.bySku.get(row.sku.toLowerCase()) : undefined;
      if (owner) {
        bySku.add(owner.shoeId);
        if (owner.size !== row.size) {
          errors.push({
            line,
            column: 'sku',
            message: `SKU ${row.sku} is size ${owner.size} of its shoe, not ${row.size}`,
          });
        }
      }
    }
    if (bySku.size > 1) {
      errors.push({
        line: group.rows[0]!.line,
        column: 'sku',
        message: "This shoe's SKUs belong to different shoes of the shop",
      });
    }
    const shoeId = [...bySku][0] ?? byKey;
    for (const { line, row } of group.rows) {
      const owner = row.gtin ? codes.byGtin.get(row.gtin) : undefined;
      if (owner && (owner.shoeId !== shoeId || owner.size !== row.size)) {
        errors.push({ line, column: 'gtin', message: `GTIN ${row.gtin} belongs to another shoe or size` });
      }
    }
    return errors.length > 0 ? { errors } : { shoeId };
  }

  return { analyse, fileOfName };
}
