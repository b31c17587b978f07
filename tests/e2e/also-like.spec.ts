import type { Page } from '@playwright/test';
import { paymentMethodBody } from '../fixtures/payment';
import { sameOrigin, signInWithSession } from './support/accounts';
import { inStockSizes } from './support/catalog';
import { expect, test, waitForTakeover } from './support/fixtures';

const alsoLike = (page: Page) => page.getByRole('region', { name: 'You may also like' });

test.describe('You may also like (issue 35 item 4)', () => {
  test('the shoe page shows a shoe bought with it, in the server’s HTML too, and its link opens it', async ({
    page,
    context,
    request,
    baseURL,
    catalog,
    account,
  }, testInfo) => {
    // Two shoes nothing but an order brings together: another brand, another colour, far in price.
    const inStock = catalog.shoes.filter((shoe) => inStockSizes(shoe).length >= 2);
    const a = inStock.at(-1)!;
    const b = inStock.find(
      (shoe) =>
        shoe.brand !== a.brand &&
        shoe.color.toLowerCase() !== a.color.toLowerCase() &&
        (shoe.price > a.price * 1.3 || shoe.price < a.price * 0.7),
    )!;
    expect(b).toBeDefined();

    await signInWithSession(context, account);
    const headers = sameOrigin(baseURL!);
    const method = await page.request.post('/api/payments/methods', { headers, data: paymentMethodBody() });
    expect(method.status(), await method.text()).toBe(200);
    const paid = await page.request.post('/api/cart/checkout', {
      headers,
      data: {
        id: ((await method.json()) as { id: string }).id,
        shoes: [
          { _id: a._id, size: inStockSizes(a)[0], quantity: 1 },
          { _id: b._id, size: inStockSizes(b)[0], quantity: 1 },
        ],
        amount: Math.round(a.price * 100) + Math.round(b.price * 100),
      },
    });
    expect(paid.status(), await paid.text()).toBe(200);

    // The server renders the row into the page (the same HTML for everyone).
    const html = await (await request.get(`/shoes/${a._id}`)).text();
    expect(html).toContain('You may also like');
    expect(html).toContain(b.name);

    await page.goto(`/shoes/${a._id}`);
    await waitForTakeover(page);
    const row = alsoLike(page);
    const links = row.getByRole('listitem').getByRole('link');
    await expect(links.filter({ hasText: b.name })).toHaveCount(1);
    // Never the shoe itself; 8 at most.
    await expect(links.filter({ hasText: new RegExp(`^${a.brand}${a.name}$`) })).toHaveCount(0);
    expect(await links.count()).toBeLessThanOrEqual(8);

    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await row.scrollIntoViewIfNeeded();
      await row.screenshot({ path: testInfo.outputPath(`also-like-${width}.png`) });
    }

    await links.filter({ hasText: b.name }).click();
    await expect(page.getByRole('heading', { level: 1, name: b.name, exact: true })).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === `/shoes/${b._id}`);
    // Bought together both ways: a is in b's row.
    await expect(alsoLike(page).getByRole('link').filter({ hasText: a.name })).toHaveCount(1);
  });
});
