import type { APIRequestContext, Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { formatPrice } from '../../src/domain/cart-lines';
import type { Shoe } from '../../src/domain/catalog';
import { sameOrigin, signInThroughUi, signInWithSession, type Account } from './support/accounts';
import { expect, testOnShopOfItsOwn as test, type OwnShop } from './support/admin';
import { gotoWaitsForTakeover } from './support/fixtures';
import { addToCartFromDetail, expectCartCount } from './support/shop';

/**
 * A cart that follows the shopper (issue 35 item 1): filled on one device signed in, found on another
 * after signing in there (merged with what that device held), the same on both; a line whose price
 * changed since it was added says so. On a shop of its own: the price change is no other file's.
 */

const cartLines = (page: Page): Locator =>
  page.getByRole('region', { name: 'Items in your cart' }).getByRole('listitem');
const cartLine = (page: Page, shoe: Shoe, size: string): Locator =>
  cartLines(page).filter({
    has: page.getByRole('group', { name: `Quantity of ${shoe.name}, size ${size}` }),
  });

/** Three shoes of the shop with a size of at least 3 pairs (the phone's and the laptop's picks). */
async function threeShoes(request: APIRequestContext): Promise<{ shoe: Shoe; size: string }[]> {
  const shoes = (await (await request.get('/api/shoes?limit=100')).json()) as Shoe[];
  const picks = shoes
    .map((shoe) => ({ shoe, size: shoe.stock.find((entry) => entry.quantity >= 3)?.size }))
    .filter((pick): pick is { shoe: Shoe; size: string } => pick.size !== undefined)
    .slice(-3);
  expect(picks).toHaveLength(3);
  return picks;
}

/** The staff lower a shoe's price by $10 (the bulk edit: previewed, then applied on the versions read). */
async function lowerPrice(admin: APIRequestContext, ownShop: OwnShop, shoe: Shoe): Promise<number> {
  const headers = sameOrigin(ownShop.baseURL);
  const body = { selection: { ids: [shoe._id] }, action: { kind: 'price_amount', amountCents: -1000 } };
  const preview = await admin.post('/api/admin/shoes/bulk/preview', { headers, data: body });
  expect(preview.status(), await preview.text()).toBe(200);
  const [previewed] = (await preview.json()).shoes as {
    _id: string;
    version: number;
    after: { price: number };
  }[];
  const applied = await admin.post('/api/admin/shoes/bulk', {
    headers,
    data: { ...body, expected: [{ _id: previewed!._id, version: previewed!.version }] },
  });
  expect(applied.status(), await applied.text()).toBe(200);
  return previewed!.after.price;
}

/** A device: a browser context of its own (its own localStorage, its own cookies). */
const device = (browser: Browser, ownShop: OwnShop, width: number): Promise<BrowserContext> =>
  browser.newContext({ baseURL: ownShop.baseURL, viewport: { width, height: 900 } });

/** A page of a device whose loads wait for the app, as the fixture's pages do. */
async function openPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  gotoWaitsForTakeover(page);
  return page;
}

/** Waits until the account's saved cart holds `count` lines (the device saves a moment after a change). */
async function savedLines(request: APIRequestContext, account: Account, count: number): Promise<void> {
  const headers = { Cookie: account.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ') };
  await expect
    .poll(
      async () => ((await (await request.get('/api/account/cart', { headers })).json()).lines as []).length,
    )
    .toBe(count);
}

test('a cart filled on one device is there on another after signing in, with a changed price said', async ({
  browser,
  ownShop,
  account,
  playwright,
}, testInfo) => {
  // A journey of several pages and roles: 45-56 s on a busy 2-core machine, near the 60 s default.
  test.slow();
  const shop = await playwright.request.newContext({ baseURL: ownShop.baseURL });
  const admin = await playwright.request.newContext({
    baseURL: ownShop.baseURL,
    storageState: { cookies: ownShop.adminCookies, origins: [] },
  });
  const [first, second, third] = await threeShoes(shop);

  // Device A (the phone), signed in: two pairs of one shoe and one of another.
  const phone = await device(browser, ownShop, 390);
  await signInWithSession(phone, account);
  const a = await openPage(phone);
  await addToCartFromDetail(a, first!.shoe, first!.size);
  await addToCartFromDetail(a, first!.shoe, first!.size);
  await addToCartFromDetail(a, second!.shoe, second!.size);
  await savedLines(shop, account, 2);

  // Meanwhile the first shoe's price is lowered.
  const newPrice = await lowerPrice(admin, ownShop, first!.shoe);

  // Device B (the laptop), a visitor with a pair of its own in the cart, signs in: the carts merge.
  const laptop = await device(browser, ownShop, 1280);
  const b = await openPage(laptop);
  await addToCartFromDetail(b, third!.shoe, third!.size);
  await signInThroughUi(b, account);
  await expectCartCount(b, 4);
  await b.goto('/cart');
  await expect(cartLines(b)).toHaveCount(3);
  await expect(cartLine(b, first!.shoe, first!.size).getByRole('group')).toHaveText('2');
  await expect(cartLine(b, third!.shoe, third!.size)).toBeVisible();
  const changed = cartLine(b, first!.shoe, first!.size);
  await expect(changed).toContainText(
    `Price changed: ${formatPrice(first!.shoe.price)} → ${formatPrice(newPrice)}`,
  );
  await expect(changed).toContainText(`${formatPrice(newPrice)} each`);
  await expect(cartLine(b, second!.shoe, second!.size)).not.toContainText('Price changed');
  await b.screenshot({ path: testInfo.outputPath('saved-cart-1280.png'), fullPage: true });

  // Device A reads the merged cart too, the laptop's pair included, the new price said the same way.
  await a.goto('/cart');
  await expect(cartLines(a)).toHaveCount(3);
  await expect(cartLine(a, third!.shoe, third!.size)).toBeVisible();
  await expect(cartLine(a, first!.shoe, first!.size)).toContainText(
    `Price changed: ${formatPrice(first!.shoe.price)} → ${formatPrice(newPrice)}`,
  );
  // The phone's window as the shopper sees it (a full-page capture would paint the sticky header mid-page).
  await a.evaluate(() => window.scrollTo(0, 0));
  await a.screenshot({ path: testInfo.outputPath('saved-cart-390.png') });

  // A change on the laptop reaches the phone: the second shoe removed there is gone here once read again.
  await cartLine(b, second!.shoe, second!.size).getByRole('button', { name: 'Remove' }).click();
  await savedLines(shop, account, 2);
  await a.reload();
  await expect(cartLines(a)).toHaveCount(2);
  await expect(cartLine(a, second!.shoe, second!.size)).toHaveCount(0);

  await Promise.all([phone.close(), laptop.close(), shop.dispose(), admin.dispose()]);
});
