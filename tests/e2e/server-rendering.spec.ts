import type { Page } from '@playwright/test';
import { signInWithSession } from './support/accounts';
import { brandWithShoes, formatPrice, shoesOfBrand, shoeWithSizes } from './support/catalog';
import { expect, test } from './support/fixtures';
import { cardNames, expectHydrated, main, type StoredLine } from './support/shop';

/**
 * The server renders every page with its public data (src/web/entry-server.tsx) and the browser
 * takes that HTML over (main.tsx). A page that differs between the two makes React throw the
 * server's HTML away and log a hydration error: these tests fail on any such error.
 */

/** Console errors and uncaught exceptions of the page from now on. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a shoe page shows the shoe, its price and photo', async ({ page, catalog }) => {
    const shoe = shoeWithSizes(catalog, 1);
    await page.goto(`/shoes/${shoe._id}`);
    await expect(main(page).getByRole('heading', { level: 1 })).toHaveText(shoe.name);
    await expect(main(page).getByText(formatPrice(shoe.price), { exact: true })).toBeVisible();
    await expect(
      main(page).getByRole('img', { name: `${shoe.brand} ${shoe.name} in ${shoe.color}` }),
    ).toBeVisible();
  });

  test('the catalogue and a brand collection list their shoes', async ({ page, catalog }) => {
    await page.goto('/shoes');
    await expect(cardNames(main(page)).first()).toHaveText(catalog.shoes[0]!.name);

    const brand = brandWithShoes(catalog);
    await page.goto(`/collections/${encodeURIComponent(brand)}`);
    await expect(cardNames(main(page))).toHaveText(shoesOfBrand(catalog, brand).map((shoe) => shoe.name));
  });
});

test.describe('hydration', () => {
  test('the public pages are taken over without an error', async ({ page, catalog }) => {
    const errors = collectErrors(page);
    const shoe = shoeWithSizes(catalog, 2);
    for (const path of [
      '/',
      '/shoes',
      `/collections/${encodeURIComponent(brandWithShoes(catalog))}`,
      `/shoes/${shoe._id}`,
      '/sale',
      '/cart',
      '/AboutUs',
      '/ContactUs',
      '/SizeChart',
      '/TermsOfService',
      '/signin',
      '/createaccount',
    ]) {
      await page.goto(path, { waitUntil: 'networkidle' });
      await expectHydrated(page);
      expect(errors, path).toEqual([]);
    }
  });

  test('a signed-in shopper gets the same HTML, then their own header and review form', async ({
    page,
    shopper,
    catalog,
  }) => {
    const errors = collectErrors(page);
    await signInWithSession(page.context(), shopper);
    const shoe = shoeWithSizes(catalog, 2, 1);
    await page.goto(`/shoes/${shoe._id}`, { waitUntil: 'networkidle' });
    await expectHydrated(page);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Account' })).toHaveAttribute(
      'href',
      '/account',
    );
    await expect(main(page).getByRole('heading', { level: 1 })).toHaveText(shoe.name);
    await expect(main(page).getByRole('link', { name: 'Sign in to review' })).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test("the cart shows the shopper's stored lines, never an empty cart first", async ({ page, catalog }) => {
    const shoe = shoeWithSizes(catalog, 1);
    const line: StoredLine = {
      _id: shoe._id,
      name: shoe.name,
      image: shoe.image,
      quantity: 1,
      price: shoe.price,
      size: shoe.stock.find((entry) => entry.quantity > 0)!.size,
    };
    await page.addInitScript(
      (stored) => window.localStorage.setItem('carrito', stored),
      JSON.stringify([line]),
    );
    const errors = collectErrors(page);
    // What the server sends knows nothing of the stored cart: it says neither "empty" nor a line.
    const html = await (await page.request.get('/cart')).text();
    expect(html).not.toContain('Your cart is empty');
    await page.goto('/cart', { waitUntil: 'networkidle' });
    await expect(main(page).getByText(shoe.name, { exact: true }).first()).toBeVisible();
    await expect(main(page).getByText('Your cart is empty')).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('a client-side navigation still loads the next page and its data', async ({ page, catalog }) => {
    const shoe = catalog.shoes[0]!;
    await page.goto('/shoes', { waitUntil: 'networkidle' });
    await expectHydrated(page);
    const answer = page.waitForResponse((response) => response.url().endsWith(`/api/shoes/${shoe._id}`));
    await main(page)
      .getByRole('link', { name: new RegExp(shoe.name) })
      .first()
      .click();
    await answer;
    await expect(main(page).getByRole('heading', { level: 1 })).toHaveText(shoe.name);
  });
});
