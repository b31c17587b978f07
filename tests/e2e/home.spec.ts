import type { Locator, Page } from '@playwright/test';
import { leadingSlide } from './support/carousel';
import { formatPrice } from './support/catalog';
import { expect, test } from './support/fixtures';
import {
  cardNames,
  expectNoHorizontalScroll,
  expectPath,
  footer,
  navigateInApp,
  nextButton,
  pagination,
  previousButton,
  shoeCards,
} from './support/shop';

/** The carousel loads at most this many deals, cheapest first. */
const CAROUSEL_MAX = 12;
const PAGE_SIZE = 6;

const deals = (page: Page): Locator => page.getByRole('region', { name: 'Hot deals' });
const slides = (page: Page): Locator => deals(page).getByRole('group', { name: /^\d+ of \d+$/ });
const collection = (page: Page): Locator => page.getByRole('region', { name: 'The collection' });

test.describe('home', () => {
  test('the on-sale carousel shows the deals cheapest first, each linking to its shoe', async ({
    page,
    catalog,
  }) => {
    const expected = catalog.onSale.slice(0, CAROUSEL_MAX);
    expect(expected.length, 'the demo catalogue has shoes on sale').toBeGreaterThan(3);
    await page.goto('/');

    await expect(slides(page)).toHaveCount(expected.length);
    for (const [index, shoe] of expected.entries()) {
      const slide = slides(page).nth(index);
      await expect(slide).toHaveAccessibleName(`${index + 1} of ${expected.length}`);
      await expect(slide.getByText(shoe.name, { exact: true })).toBeAttached();
      await expect(slide.getByText(shoe.brand, { exact: true })).toBeAttached();
      await expect(slide.getByText(`SALE ${formatPrice(shoe.price)}`, { exact: true })).toBeAttached();
      await expect(slide.getByRole('link')).toHaveAttribute('href', `/shoes/${shoe._id}`);
    }
    const prices = expected.map((shoe) => shoe.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));

    const first = expected[0]!;
    await slides(page).first().getByRole('link').click();
    await expectPath(page, `/shoes/${first._id}`);
    await expect(page.getByRole('heading', { level: 1, name: first.name, exact: true })).toBeVisible();
  });

  test('the carousel arrows move it and wrap around', async ({ page, catalog }) => {
    const count = Math.min(CAROUSEL_MAX, catalog.onSale.length);
    await page.goto('/');
    await expect(slides(page)).toHaveCount(count);
    // Embla has taken over the track once it has positioned it.
    await expect(slides(page).first().locator('..')).toHaveAttribute('style', /translate3d/);

    const left = page.getByRole('button', { name: 'Scroll deals left' });
    const right = page.getByRole('button', { name: 'Scroll deals right' });
    await expect.poll(() => leadingSlide(page)).toBe(`1 of ${count}`);

    await right.click();
    await expect.poll(() => leadingSlide(page)).toBe(`2 of ${count}`);
    await left.click();
    await expect.poll(() => leadingSlide(page)).toBe(`1 of ${count}`);
    // From the first deal, left wraps to the last one, and right wraps back to the first.
    await left.click();
    await expect.poll(() => leadingSlide(page)).toBe(`${count} of ${count}`);
    await right.click();
    await expect.poll(() => leadingSlide(page)).toBe(`1 of ${count}`);
  });

  test('a winter-sale banner shows instead of the carousel when nothing is on sale', async ({ page }) => {
    await page.route('**/api/shoes/onSale*', (route) =>
      route.fulfill({ json: [], headers: { 'x-total-count': '0' } }),
    );
    // Inside the app: a page load would bring the deals with the server's HTML.
    await navigateInApp(page, '/');
    await expect(page.getByText('Winter sale is coming')).toBeVisible();
    await expect(page.getByRole('button', { name: /Scroll deals/ })).toHaveCount(0);
  });

  test('the listing shows 6 shoes a page with Previous and Next', async ({ page, catalog }) => {
    const names = (from: number) => catalog.shoes.slice(from, from + PAGE_SIZE).map((shoe) => shoe.name);
    await page.goto('/');
    const list = collection(page);

    await expect(cardNames(list)).toHaveText(names(0));
    await expect(shoeCards(list)).toHaveCount(PAGE_SIZE);
    await expect(previousButton(page)).toBeHidden();

    await nextButton(page).click();
    await expect(cardNames(list)).toHaveText(names(PAGE_SIZE));
    await expect(pagination(page)).toContainText('Page 2 of');
    await expect(previousButton(page)).toBeVisible();
    const pageTwo = await cardNames(list).allTextContents();
    expect(pageTwo.filter((name) => names(0).includes(name))).toEqual([]);

    await previousButton(page).click();
    await expect(cardNames(list)).toHaveText(names(0));
    await expect(previousButton(page)).toBeHidden();
  });

  for (const { link, path, heading } of [
    { link: 'About Us', path: '/AboutUs', heading: 'About Us' },
    { link: 'Contact Us', path: '/ContactUs', heading: 'Contact Us' },
    { link: 'Size Chart', path: '/SizeChart', heading: 'Size Chart' },
    { link: 'Terms of Service', path: '/TermsOfService', heading: 'Terms of Service' },
  ]) {
    test(`the footer link ${link} opens its page`, async ({ page }) => {
      await page.goto('/');
      // The footer moves down while the listing loads; click it once the page has settled.
      await expect(shoeCards(collection(page))).toHaveCount(6);
      await footer(page).getByRole('link', { name: link, exact: true }).click();
      await expectPath(page, path);
      await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
    });
  }

  test('home fits a phone screen without horizontal scrolling @phone', async ({ page, catalog }) => {
    await page.goto('/');
    await expect(slides(page).first()).toBeVisible();
    await expect(cardNames(collection(page))).toHaveText(
      catalog.shoes.slice(0, PAGE_SIZE).map((shoe) => shoe.name),
    );
    await expect(page.getByRole('button', { name: 'Need Help?' })).toBeVisible();
    await expectNoHorizontalScroll(page);
  });
});
