import { CHART_SIZES, isChartSize } from './size-chart.js';
import { isSort, type ShoeSort } from './sorts.js';

/**
 * The catalogue's filters (sizes in stock, colours, brands, a price range, on sale) and sort, as the
 * shop's URLs and `GET /api/shoes` and `/api/shoes/facets` spell them:
 * `?size=9.5&size=10&color=Red&minPrice=50&maxPrice=150&onSale=true&sort=price_asc`.
 * Several values of one filter match any of them; different filters must all match.
 */
export interface ShoeFilters {
  /** Sizes of the chart, at least one of which must be in stock. */
  sizes: string[];
  colors: string[];
  brands: string[];
  /** Dollars, inclusive. */
  minPrice?: number;
  maxPrice?: number;
  onSale?: boolean;
  sort?: ShoeSort;
  /**
   * Words every matching shoe has in its brand, colour, name or description (`name` in the API, the
   * spec's search; `q` on the `/search` page), typos forgiven: best matches first.
   */
  search?: string;
}

export const NO_FILTERS: ShoeFilters = { sizes: [], colors: [], brands: [] };

export const FILTER_LIMITS = {
  /** Values of one filter in one request. */
  values: 20,
  /** Characters of a colour or brand name. */
  text: 40,
  /** Dollars: the highest price a shoe may have is far below. */
  price: 100_000,
} as const;

/**
 * Filters that bound a page's whole selection rather than narrow it: a brand's collection is its
 * brand, the sale page is what is on sale. The facets list values found within these only.
 */
export const FILTER_SCOPES = ['brand', 'onSale'] as const;
export type FilterScope = (typeof FILTER_SCOPES)[number];

/** Dollars with at most two decimals: "50", "49.99". */
const PRICE_PATTERN = /^\d{1,6}(\.\d{1,2})?$/;

export function parsePrice(value: string): number | undefined {
  if (!PRICE_PATTERN.test(value)) return undefined;
  const price = Number(value);
  return price <= FILTER_LIMITS.price ? price : undefined;
}

export function isFilterText(value: string): boolean {
  const trimmed = value.trim();
  return trimmed.length > 0 && trimmed.length <= FILTER_LIMITS.text;
}

/** Each value once (colours and brands whatever their case), at most FILTER_LIMITS.values of them. */
function distinct(values: string[], key: (value: string) => string = (value) => value): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const value of values) {
    const k = key(value);
    if (seen.has(k)) continue;
    seen.add(k);
    kept.push(value);
  }
  return kept.slice(0, FILTER_LIMITS.values);
}

const byChart = (a: string, b: string) => CHART_SIZES.indexOf(a) - CHART_SIZES.indexOf(b);
const byName = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' });

/** One spelling of a set of filters: sizes in chart order, names in alphabetical order. */
export function canonicalFilters(filters: ShoeFilters): ShoeFilters {
  return {
    sizes: distinct(filters.sizes.filter(isChartSize)).sort(byChart),
    colors: distinct(
      filters.colors.map((color) => color.trim()),
      (color) => color.toLowerCase(),
    ).sort(byName),
    brands: distinct(
      filters.brands.map((brand) => brand.trim()),
      (brand) => brand.toLowerCase(),
    ).sort(byName),
    ...(filters.minPrice !== undefined && { minPrice: filters.minPrice }),
    ...(filters.maxPrice !== undefined && { maxPrice: filters.maxPrice }),
    ...(filters.onSale !== undefined && { onSale: filters.onSale }),
    ...(filters.sort !== undefined && { sort: filters.sort }),
    ...(searchText(filters.search) && { search: searchText(filters.search) }),
  };
}

/** A search as it is matched and cached: trimmed, lowercased (spec §2), its spaces single. */
function searchText(text: string | undefined): string {
  return (text ?? '').trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * The filters of a page's URL. Forgiving, as a shared or hand-edited link deserves: a value that is
 * not valid (a size off the chart, a price that is not a number, an unknown sort) is left out and
 * the rest still applies; a lowest price above the highest drops the highest.
 */
export function readFilters(params: URLSearchParams): ShoeFilters {
  const price = (name: string) => {
    const value = params.get(name);
    return value === null ? undefined : parsePrice(value);
  };
  const onSale = params.get('onSale');
  const sort = params.get('sort');
  const minPrice = price('minPrice');
  let maxPrice = price('maxPrice');
  if (minPrice !== undefined && maxPrice !== undefined && maxPrice < minPrice) maxPrice = undefined;
  return canonicalFilters({
    sizes: params.getAll('size'),
    colors: params.getAll('color').filter(isFilterText),
    brands: params.getAll('brand').filter(isFilterText),
    minPrice,
    maxPrice,
    onSale: onSale === 'true' ? true : onSale === 'false' ? false : undefined,
    sort: isSort(sort) ? sort : undefined,
  });
}

/** The filters as query parameters, in one order, for the page's URL and the API's. */
export function filterParams(filters: ShoeFilters) {
  const canonical = canonicalFilters(filters);
  return {
    name: canonical.search,
    size: canonical.sizes,
    color: canonical.colors,
    brand: canonical.brands,
    minPrice: canonical.minPrice,
    maxPrice: canonical.maxPrice,
    onSale: canonical.onSale,
    sort: canonical.sort,
  };
}

/** The list with the value added, or taken out when it is there (a checkbox of a facet). */
export function toggled(values: readonly string[], value: string): string[] {
  const lower = value.toLowerCase();
  return values.some((v) => v.toLowerCase() === lower)
    ? values.filter((v) => v.toLowerCase() !== lower)
    : [...values, value];
}

/** Counts of one facet's values: how many shoes each would give with the other filters kept. */
export interface FacetValue {
  value: string;
  count: number;
}

/** `GET /api/shoes/facets`: every facet's values and counts, and the price range. */
export interface ShoeFacets {
  sizes: FacetValue[];
  colors: FacetValue[];
  brands: FacetValue[];
  /** Shoes on sale with the other filters kept. */
  onSale: number;
  /** Lowest and highest price (dollars) with the other filters kept; null when nothing matches. */
  price: { min: number | null; max: number | null };
  /**
   * A search past its cap (decision 033): counted among the 1,000 shoes it considered, so each
   * count is a lower bound and a value counted 0 may still have matches.
   */
  partial?: boolean;
}
