import {
  CATALOGUE_CSV_COLUMNS,
  type CatalogueCsvColumn,
  csvMoney,
  escapeCsvCell,
  LIST_SEPARATOR,
} from './catalogue-csv.js';

/**
 * The catalogue as the export writes it (issue 33 item 4): the format of catalogue-csv.ts, the one the
 * import reads, so an export imported again changes nothing. One row per shoe and size.
 */
export interface ExportedShoe {
  name: string;
  brand: string;
  color: string;
  priceCents: number;
  compareAtCents: number | null;
  description: string;
  onSale: boolean;
  /** The gallery in order, the cover first: each stored image's name (a path or URL) and alt text. */
  images: { image: string; alt: string }[];
  /** Its sizes, smallest first. */
  sizes: { size: string; quantity: number; sku: string; gtin: string | null }[];
}

/** A stored image's file name: the last part of its path or URL ("/uploads/ab12.webp" is "ab12.webp"). */
export const imageFileName = (stored: string): string => {
  const path = stored.split(/[?#]/, 1)[0]!;
  const name = path.slice(path.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(name);
  } catch {
    return name; // a lone "%": the name as it is stored
  }
};

/** An alt text in its list: the list's separator inside one would split it in two, so it becomes "/". */
const listItem = (text: string) => text.split(LIST_SEPARATOR).join('/');

/** The shoe's rows, every cell escaped against CSV injection (a description may start with "-"). */
export function catalogueCsvRows(shoe: ExportedShoe): string[][] {
  const images = shoe.images.map((photo) => imageFileName(photo.image)).join(LIST_SEPARATOR);
  const altTexts = shoe.images.map((photo) => listItem(photo.alt)).join(LIST_SEPARATOR);
  return shoe.sizes.map((entry) => {
    const cells: Record<CatalogueCsvColumn, string> = {
      shoe: shoe.name,
      brand: shoe.brand,
      colour: shoe.color,
      price: csvMoney(shoe.priceCents),
      compare_at_price: shoe.compareAtCents === null ? '' : csvMoney(shoe.compareAtCents),
      description: shoe.description,
      on_sale: shoe.onSale ? 'yes' : 'no',
      size: entry.size,
      sku: entry.sku,
      gtin: entry.gtin ?? '',
      stock: String(entry.quantity),
      images,
      alt_texts: altTexts,
    };
    return CATALOGUE_CSV_COLUMNS.map((column) => escapeCsvCell(cells[column]));
  });
}

/** The file the browser saves: "catalogue-2026-11-26.csv" (the day it was exported, UTC). */
export const catalogueCsvFileName = (day: string): string => `catalogue-${day}.csv`;
