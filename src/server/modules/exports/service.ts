import { catalogueCsvRows } from '../../../domain/catalogue-export.js';
import { orderCsvRows, type OrdersExportQuery } from '../../../domain/orders-csv.js';
import type { ExportsRepository, OrderCursor } from './repository.js';

/** Shoes read at once: with 10 to 24 sizes each, a few thousand rows in memory at most. */
export const SHOE_BATCH = 200;
/** Orders read at once. */
export const ORDER_BATCH = 500;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The CSV exports (issue 33 item 4) as rows of cells, each page read from the database only when the
 * one before has been written out: the HTTP stream pulls them, so memory holds a page, never the file.
 */
export function createExportsService(deps: { repository: ExportsRepository }) {
  const { repository } = deps;
  return {
    /** The whole catalogue, one row per shoe and size (catalogue-csv.ts's columns). */
    async *catalogueRows(): AsyncGenerator<string[]> {
      let after: string | null = null;
      for (;;) {
        const page = await repository.shoesAfter(after, SHOE_BATCH);
        for (const shoe of page) yield* catalogueCsvRows(shoe);
        if (page.length < SHOE_BATCH) return;
        after = page.at(-1)!.id;
      }
    },

    /** Orders placed on the range's days (UTC, both included), one row per line, oldest first. */
    async *orderRows(range: OrdersExportQuery): AsyncGenerator<string[]> {
      const from = new Date(`${range.from}T00:00:00Z`);
      const until = new Date(Date.parse(`${range.to}T00:00:00Z`) + DAY_MS);
      let cursor: OrderCursor | null = null;
      for (;;) {
        const page = await repository.ordersAfter({ from, until }, cursor, ORDER_BATCH);
        for (const order of page) yield* orderCsvRows(order);
        if (page.length < ORDER_BATCH) return;
        cursor = page.at(-1)!.cursor;
      }
    },
  };
}

export type ExportsService = ReturnType<typeof createExportsService>;
