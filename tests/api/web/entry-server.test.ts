import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogUrls } from '../../../src/domain/catalog-urls.js';
import { matchPage } from '../../../src/domain/route-matching.js';
import { injectFetch, type ApiFetch } from '../../../src/server/web/page-renderer.js';
import { pageDataUrls } from '../../../src/server/web/page-preloads.js';
import { renderPage } from '../../../src/web/entry-server.js';
import { insertCatalog } from '../support/catalog-fixture.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * The server's renderer of the web app (src/web/entry-server.tsx) against a real API: it finds a
 * page's data by rendering it, leaves the visitor to the browser and drops what fails.
 */
let t: TestApp;
let shoeId: string;
let asked: string[];
let fetchApi: ApiFetch;

beforeAll(async () => {
  t = await createTestApp();
  const { shoeIds } = await insertCatalog(
    t.database.db,
    ['Velo'],
    [{ name: 'Storm Court', brand: 'Velo', color: 'Blue', price: 90, sizes: [['9', 2]] }],
  );
  shoeId = shoeIds.get('Storm Court')!;
  const viaApp = injectFetch(t.app);
  fetchApi = (url, init) => {
    asked.push(url);
    return viaApp(url, init);
  };
});
afterAll(() => t.close());

const keysOf = (state: { queries: { queryKey: readonly unknown[] }[] }) =>
  state.queries.map((query) =>
    query.queryKey[1] === undefined ? query.queryKey[0] : query.queryKey.slice(0, 2).join(' '),
  );

describe('entry-server renderPage', () => {
  it("renders a shoe's page once, with the shoe, its reviews, its You may also like and its drops fetched first", async () => {
    asked = [];
    const { html, state, passes } = await renderPage(`/shoes/${shoeId}`, fetchApi);
    // The page declares its queries (pageQueries): no render only to find what it asks for.
    expect(passes).toBe(1);
    // The very answers the route table names for the page's preload hints, less the visitor's.
    const page = matchPage(`/shoes/${shoeId}`)!;
    const hinted = pageDataUrls(page.route, new URLSearchParams(), page.param);
    expect([...asked].sort()).toEqual(hinted.filter((url) => url !== catalogUrls.session()).sort());
    expect(asked).toHaveLength(5);
    expect(html).toContain('<h1');
    expect(html).toContain('Storm Court');
    expect(html).toContain('$90');
    expect(keysOf(state)).toEqual(
      expect.arrayContaining(['catalog brands', 'catalog shoe', `reviews ${shoeId}`]),
    );
    // No request about the visitor: the browser asks who is signed in.
    expect(asked.some((url) => url.includes('/account/session'))).toBe(false);
    expect(new Set(asked).size).toBe(asked.length);
  });

  it('renders the catalogue page with its first page of shoes', async () => {
    asked = [];
    const { html, state } = await renderPage('/shoes', fetchApi);
    expect(html).toContain('Storm Court');
    expect(keysOf(state)).toContain('catalog shoes');
  });

  it('still finds queries a page does not declare, by rendering again', async () => {
    asked = [];
    // The catalogue page declares none: its list is found by a first render.
    const { passes } = await renderPage('/shoes', fetchApi);
    expect(passes).toBe(2);
    expect(asked).toContain('/api/brands');
  });

  it('drops a failed answer, so the page shows it loading and the browser asks again', async () => {
    asked = [];
    const failingShoe: ApiFetch = (url, init) =>
      url.startsWith('/api/shoes/')
        ? Promise.resolve(new Response('{}', { status: 503 }))
        : fetchApi(url, init);
    const { html, state } = await renderPage(`/shoes/${shoeId}`, failingShoe);
    expect(html).toContain('LOADING...');
    expect(keysOf(state)).not.toContain('catalog shoe');
  });

  it('renders pages for signed-in visitors as their loading state, with no data of anyone', async () => {
    asked = [];
    const { html, state } = await renderPage('/account', fetchApi);
    expect(html).toContain('LOADING...');
    expect(keysOf(state)).toEqual(['catalog brands']);
  });
});
