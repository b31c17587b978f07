import { expect, type Locator, type Page } from '@playwright/test';
import { itemCount, parseStoredCart, type CartLine } from '../../../src/domain/cart-lines';

/** Locators and small journeys shared by the specs, named after what a shopper sees. */

export const header = (page: Page): Locator => page.getByRole('banner');
export const footer = (page: Page): Locator => page.getByRole('contentinfo');
export const main = (page: Page): Locator => page.getByRole('main');

export const cartLink = (page: Page): Locator =>
  header(page).getByRole('link', { name: 'Cart', exact: true });
export const brandsButton = (page: Page): Locator =>
  header(page).getByRole('button', { name: 'BRANDS', exact: true });
/** The brand links of the BRANDS menu (only visible while it is open). */
export const brandLinks = (page: Page): Locator =>
  header(page).getByRole('navigation', { name: 'Main' }).getByRole('list').getByRole('link');

/** Shoe cards of a grid (each card is an <article>). */
export const shoeCards = (scope: Locator): Locator => scope.getByRole('article');
/** The names of the cards, in order (each card's heading). */
export const cardNames = (scope: Locator): Locator => shoeCards(scope).getByRole('heading');
/** The price of each card, in order. */
export const cardPrices = (scope: Locator): Locator => shoeCards(scope).getByText(/^\$\d+(\.\d{2})?$/);

export const pagination = (page: Page): Locator => page.getByRole('navigation', { name: 'Pagination' });
export const nextButton = (page: Page): Locator =>
  pagination(page).getByRole('button', { name: 'Next', exact: true });
export const previousButton = (page: Page): Locator =>
  pagination(page).getByRole('button', { name: 'Previous', exact: true });

/** The size dropdown of the detail page or of a card. */
export const sizeSelect = (scope: Page | Locator): Locator => scope.getByRole('combobox', { name: 'Size' });
export const buyButton = (scope: Page | Locator): Locator =>
  scope.getByRole('button', { name: 'BUY ME!', exact: true });

/** A notification toast (sonner) with exactly this text. */
export const toast = (page: Page, text: string): Locator =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });

/**
 * Keeps the text of every toast the page shows from now on, across its client-side navigations, so
 * a notice that came and went (a toast lasts 4 s) can be checked after a slow journey ends. Call it
 * before the page is opened.
 */
export async function recordToasts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shown: string[] = [];
    Object.assign(window, { shownToasts: shown });
    new MutationObserver(() => {
      for (const element of document.querySelectorAll('[data-sonner-toast]')) {
        const text = element.textContent ?? '';
        if (!shown.includes(text)) shown.push(text);
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

/** Passes once a toast with this text has shown on a page watched by `recordToasts`. */
export async function expectToastShown(page: Page, text: string, timeout?: number): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { shownToasts?: string[] }).shownToasts ?? []), {
      message: `a toast "${text}" has shown`,
      timeout,
    })
    .toContainEqual(expect.stringContaining(text));
}

/** Passes when the URL's path (decoded) is `path`. */
export async function expectPath(page: Page, path: string, options?: { timeout?: number }): Promise<void> {
  await expect(page).toHaveURL((url) => decodeURIComponent(url.pathname) === path, options);
}

/** The cart as stored in localStorage under `carrito`: the shop's own cart line. */
export type StoredLine = CartLine;

export async function storedCart(page: Page): Promise<unknown> {
  return page.evaluate(() => {
    const raw = window.localStorage.getItem('carrito');
    return raw === null ? null : (JSON.parse(raw) as unknown);
  });
}

/** The count on the header's cart badge (0 when it shows none). */
/**
 * The pairs in the stored cart as the app reads it (a malformed `carrito` is an empty cart): what
 * the header's count shows once the app runs. Not the header itself, which is the server's page (no
 * cart) until the app has read `carrito`.
 */
async function storedItemCount(page: Page): Promise<number> {
  const raw = await page.evaluate(() => window.localStorage.getItem('carrito'));
  return itemCount(parseStoredCart(raw));
}

/** The header's cart badge: nothing for an empty cart, else "N item(s)" (the word is for screen readers). */
export async function expectCartCount(page: Page, count: number): Promise<void> {
  if (count === 0) {
    await expect(cartLink(page)).toHaveText('');
  } else {
    await expect(cartLink(page)).toHaveText(`${count} ${count === 1 ? 'item' : 'items'}`);
  }
}

/** Opens the shoe's detail page and waits until the shoe is shown. */
export async function openShoe(page: Page, shoeId: string, name: string): Promise<void> {
  await page.goto(`/shoes/${shoeId}`);
  await expect(page.getByRole('heading', { level: 1, name, exact: true })).toBeVisible();
}

/**
 * The buying journey of spec §4: on the detail page pick a size, press BUY ME!,
 * see 'Your shoe add to cart' and the header count go up by one.
 */
export async function addToCartFromDetail(
  page: Page,
  shoe: { _id: string; name: string },
  size: string,
): Promise<void> {
  await openShoe(page, shoe._id, shoe.name);
  const before = await storedItemCount(page);
  await sizeSelect(page).selectOption(size);
  await buyButton(page).click();
  await expect(toast(page, 'Your shoe add to cart')).toBeVisible();
  await expectCartCount(page, before + 1);
}

/** No horizontal scrolling: the page is no wider than the window. */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.scrollingElement?.scrollWidth ?? 0,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `page is ${scrollWidth}px wide in a ${innerWidth}px window`).toBeLessThanOrEqual(
    innerWidth,
  );
}

/** The app has taken the server's page over (src/web/pre-app/app-takeover.tsx marks the document). */
export async function expectHydrated(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-app', 'ready');
}

/**
 * Opens `path` inside the running app, as a click on a link would: no page load, so the page's
 * data comes from the browser's own requests (which `page.route` can hold or change), not with
 * the server's HTML. Starts from a page without catalogue data.
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  if (!page.url().startsWith('http')) await page.goto('/AboutUs');
  await expectHydrated(page);
  await page.evaluate((target) => {
    window.history.pushState({}, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}
