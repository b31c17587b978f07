import type { CheckoutLoop } from './checkout-loop.js';
import type { LoadOptions } from './load.js';
import type { AlsoLikeShoes } from './orders.js';

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
export function benchScenarios(
  shoeId: string,
  checkout: CheckoutLoop,
  only?: string,
  alsoLike?: AlsoLikeShoes,
): Scenario[] {
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
    // Word search (issue 35 item 5): a brand, a colour and two words of descriptions, a word that
    // every generated shoe has (all 100,000 ranked), as the header's panel asks (20) and as the
    // /search page asks its page and facets.
    ...(
      [
        ['brand', '/api/shoes?name=kinetic&limit=20'],
        ['colour', '/api/shoes?name=black&limit=20'],
        ['two words', '/api/shoes?name=high%20top&limit=20'],
        ['typo', '/api/shoes?name=blak%20snekaer&limit=20'],
        ['every shoe', '/api/shoes?name=grippy&limit=20'],
        ['/search page', '/api/shoes?offset=0&limit=6&name=black'],
        ['/search facets', '/api/shoes/facets?name=black'],
      ] as const
    ).map(([label, path]) => ({
      route: `GET ${path.split('?')[0]}?name= (${label}) uncached, 1 conn`,
      path,
      load: { uniqueUrls: true },
      connections: 1,
    })),
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
    // "You may also like" (issue 35 item 4): with bench/orders.ts's order lines (--order-lines), the
    // shoe bought with the most others, a shoe bought with none (all fill-up), and one in a size.
    ...(alsoLike
      ? (
          [
            ['bought together', `/api/shoes/${alsoLike.popular}/also-like`],
            ['fill-up', `/api/shoes/${alsoLike.lonely}/also-like`],
            ['fill-up, size', `/api/shoes/${alsoLike.lonely}/also-like?size=9.5`],
            ['any shoe', `/api/shoes/${shoeId}/also-like`],
          ] as const
        ).flatMap(([label, path]) => [
          { route: `GET /api/shoes/{id}/also-like (${label}) cached`, path },
          {
            route: `GET /api/shoes/{id}/also-like (${label}) uncached, 1 conn`,
            path,
            load: { uniqueUrls: true },
            connections: 1,
          },
          {
            route: `GET /api/shoes/{id}/also-like (${label}) uncached`,
            path,
            load: { uniqueUrls: true },
          },
        ])
      : []),
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
