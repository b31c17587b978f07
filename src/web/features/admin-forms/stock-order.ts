import type { StockEntry } from '../../../domain/catalog';

/** Stock in size order: sizes are strings ("9.5"), so "10" must not come before "9". */
export function sortedStock(stock: readonly StockEntry[]): StockEntry[] {
  return [...stock].sort((a, b) => Number(a.size) - Number(b.size));
}
