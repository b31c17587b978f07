import {
  CATALOGUE_CSV_COLUMNS,
  shoeKeyOf,
  type CatalogueCsvColumn,
  type CatalogueRow,
} from './catalogue-csv.js';

/** A problem with one cell (or the row), in words: where to look, and why. */
export interface ImportError {
  line: number;
  column: CatalogueCsvColumn | null;
  message: string;
}

export interface ImportRow {
  line: number;
  row: CatalogueRow;
}

/** One shoe of the file: its rows, the first holding the shoe's own columns. */
export interface ShoeGroup {
  key: string;
  rows: ImportRow[];
}

/** The columns a shoe's rows must agree on (the size's own are size, sku, gtin and stock). */
const SHOE_COLUMNS = ['price', 'compare_at_price', 'description', 'on_sale', 'images', 'alt_texts'] as const;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The file's rows as shoes, and what is wrong across rows: a shoe whose rows disagree on its own
 * columns, a size twice in a shoe, a SKU or a GTIN on two rows. Rows are checked one by one before.
 */
export function groupRows(rows: readonly ImportRow[]): { groups: ShoeGroup[]; errors: ImportError[] } {
  const groups = new Map<string, ShoeGroup>();
  const errors: ImportError[] = [];
  const skuLines = new Map<string, number>();
  const gtinLines = new Map<string, number>();
  for (const entry of rows) {
    const { line, row } = entry;
    const key = shoeKeyOf(row);
    const group = groups.get(key);
    if (group) {
      const first = group.rows[0]!;
      const column = SHOE_COLUMNS.find((name) => !same(row[name], first.row[name]));
      if (column) {
        errors.push({
          line,
          column,
          message: `This shoe's ${column.replaceAll('_', ' ')} differs from line ${first.line}: a shoe's rows repeat the same value`,
        });
        continue;
      }
      const twice = group.rows.find((other) => other.row.size === row.size);
      if (twice) {
        errors.push({
          line,
          column: 'size',
          message: `Size ${row.size} of this shoe is on line ${twice.line} too`,
        });
        continue;
      }
    }
    const sku = row.sku.toLowerCase();
    if (sku && skuLines.has(sku)) {
      errors.push({ line, column: 'sku', message: `SKU ${row.sku} is on line ${skuLines.get(sku)} too` });
      continue;
    }
    if (row.gtin && gtinLines.has(row.gtin)) {
      errors.push({
        line,
        column: 'gtin',
        message: `GTIN ${row.gtin} is on line ${gtinLines.get(row.gtin)} too`,
      });
      continue;
    }
    if (sku) skuLines.set(sku, line);
    if (row.gtin) gtinLines.set(row.gtin, line);
    if (group) group.rows.push(entry);
    else groups.set(key, { key, rows: [entry] });
  }
  return { groups: [...groups.values()], errors };
}

/** A shoe as the shop has it, in the import's terms. */
export interface ExistingShoe {
  id: string;
  name: string;
  brand: string;
  color: string;
  description: string;
  priceCents: number;
  compareAtCents: number | null;
  onSale: boolean;
  /** The gallery's images in order: their file names (basenames) and alt texts. */
  images: { file: string; alt: string }[];
  sizes: { size: string; quantity: number; sku: string; gtin: string | null }[];
}

export type RowAction = 'create' | 'update' | 'unchanged';

/** What applying a shoe's rows does: to the shoe, and to each of its rows' sizes. */
export interface ShoePlan {
  shoe: 'create' | 'update' | 'unchanged';
  /** The shoe's own columns differ (its name's case, brand, colour, price, description, sale). */
  fieldsChanged: boolean;
  galleryChanged: boolean;
  rows: { line: number; action: RowAction }[];
}

/** The gallery a shoe's rows ask for: each image's file name and alt text (the shoe's name by default). */
export function wantedGallery(
  row: CatalogueRow,
  fileOf: (name: string) => string,
): { file: string; alt: string }[] {
  return row.images.map((name, index) => ({ file: fileOf(name), alt: row.alt_texts[index] ?? row.shoe }));
}

/**
 * Compares a shoe's rows with the shoe as it is (undefined: a new shoe). `fileOf` names the stored
 * file an image of the CSV becomes (an image from the ZIP) or is (one already in the gallery), so
 * importing the same file twice, or an export, changes nothing.
 */
export function planShoe(
  group: ShoeGroup,
  existing: ExistingShoe | undefined,
  fileOf: (name: string) => string,
): ShoePlan {
  const first = group.rows[0]!.row;
  if (!existing) {
    return {
      shoe: 'create',
      fieldsChanged: true,
      galleryChanged: true,
      rows: group.rows.map(({ line }) => ({ line, action: 'create' })),
    };
  }
  const fieldsChanged =
    existing.name !== first.shoe ||
    existing.brand !== first.brand ||
    existing.color !== first.colour ||
    existing.description !== first.description ||
    existing.priceCents !== first.price ||
    existing.compareAtCents !== first.compare_at_price ||
    existing.onSale !== first.on_sale;
  // No images listed: the gallery stays as it is (a stock-only file need not list photos).
  const galleryChanged = first.images.length > 0 && !same(wantedGallery(first, fileOf), existing.images);
  const rows = group.rows.map(({ line, row }) => {
    const size = existing.sizes.find((entry) => entry.size === row.size);
    if (!size) return { line, action: 'create' as const };
    const sizeChanged =
      size.quantity !== row.stock ||
      (row.sku !== '' && size.sku !== row.sku) ||
      (row.gtin !== '' && size.gtin !== row.gtin);
    return { line, action: sizeChanged ? ('update' as const) : ('unchanged' as const) };
  });
  // The shoe's own changes count on its first row.
  if ((fieldsChanged || galleryChanged) && rows[0]!.action === 'unchanged')
    rows[0] = { ...rows[0]!, action: 'update' };
  const changed = fieldsChanged || galleryChanged || rows.some((row) => row.action !== 'unchanged');
  return { shoe: changed ? 'update' : 'unchanged', fieldsChanged, galleryChanged, rows };
}

/** Counts of rows by what applying does to them. */
export interface ImportCounts {
  create: number;
  update: number;
  unchanged: number;
}

export function countRows(plans: readonly ShoePlan[]): ImportCounts {
  const counts: ImportCounts = { create: 0, update: 0, unchanged: 0 };
  for (const plan of plans) for (const row of plan.rows) counts[row.action] += 1;
  return counts;
}

/** The header a file must start with: every column, in any order, and no other. */
export function checkHeader(header: readonly string[]): string | undefined {
  const names = header.map((name) => name.trim().toLowerCase());
  const missing = CATALOGUE_CSV_COLUMNS.filter((column) => !names.includes(column));
  const unknown = names.filter((name) => !(CATALOGUE_CSV_COLUMNS as readonly string[]).includes(name));
  if (missing.length > 0) return `The first line must name every column; missing: ${missing.join(', ')}`;
  if (unknown.length > 0) return `Unknown columns: ${unknown.join(', ')} (the template lists the columns)`;
  if (new Set(names).size !== names.length) return 'A column is named twice on the first line';
  return undefined;
}
