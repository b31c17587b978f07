import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCatalog } from '../support/catalog-fixture.js';
import { paidOrder } from '../support/paid-order.js';
import { createSender } from '../support/sender.js';
import { signUp, TEST_ORIGIN, uniqueEmail } from '../support/session.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { staffSession } from '../support/staff.js';

/**
 * How the server puts its render of a page into the HTML (src/server/web/web-app.ts, page-html.ts),
 * with a stand-in for the built renderer (dist/ssr/entry-server.js): the real one is exercised in
 * the browser tests (tests/e2e/server-rendering.spec.ts).
 */
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-ssr-'));
const distDir = path.join(root, 'web');
const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta name="viewport" content="width=device-width" />
    <meta name="description" content="The shop." />
    <title>Sneaker Street</title>
    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">
  </head>
  <body><div id="root"></div></body>
</html>`;

/** Renders what the API answers it, so the test sees the renderer reach the app without a network. */
const RENDERER = `
let renders = 0;
export async function renderPage(url, fetchApi) {
  renders += 1;
  if (url.startsWith('/shoes/') && url.endsWith('broken')) throw new Error('a component threw');
  if (url.endsWith('?hang')) return new Promise(() => {});
  const brands = await (await fetchApi('/api/brands', { headers: { Accept: 'application/json' } })).json();
  const session = await (await fetchApi('/api/account/session')).json();
  // A shoe's page shows its pairs in stock, as the real one does.
  const shoePath = url.startsWith('/shoes/') && url.length === 43 ? url.slice(7) : undefined;
  const shoe = shoePath && (await (await fetchApi('/api/shoes/' + shoePath)).json());
  const pairs = shoe ? '<p>pairs ' + shoe.stock.map((entry) => entry.quantity).join('+') + '</p>' : '';
  // And its drops, as the real one does.
  const drops = shoe ? '<p>drops ' + (await (await fetchApi('/api/drops?shoe=' + shoePath)).json()).length + '</p>' : '';
  return {
    html: '<main>' + url + ': ' + brands.map((brand) => brand.name).join(', ') + ' $& $1</main><p>render ' + renders + '</p>' + drops + pairs,
    state: { queries: [{ text: '</script><script>alert(1)</script>', session }] },
    // As when an answer failed: the page shows that part loading.
    complete: !url.endsWith('?partial'),
  };
}`;
const ADMIN = { email: 'render.admin@shop.test', password: 'render-admin-password' };
let t: TestApp;
let shoeId: string;
let otherShoeId: string;

beforeAll(async () => {
  fs.mkdirSync(path.join(distDir, 'assets'), { recursive: true });
  fs.mkdirSync(path.join(root, 'ssr'));
  fs.writeFileSync(path.join(distDir, 'index.html'), INDEX);
  fs.writeFileSync(path.join(distDir, 'assets', 'index-abc.css'), 'body{color:red}');
  fs.writeFileSync(path.join(root, 'ssr', 'entry-server.js'), RENDERER);
  t = await createTestApp(
    { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
    { webDistDir: distDir, bootstrapAdmin: true },
  );
  const { shoeIds } = await insertCatalog(
    t.database.db,
    ['Velo', 'Nova Feet'],
    [
      { name: 'Storm Court', brand: 'Velo', color: 'Blue', price: 90, sizes: [['9', 2]] },
      { name: 'Calm Court', brand: 'Velo', color: 'Grey', price: 80, sizes: [['9', 5]] },
    ],
  );
  shoeId = shoeIds.get('Storm Court')!;
  otherShoeId = shoeIds.get('Calm Court')!;
});
afterAll(async () => {
  await t.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const send = createSender(() => t.app, 75);
const rootOf = (html: string) => /<div id="root">([\s\S]*?)<\/div>/.exec(html)?.[1];
const stateOf = (html: string) =>
  /<script type="application\/json" id="shop-state">([\s\S]*?)<\/script>/.exec(html)?.[1];

describe('server rendering', () => {
  it('puts the rendered page in #root, with the data the renderer fetched from the app itself', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/shoes/${shoeId}` });
    expect(response.statusCode).toBe(200);
    // Replacement patterns ($&, $1) in the page's text stay as written.
    expect(rootOf(response.body)).toMatch(
      new RegExp(
        `^<main>/shoes/${shoeId}: Nova Feet, Velo \\$& \\$1</main><p>render \\d+</p><p>drops 0</p><p>pairs 2</p>$`,
      ),
    );
  });

  it('renders without the visitor: a signed-in visitor gets the same page as anyone', async () => {
    const { email, cookie } = await signUp(t.app, uniqueEmail('ssr'));
    const response = await t.app.inject({ method: 'GET', url: '/', headers: { cookie } });
    const state = JSON.parse(stateOf(response.body)!) as { queries: [{ session: unknown }] };
    expect(state.queries[0].session).toMatchObject({ user: null });
    expect(response.body).not.toContain(email);
  });

  it('sends the answers as a JSON data block that cannot end its element early', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    const state = stateOf(response.body);
    expect(state).toContain('\\u003c/script>\\u003cscript>alert(1)\\u003c/script>');
    expect(JSON.parse(state!)).toMatchObject({ queries: [{ text: '</script><script>alert(1)</script>' }] });
    // No script that runs: the Content-Security-Policy allows none inline.
    expect(response.body).not.toMatch(/<script>(?!<\/script>)/);
  });

  it('preloads only what the browser still asks for: who is signed in', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/shoes/${shoeId}` });
    const fetches = [...response.body.matchAll(/<link rel="preload" as="fetch"[^>]*href="([^"]+)"/g)].map(
      (match) => match[1],
    );
    expect(fetches).toEqual(['/api/account/session']);
  });

  it('writes the stylesheet into the page, so the first paint waits for no other request', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.body).toContain('<style>body{color:red}</style>');
    expect(response.body).not.toContain('rel="stylesheet"');
  });

  it('keeps a rendered page until the catalogue changes', async () => {
    const page = async () => rootOf((await t.app.inject({ method: 'GET', url: '/AboutUs' })).body);
    const before = await page();
    expect(before).toContain('Nova Feet, Velo');
    // The same URL again is the same render, not a new one.
    expect(await page()).toBe(before);
    const admin = await staffSession(t.app, ADMIN.email, ADMIN.password);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/brands',
      payload: { name: 'Zephyr' },
      headers: { cookie: admin, origin: TEST_ORIGIN },
    });
    expect(created.statusCode, created.body).toBe(201);
    const after = await page();
    expect(after).toContain('Nova Feet, Velo, Zephyr');
    expect(after).not.toBe(before);
  });

  it("keeps a shoe's page through an order of another shoe, and renders it again after one of its own", async () => {
    const page = async () => rootOf((await t.app.inject({ method: 'GET', url: `/shoes/${shoeId}` })).body)!;
    const order = async (id: string, priceCents: number) =>
      paidOrder(send, (await signUp(t.app)).cookie, { shoeId: id, size: '9', quantity: 1, priceCents });
    const before = await page();
    expect(before).toMatch(/<p>pairs 2<\/p>$/);
    await order(otherShoeId, 8000);
    expect(await page()).toBe(before);
    await order(shoeId, 9000);
    const after = await page();
    expect(after).toMatch(/<p>pairs 1<\/p>$/);
    expect(after).not.toBe(before);
  });

  it("renders a shoe's page again once a drop of it is scheduled", async () => {
    const page = async () =>
      rootOf((await t.app.inject({ method: 'GET', url: `/shoes/${otherShoeId}` })).body)!;
    expect(await page()).toContain('<p>drops 0</p>');
    const admin = await staffSession(t.app, ADMIN.email, ADMIN.password);
    const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
    const scheduled = await t.app.inject({
      method: 'POST',
      url: '/api/admin/drops',
      payload: {
        shoeId: otherShoeId,
        mode: 'draw',
        opensAt: inMinutes(60),
        closesAt: inMinutes(120),
        sizes: [{ size: '9', pairs: 2 }],
      },
      headers: { cookie: admin, origin: TEST_ORIGIN },
    });
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    // Neither the kept page nor the kept drops show the shoe without it.
    expect(await page()).toContain('<p>drops 1</p>');
  });

  it('reads the answers the catalogue keeps from the cache, not through the app', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/brands' })).statusCode).toBe(200);
    const through: string[] = [];
    const inject = t.app.inject.bind(t.app);
    const counted = (options: { method: 'GET'; url: string }) => {
      through.push(options.url);
      return inject(options);
    };
    t.app.inject = counted as unknown as typeof t.app.inject;
    try {
      const page = rootOf((await inject({ method: 'GET', url: '/AboutUs?kept' })).body);
      expect(page).toContain('Nova Feet, Velo');
      // The brands were kept: only who is signed in (never kept) went through the app.
      expect(through).toEqual(['/api/account/session']);
    } finally {
      t.app.inject = inject;
    }
  });

  it('sends but does not keep a page rendered without one of its answers', async () => {
    const page = async () => rootOf((await t.app.inject({ method: 'GET', url: '/AboutUs?partial' })).body);
    const first = await page();
    expect(first).toContain('Nova Feet');
    expect(await page()).not.toBe(first);
  });

  it('gives up on a render that hangs and sends the page unrendered', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/AboutUs?hang' });
    expect(response.statusCode).toBe(200);
    expect(rootOf(response.body)).toBe('');
  });

  it('sends the page unrendered when rendering fails, never an error page', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/shoes/${shoeId}broken` });
    // An unknown shoe: the status is the page's own, the browser renders its message.
    expect(response.statusCode).toBe(404);
    expect(rootOf(response.body)).toBe('');
    expect(stateOf(response.body)).toBeUndefined();
  });
});
