import { brandWithShoes } from './support/catalog';
import { expect, test } from './support/fixtures';

/**
 * The server's HTML brings each page's public data with it (server rendering), and names what the
 * browser must still ask for, who is signed in, as a `preload` hint. A hint only helps when it is
 * the very request the app then makes: one it does not use costs a second download. So: every GET
 * the page makes on its own must be a hinted one, made once (a used preload is one request; an
 * unused one shows up as a second, unhinted URL or a repeat), and nothing else is fetched.
 */
test.describe('preload hints', () => {
  test('every API answer the server hints at is fetched once and used by the page', async ({
    page,
    catalog,
  }) => {
    // Five pages, each waiting for the app to take over.
    test.slow();
    const shoe = catalog.shoes[0]!;
    const pages = [
      '/',
      '/shoes',
      `/collections/${encodeURIComponent(brandWithShoes(catalog))}`,
      `/shoes/${shoe._id}`,
      '/sale',
    ];

    for (const path of pages) {
      const requests = new Map<string, number>();
      page.on('request', (request) => {
        const { pathname, search } = new URL(request.url());
        // The page-view report is a beacon the page sends, not an answer it reads.
        if (!pathname.startsWith('/api/') || pathname.startsWith('/api/analytics/')) return;
        requests.set(pathname + search, (requests.get(pathname + search) ?? 0) + 1);
      });
      await page.goto(path, { waitUntil: 'networkidle' });
      const hinted = await page
        .locator('link[rel="preload"][as="fetch"]')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
      expect(hinted, `${path} hints at who is signed in`).toEqual(['/api/account/session']);
      expect(Object.fromEntries(requests), `${path}: only the hinted answers, each once`).toEqual(
        Object.fromEntries(hinted.map((url) => [url, 1])),
      );
      page.removeAllListeners('request');
    }
  });

  test("the shoe page's photo is hinted before the app asks for it", async ({ page, catalog }) => {
    const shoe = catalog.shoes[0]!;
    await page.goto(`/shoes/${shoe._id}`);
    // The server's own hint, in the head (React adds hints of its own for the page's images).
    const hint = page.locator('head link[rel="preload"][as="image"]');
    await expect(hint).toHaveAttribute('href', shoe.image);
    // The hint names the same candidates as the photo, so the browser reuses what it preloaded.
    const photo = page.getByRole('img', { name: `${shoe.brand} ${shoe.name} in ${shoe.color}` });
    await expect(hint).toHaveAttribute('imagesrcset', (await photo.getAttribute('srcset')) ?? '');
    await expect(hint).toHaveAttribute('imagesizes', (await photo.getAttribute('sizes')) ?? '');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(shoe.name);
  });

  test("every page names the app's code and its own with the HTML", async ({ page, catalog }) => {
    // The server's HTML (once the app runs, Vite adds hints of its own for what it imports).
    const hintedModules = async (path: string) =>
      [
        ...(await (await page.request.get(path)).text()).matchAll(
          /<link rel="modulepreload"[^>]*href="([^"]+)"/g,
        ),
      ].map((match) => match[1]!);
    // Rendered by the server or drawn by the browser, a page asks for all its code at once (issue 37):
    // the app the entry imports after the paint, and the page's chunk.
    const shoePage = await hintedModules(`/shoes/${catalog.shoes[0]!._id}`);
    expect(shoePage.some((file) => /\/assets\/main-[\w-]+\.js$/.test(file))).toBe(true);
    expect(shoePage.some((file) => /\/assets\/shoe-detail-page-[\w-]+\.js$/.test(file))).toBe(true);
    const cartPage = await hintedModules('/cart');
    expect(cartPage.some((file) => /\/assets\/main-[\w-]+\.js$/.test(file))).toBe(true);
    expect(cartPage.some((file) => /\/assets\/cart-page-[\w-]+\.js$/.test(file))).toBe(true);
    expect(cartPage.some((file) => /\/assets\/shoe-detail-page-[\w-]+\.js$/.test(file))).toBe(false);
  });
});
