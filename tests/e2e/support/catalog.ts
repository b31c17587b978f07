import type { APIRequestContext } from '@playwright/test';

/** The shapes the API answers (docs/api.md); the tests read catalogue facts from it instead of hard-coding them. */
export interface StockEntry {
  _id: string;
  size: string;
  quantity: number;
}

export interface Shoe {
  _id: string;
  name: string;
  brand: string;
  image: string;
  description: string;
  color: string;
  price: number;
  onSale: boolean;
  stock: StockEntry[];
}

export interface Brand {
  _id: string;
  name: string;
}

export interface Catalog {
  /** Every shoe, in the API's default order (the order of /shoes and the home listing). */
  shoes: Shoe[];
  /** All brands, alphabetically, as the BRANDS menu lists them. */
  brands: Brand[];
  /** Every shoe on sale, cheapest first (the carousel and /sale order). */
  onSale: Shoe[];
}

async function getList<T>(request: APIRequestContext, url: string): Promise<T[]> {
  const response = await request.get(url);
  if (!response.ok()) throw new Error(`GET ${url} answered ${response.status()}`);
  const body = (await response.json()) as T[];
  const total = Number(response.headers()['x-total-count'] ?? body.length);
  if (total !== body.length) throw new Error(`GET ${url} holds ${total} items, more than one page of 100`);
  return body;
}

export async function loadCatalog(request: APIRequestContext): Promise<Catalog> {
  const [shoes, brands, onSale] = await Promise.all([
    getList<Shoe>(request, '/api/shoes?limit=100'),
    getList<Brand>(request, '/api/brands'),
    getList<Shoe>(request, '/api/shoes/onSale?limit=100'),
  ]);
  return { shoes, brands, onSale };
}

/** Prices as a shopper reads them: `$129`, `$89.50`. */
export function formatPrice(amount: number): string {
  return Number.isInteger(amount) ? `$${amount}` : `$${amount.toFixed(2)}`;
}

/** Parses a shown price (`$129`, `$89.50`) back to a number. */
export function parsePrice(text: string): number {
  const match = /^\$(\d+(?:\.\d{2})?)$/.exec(text.trim());
  if (!match?.[1]) throw new Error(`not a price: "${text}"`);
  return Number(match[1]);
}

/** The sizes a shopper can pick: in stock, smallest first. */
export function inStockSizes(shoe: Shoe): string[] {
  return shoe.stock
    .filter((entry) => entry.quantity > 0)
    .map((entry) => entry.size)
    .sort((a, b) => Number(a) - Number(b));
}

/** A shoe with at least `count` sizes in stock, so tests can pick distinct sizes. */
export function shoeWithSizes(catalog: Catalog, count: number, skip = 0): Shoe {
  const shoe = catalog.shoes.filter((candidate) => inStockSizes(candidate).length >= count)[skip];
  if (!shoe) throw new Error(`the catalogue has no shoe with ${count} sizes in stock`);
  return shoe;
}

export function shoesOfBrand(catalog: Catalog, brand: string): Shoe[] {
  return catalog.shoes.filter((shoe) => shoe.brand === brand);
}

/** A brand that has shoes, as the BRANDS menu would offer it. */
export function brandWithShoes(catalog: Catalog, index = 0): string {
  const brand = catalog.brands.filter((candidate) => shoesOfBrand(catalog, candidate.name).length > 0)[index];
  if (!brand) throw new Error('the catalogue has no brand with shoes');
  return brand.name;
}

/** Unique per run and per call, so the rate-limited mail endpoints never see the same address twice. */
export function uniqueEmail(tag: string): string {
  return `e2e-${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** One shoe as the API serves it now (`GET /api/shoes/{id}`): fresh stock, unlike the worker's catalogue. */
export async function fetchShoe(request: APIRequestContext, id: string): Promise<Shoe> {
  const response = await request.get(`/api/shoes/${id}`);
  if (!response.ok()) throw new Error(`GET /api/shoes/${id} answered ${response.status()}`);
  return (await response.json()) as Shoe;
}

/** Units of `size` the API says are in stock now. */
export async function stockOf(request: APIRequestContext, id: string, size: string): Promise<number> {
  const shoe = await fetchShoe(request, id);
  return shoe.stock.find((entry) => entry.size === size)?.quantity ?? 0;
}
