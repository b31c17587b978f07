import type { CheckoutLoop } from './checkout-loop.js';
import type { LoadOptions } from './load.js';

export interface Scenario {
  route: string;
  /** The URL whose answer the baseline copies (its size), and the URL loaded unless `requests` is set. */
  path: string;
  load?: Partial<LoadOptions>;
  connections?: number;
  /** A body for the baseline when `path` cannot simply be fetched (the checkout answer). */
  baselineBody?: string;
}

/** The routes `npm run bench` loads, in order; `only` keeps those whose label contains it. */
export function benchScenarios(shoeId: string, checkout: CheckoutLoop, only?: string): Scenario[] {
  // A typo the shop corrects (word_similarity 0.83 to "Cloud Runner", in the demo and the generated names).
  const typo = '/api/shoes?name=cloud%20runnr';
  // Two common sizes and a colour of both the demo and the generated shoes.
  const facetFilter = 'size=9.5&size=10&color=Navy';
  const filtered = `/api/shoes?${facetFilter}&limit=6`;
  const scenarios: Scenario[] = [
    { route: 'GET /api/shoes (28) cached', path: '/api/shoes?limit=28' },
    { route: 'GET /api/shoes (28) uncached', path: '/api/shoes?limit=28', load: { uniqueUrls: true } },
    { route: 'GET /api/shoes?name= (typo) cached', path: typo },
    { route: 'GET /api/shoes?name= (typo) uncached', path: typo, load: { uniqueUrls: true } },
    {
      route: 'GET /api/shoes?name= (typo) uncached, 1 conn',
      path: typo,
      load: { uniqueUrls: true },
      connections: 1,
    },
    // Faceted browsing (docs/decisions/009): a size + colour filtered list and the facet counts.
    { route: 'GET /api/shoes?size&color (6) uncached', path: filtered, load: { uniqueUrls: true } },
    {
      route: 'GET /api/shoes?size&color (6) uncached, 1 conn',
      path: filtered,
      load: { uniqueUrls: true },
      connections: 1,
    },
    { route: 'GET /api/shoes/facets uncached', path: '/api/shoes/facets', load: { uniqueUrls: true } },
    {
      route: 'GET /api/shoes/facets uncached, 1 conn',
      path: '/api/shoes/facets',
      load: { uniqueUrls: true },
      connections: 1,
    },
    {
      route: 'GET /api/shoes/facets?size&color uncached, 1 conn',
      path: `/api/shoes/facets?${facetFilter}`,
      load: { uniqueUrls: true },
      connections: 1,
    },
    { route: 'GET /api/shoes/{id} cached', path: `/api/shoes/${shoeId}` },
    { route: 'GET /api/shoes/{id} uncached', path: `/api/shoes/${shoeId}`, load: { uniqueUrls: true } },
    { route: 'GET /api/shoes/onSale cached', path: '/api/shoes/onSale' },
    { route: 'GET /api/shoes/onSale uncached', path: '/api/shoes/onSale', load: { uniqueUrls: true } },
    // Pages come rendered by the server (docs/decisions/006), kept with the catalogue's answers.
    { route: 'GET / (HTML) cached', path: '/' },
    { route: 'GET / (HTML) uncached', path: '/', load: { uniqueUrls: true } },
    { route: 'GET /shoes/{id} (HTML) cached', path: `/shoes/${shoeId}` },
    { route: 'GET /shoes/{id} (HTML) uncached', path: `/shoes/${shoeId}`, load: { uniqueUrls: true } },
    {
      route: 'checkout loop (pay method + checkout)',
      path: '/api/cart/checkout',
      load: { requests: checkout.requests, setupClient: checkout.setupClient },
      baselineBody: checkout.sampleAnswer,
    },
  ];
  return scenarios.filter((scenario) => !only || scenario.route.includes(only));
}
