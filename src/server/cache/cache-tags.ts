/**
 * What a cached catalogue answer depends on, as tags, so that a change of stock drops only the
 * answers it changes (response-cache.ts). Edits of shoes, brands and reviews still drop everything.
 */

/** A change of stock: an order taking pairs, or a refund putting them back. */
export interface StockChange {
  /** The shoes whose stock changed: their detail, and every list showing them, hold quantities. */
  shoeIds: readonly string[];
  /**
   * A size sold out or came back: which shoes the size filters and the facets' counts find changes.
   * False when every size in stock before still is, and none was added.
   */
  sizesInStockChanged: boolean;
  /** Pairs sold changed: the 'best selling' order may change. */
  unitsSoldChanged: boolean;
}

export const CACHE_TAGS = {
  // Lower case: the database writes ids so, and a URL may spell one in capitals (it still matches).
  shoe: (id: string) => `shoe:${id.toLowerCase()}`,
  /** Depends on which sizes are in stock: a size filter, a count of one, the facets. */
  sizesInStock: 'sizes-in-stock',
  /** Depends on the pairs sold: the 'best selling' order. */
  unitsSold: 'units-sold',
  /** Declares no dependency: dropped by every change of stock too. */
  anyStock: 'any-stock',
} as const;

/** The tags a change of stock drops. */
export function tagsChangedBy(change: StockChange): string[] {
  return [
    CACHE_TAGS.anyStock,
    ...change.shoeIds.map(CACHE_TAGS.shoe),
    ...(change.sizesInStockChanged ? [CACHE_TAGS.sizesInStock] : []),
    ...(change.unitsSoldChanged ? [CACHE_TAGS.unitsSold] : []),
  ];
}

/** Two changes as one (announcements coalesced while one is on its way). */
export function mergeStockChanges(a: StockChange, b: StockChange): StockChange {
  return {
    shoeIds: [...new Set([...a.shoeIds, ...b.shoeIds])],
    sizesInStockChanged: a.sizesInStockChanged || b.sizesInStockChanged,
    unitsSoldChanged: a.unitsSoldChanged || b.unitsSoldChanged,
  };
}

/**
 * A list's tags: the shoes it shows (their quantities are in it), which sizes are in stock when it
 * is filtered by size (a size selling out takes a shoe out), the pairs sold when sorted by them.
 */
export function listTags(
  query: { size?: readonly string[]; sort?: string },
  items: readonly { _id: string }[],
): string[] {
  return [
    ...items.map((item) => CACHE_TAGS.shoe(item._id)),
    ...(query.size?.length ? [CACHE_TAGS.sizesInStock] : []),
    ...(query.sort === 'best_selling' ? [CACHE_TAGS.unitsSold] : []),
  ];
}
