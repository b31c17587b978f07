import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCatalog } from '../support/catalog-fixture.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/** What crawlers get without running JavaScript: heads, structured data, robots.txt, sitemaps. */
const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-seo-dist-'));
const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta
      name="description"
      content="The shop."
    />
    <title>Sneaker Street</title>
  </head>
  <body><div id="root"></div></body>
</html>`;
const ORIGIN = 'https://shop.example';
let t: TestApp;
let ids: Map<string, string>;

beforeAll(async () => {
  fs.writeFileSync(path.join(distDir, 'index.html'), INDEX);
  t = await createTestApp({ PUBLIC_URL: ORIGIN }, { webDistDir: distDir });
  ({ shoeIds: ids } = await insertCatalog(
    t.database.db,
    ['Velo', 'Nova Feet'],
    [
      { name: 'Storm Court', brand: 'Velo', color: 'Blue', price: 90, sizes: [['9', 2]] },
      { name: 'Sold Out', brand: 'Nova Feet', color: 'Red', price: 120.5, sizes: [['10', 0]] },
    ],
  ));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

function jsonLdOf(html: string): { offers: Record<string, unknown> } & Record<string, unknown> {
  const match = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html);
  expect(match, 'a JSON-LD script').not.toBeNull();
  return JSON.parse(match![1]!);
}

describe('shoe pages as the server sends them', () => {
  it('carry their own title, description, canonical URL and Product data with price and availability', async () => {
    const id = ids.get('Storm Court')!;
    const response = await get(`/shoes/${id}`);
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain('<title>Velo Storm Court | Sneaker Street</title>');
    expect(html).toMatch(
      /<meta name="description" content="Velo Storm Court in Blue, \$90\. The Storm Court/,
    );
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/shoes/${id}" />`);
    expect(html).toContain(`<meta property="og:image" content="${ORIGIN}/uploads/shoes/storm-court.webp" />`);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(jsonLdOf(html)).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Velo Storm Court',
      sku: id,
      image: `${ORIGIN}/uploads/shoes/storm-court.webp`,
      brand: { '@type': 'Brand', name: 'Velo' },
      offers: {
        '@type': 'Offer',
        price: '90.00',
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
        url: `${ORIGIN}/shoes/${id}`,
      },
    });
  });

  it('say OutOfStock when no size is left', async () => {
    const html = (await get(`/shoes/${ids.get('Sold Out')!}`)).body;
    expect(jsonLdOf(html).offers).toMatchObject({
      price: '120.50',
      availability: 'https://schema.org/OutOfStock',
    });
  });

  it('answer 404 for an unknown or malformed shoe (and 400, never 500, for a broken escape)', async () => {
    expect((await get('/shoes/%E0%A4%A')).statusCode).toBe(400);
    for (const url of ['/shoes/00000000-0000-4000-8000-000000000000', '/shoes/nope']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('ld+json');
    }
  });

  it('escape what the address carries', async () => {
    const html = (await get('/collections/%3C%2Ftitle%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E')).body;
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain(
      '<title>&#60;/title&#62;&#60;script&#62;alert(1)&#60;/script&#62; | Sneaker Street</title>',
    );
  });

  it('give public pages a canonical URL (one spelling for the static pages) and private pages none', async () => {
    expect((await get('/sizeChart')).body).toContain(`<link rel="canonical" href="${ORIGIN}/SizeChart" />`);
    expect((await get('/collections/Nova%20Feet')).body).toContain(
      `<link rel="canonical" href="${ORIGIN}/collections/Nova%20Feet" />`,
    );
    const cart = await get('/cart');
    expect(cart.statusCode).toBe(200);
    expect(cart.body).toBe(INDEX);
  });
});

describe('robots.txt and sitemaps', () => {
  it('lets crawlers in, keeps them out of private pages and the API, and names the sitemap', async () => {
    const response = await get('/robots.txt');
    expect(response.headers['content-type']).toMatch(/text\/plain/);
    expect(response.body).toContain('User-agent: *');
    for (const line of ['Disallow: /api/', 'Disallow: /admin', 'Disallow: /account', 'Disallow: /cart']) {
      expect(response.body).toContain(line);
    }
    expect(response.body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });

  it('index the pages and the shoes, with every shoe and brand listed', async () => {
    const index = await get('/sitemap.xml');
    expect(index.headers['content-type']).toMatch(/application\/xml/);
    expect(index.body).toContain(`<loc>${ORIGIN}/sitemap-pages.xml</loc>`);
    expect(index.body).toContain(`<loc>${ORIGIN}/sitemap-shoes-1.xml</loc>`);

    const pages = (await get('/sitemap-pages.xml')).body;
    expect(pages).toContain(`<loc>${ORIGIN}/</loc>`);
    expect(pages).toContain(`<loc>${ORIGIN}/collections/Nova%20Feet</loc>`);
    expect(pages).not.toContain('/admin');

    const shoes = (await get('/sitemap-shoes-1.xml')).body;
    for (const id of ids.values()) expect(shoes).toContain(`<loc>${ORIGIN}/shoes/${id}</loc>`);
    expect(shoes).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
    expect((await get('/sitemap-shoes-2.xml')).statusCode).toBe(404);
    expect((await get('/sitemap-shoes-0.xml')).statusCode).toBe(400);
  });
});
