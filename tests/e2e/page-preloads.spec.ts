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

  test("a page's code is hinted only where the browser draws the page's content", async ({
    page,
    catalog,
  }) => {
    // The server's HTML (once the app runs, Vite adds hints of its own for what it imports).
    const hintedModules = async (path: string) =>
      [
        ...(await (await page.request.get(path)).text()).matchAll(
          /<link rel="modulepreload"[^>]*href="([^"]+)"/g,
        ),
      ].map((match) => match[1]!);
    // The shoe comes rendered: its page's code is only needed to take it over, after the first paint.
    const shoePage = await hintedModules(`/shoes/${catalog.shoes[0]!._id}`);
    expect(shoePage.some((file) => /\/assets\/shoe-detail-page-[\w-]+\.js$/.test(file))).toBe(false);
    // The cart's lines are the browser's to draw (they live in localStorage): its code comes with the HTML.
    const cartPage = await hintedModules('/cart');
    expect(cartPage.some((file) => /\/assets\/cart-page-[\w-]+\.js$/.test(file))).toBe(true);
  });

  test('every page lists its whole code for the entry to ask for after the paint', async ({
    page,
    catalog,
  }) => {
    const listed = async (path: string) => {
      const html = await (await page.request.get(path)).text();
      const block = /<script type="application\/json" id="page-code">([^<]*)<\/script>/.exec(html)?.[1];
      return block ? (JSON.parse(block) as string[]) : [];
    };
    // The app the entry imports, the page's own chunk, and the parts loaded at once (the toaster).
    const shoePage = await listed(`/shoes/${catalog.shoes[0]!._id}`);
    for (const chunk of ['main', 'shoe-detail-page', 'toaster'])
      expect(
        shoePage.some((file) => new RegExp(`/assets/${chunk}-[\\w-]+\\.js$`).test(file)),
        chunk,
      ).toBe(true);
    // Another page's code is not listed, nor a part loaded on a press: the review form.
    for (const chunk of ['cart-page', 'review-form'])
      expect(
        shoePage.some((file) => new RegExp(`/assets/${chunk}-[\\w-]+\\.js$`).test(file)),
        chunk,
      ).toBe(false);
    const home = await listed('/');
    expect(home.some((file) => /\/assets\/home-page-[\w-]+\.js$/.test(file))).toBe(true);
    // The help chat's window loads when the shopper reaches for it.
    expect(home.some((file) => /\/assets\/chat-window-[\w-]+\.js$/.test(file))).toBe(false);
  });
});
