/** Stock rules without Zod, for the browser's first page; catalog.ts re-exports them. */

/** One size of a shoe and how many pairs of it are left (catalog.ts `stockEntrySchema`). */
export interface StockLevel {
  size: string;
  quantity: number;
}

export function isInStock(shoe: { stock: readonly StockLevel[] }): boolean {
  return shoe.stock.some((entry) => entry.quantity > 0);
}

/** Sizes a shopper can pick: in stock, in size order. */
export function availableSizes<T extends StockLevel>(shoe: { stock: readonly T[] }): T[] {
  return shoe.stock.filter((entry) => entry.quantity > 0).sort((a, b) => Number(a.size) - Number(b.size));
}

/** Every size a shoe is made in, in size order: those sold out too (shown, not selectable). */
export function sizesOf<T extends StockLevel>(shoe: { stock: readonly T[] }): T[] {
  return [...shoe.stock].sort((a, b) => Number(a.size) - Number(b.size));
}
