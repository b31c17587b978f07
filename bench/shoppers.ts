import { sql } from 'drizzle-orm';
import { apiUrl } from '../src/domain/api-url.js';
import { catalogUrls } from '../src/domain/catalog-urls.js';
import { PAGE_SIZE, SEARCH_LIMIT } from '../src/domain/constants.js';
import { NO_FILTERS, type ShoeFilters } from '../src/domain/shoe-filters.js';
import type { Database } from '../src/server/db/client.js';
import { ORIGIN, type CheckoutLoop } from './checkout-loop.js';

/** One shopper in this many pays at the end of a visit: the rest browse, open shoes and search. */
export const CHECKOUT_ONE_IN = 10;
/** Pages a shopper goes through at most, from the first: few go further. */
const DEEPEST_PAGE = 5;

export type Step = 'browse' | 'facets' | 'shoe page' | 'search' | 'payment method' | 'checkout';
export const STEPS: readonly Step[] = [
  'browse',
  'facets',
  'shoe page',
  'search',
  'payment method',
  'checkout',
];

export interface StepFigures {
  count: number;
  errors: number;
  /** Statuses other than the step's expected 2xx, by code. */
  statuses: Record<string, number>;
  p50: number;
  p95: number;
  p99: number;
}

/** What the shoppers draw from: every shoe's id (opened uniformly), brands, sizes, colours, names. */
export interface ShopperCatalogue {
  shoeIds: string[];
  brands: string[];
  sizes: string[];
  colors: string[];
  names: string[];
}

export async function shopperCatalogue(db: Database): Promise<ShopperCatalogue> {
  const column = async (query: ReturnType<typeof sql>) =>
    ((await db.execute(query)).rows as { v: string }[]).map((row) => row.v);
  return {
    shoeIds: await column(sql`SELECT id::text AS v FROM shoes`),
    brands: await column(sql`SELECT name AS v FROM brands`),
    sizes: await column(sql`SELECT DISTINCT size AS v FROM stock_entries`),
    colors: await column(sql`SELECT DISTINCT color AS v FROM shoes`),
    names: await column(sql`SELECT name AS v FROM shoes ORDER BY random() LIMIT 1000`),
  };
}

/** A small seeded generator (mulberry32): the same run draws the same visits. */
function randomSource(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    chance: (p: number) => next() < p,
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
    below: (n: number) => Math.floor(next() * n),
  };
}

/** A name as typed in a hurry: one letter of its longest word dropped ("Cloud Runnr"). */
function withTypo(name: string, below: (n: number) => number): string {
  const words = name.split(' ');
  const longest = words.reduce((best, word, i) => (word.length > words[best]!.length ? i : best), 0);
  const word = words[longest]!;
  if (word.length < 5) return name.toLowerCase();
  const at = 1 + below(word.length - 2);
  words[longest] = word.slice(0, at) + word.slice(at + 1);
  return words.join(' ').toLowerCase();
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! * 10) / 10;
}

/**
 * `npm run bench -- --scenario shoppers`: `shoppers` virtual shoppers, each visiting again and
 * again for `seconds`: a collection (all shoes or a brand's) with random size and colour filters and
 * a random one of its first pages, its facet counts, a shoe's page (its HTML, as a browser or a
 * crawler first asks) chosen uniformly over the whole catalogue so that it mostly misses the cache,
 * a search with a typo, and for one visit in CHECKOUT_ONE_IN a card payment (a payment method, then
 * the order) for a shoe restocked beforehand (adding to the cart is the browser's alone). Each step
 * is timed from request to last byte. Errors are answers other than 2xx and failed requests.
 */
export async function runShoppers(options: {
  address: string;
  shoppers: number;
  seconds: number;
  catalogue: ShopperCatalogue;
  checkout: CheckoutLoop;
}): Promise<{ steps: Record<Step, StepFigures>; visits: number; requests: number; seconds: number }> {
  const { address, catalogue, checkout } = options;
  const latencies = Object.fromEntries(STEPS.map((step) => [step, [] as number[]])) as Record<Step, number[]>;
  const statuses = Object.fromEntries(STEPS.map((step) => [step, {} as Record<string, number>])) as Record<
    Step,
    Record<string, number>
  >;
  const errors = Object.fromEntries(STEPS.map((step) => [step, 0])) as Record<Step, number>;
  let visits = 0;
  let requestCount = 0;
  let addresses = 0;
  const started = performance.now();
  const until = started + options.seconds * 1000;

  async function timed(step: Step, path: string, init?: RequestInit): Promise<unknown> {
    const at = performance.now();
    requestCount += 1;
    try {
      const response = await fetch(`${address}${path}`, init);
      const text = await response.text();
      latencies[step].push(performance.now() - at);
      if (!response.ok) {
        errors[step] += 1;
        statuses[step][response.status] = (statuses[step][response.status] ?? 0) + 1;
        return undefined;
      }
      return response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
    } catch {
      latencies[step].push(performance.now() - at);
      errors[step] += 1;
      return undefined;
    }
  }

  async function shopper(index: number) {
    const random = randomSource(index + 1);
    const cookie = checkout.cookies[index % checkout.cookies.length]!;
    while (performance.now() < until) {
      const brand = random.chance(0.5) ? random.pick(catalogue.brands) : undefined;
      const filters: ShoeFilters = {
        ...NO_FILTERS,
        brands: brand ? [brand] : [],
        sizes: random.chance(0.5) ? [random.pick(catalogue.sizes)] : [],
        colors: random.chance(0.3) ? [random.pick(catalogue.colors)] : [],
      };
      // A brand's collection pages by 28, all shoes (`/shoes`) by 6, as the pages do.
      const limit = brand ? PAGE_SIZE.brandCatalogue : PAGE_SIZE.collection;
      await timed(
        'browse',
        catalogUrls.shoes({ offset: random.below(DEEPEST_PAGE) * limit, limit, filters }),
      );
      await timed('facets', catalogUrls.facets(filters, brand ? ['brand'] : []));
      await timed('shoe page', `/shoes/${random.pick(catalogue.shoeIds)}`);
      // As the header's search asks (web/api/use-shoe-search.ts).
      const typed = withTypo(random.pick(catalogue.names), random.below);
      await timed('search', apiUrl('/shoes', { name: typed, limit: SEARCH_LIMIT }));
      if (random.chance(1 / CHECKOUT_ONE_IN)) {
        // Each payment "from" an address of its own: the bench's shop trusts X-Forwarded-For, so the
        // per-address limits on payments (30 a minute) count shoppers, not this one machine.
        addresses += 1;
        const headers = {
          origin: ORIGIN,
          cookie,
          'content-type': 'application/json',
          'x-forwarded-for': `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`,
        };
        const method = (await timed('payment method', '/api/payments/methods', {
          method: 'POST',
          headers,
          body: JSON.stringify(checkout.card),
        })) as { id?: string } | undefined;
        const item = random.pick(checkout.items);
        await timed('checkout', '/api/cart/checkout', {
          method: 'POST',
          headers,
          body: JSON.stringify({
            id: method?.id ?? 'pm_missing',
            shoes: [{ _id: item._id, size: item.size, quantity: 1 }],
            amount: Math.round(item.price * 100),
          }),
        });
      }
      visits += 1;
    }
  }

  await Promise.all(Array.from({ length: options.shoppers }, (_, i) => shopper(i)));
  const seconds = (performance.now() - started) / 1000;
  const steps = Object.fromEntries(
    STEPS.map((step) => {
      const sorted = latencies[step].sort((a, b) => a - b);
      return [
        step,
        {
          count: sorted.length,
          errors: errors[step],
          statuses: statuses[step],
          p50: percentile(sorted, 50),
          p95: percentile(sorted, 95),
          p99: percentile(sorted, 99),
        },
      ];
    }),
  ) as Record<Step, StepFigures>;
  return { steps, visits, requests: requestCount, seconds };
}
