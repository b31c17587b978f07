import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { formatPrice, inStockSizes, shoeWithSizes, type Shoe } from './support/catalog';
import { expect, test } from './support/fixtures';
import {
  addToCartFromDetail,
  brandLinks,
  brandsButton,
  cartLink,
  expectCartCount,
  expectPath,
  header,
} from './support/shop';

const searchPanel = (page: Page): Locator => page.getByRole('dialog', { name: 'Search' });
const searchBox = (page: Page): Locator =>
  searchPanel(page).getByRole('searchbox', { name: 'Search shoes by name' });
const resultLinks = (page: Page): Locator => searchPanel(page).getByRole('listitem').getByRole('link');

async function openSearch(page: Page): Promise<void> {
  await header(page).getByRole('button', { name: 'Search', exact: true }).click();
  await expect(searchBox(page)).toBeFocused();
}

/** The result row of one shoe: its image, name and price. */
async function expectResult(page: Page, shoe: Shoe): Promise<Locator> {
  const row = resultLinks(page).filter({ hasText: shoe.name });
  await expect(row).toHaveCount(1);
  await expect(row).toHaveAttribute('href', `/shoes/${shoe._id}`);
  await expect(row.locator('img')).toHaveAttribute('src', shoe.image);
  await expect(row.locator('img')).toBeVisible();
  await expect(row.getByText(shoe.name, { exact: true })).toBeVisible();
  await expect(row.getByText(formatPrice(shoe.price), { exact: true })).toBeVisible();
  return row;
}

/**
 * A misspelling of a real shoe name (one letter of its first word dropped) that the
 * search should still resolve to that shoe, and that is not simply part of any name.
 */
async function findTypo(request: APIRequestContext, shoes: Shoe[]): Promise<{ typo: string; shoe: Shoe }> {
  const names = shoes.map((shoe) => shoe.name.toLowerCase());
  const candidates = [...shoes]
    .map((shoe) => ({ shoe, word: shoe.name.split(' ')[0]!.toLowerCase() }))
    .filter(({ word }) => word.length >= 7)
    .sort((a, b) => b.word.length - a.word.length || a.shoe.name.localeCompare(b.shoe.name));
  for (const { shoe, word } of candidates) {
    for (let at = 1; at < word.length - 1; at += 1) {
      const typo = word.slice(0, at) + word.slice(at + 1);
      if (names.some((name) => name.includes(typo))) continue;
      const answer: unknown = await (await request.get(`/api/shoes?limit=20&name=${typo}`)).json();
      if (Array.isArray(answer) && (answer as Shoe[]).some((found) => found._id === shoe._id)) {
        return { typo, shoe };
      }
    }
  }
  throw new Error('the search finds no shoe from a name missing one letter: it is not typo-tolerant');
}

test.describe('header', () => {
  test('the BRANDS menu lists every brand and opens on hover', async ({ page, catalog }) => {
    await page.goto('/');
    await expect(brandLinks(page)).toHaveCount(0);

    await brandsButton(page).hover();
    await expect(brandsButton(page)).toHaveAttribute('aria-expanded', 'true');
    await expect(brandLinks(page)).toHaveText(catalog.brands.map((brand) => brand.name));

    // Moving the mouse away closes it again.
    await page.mouse.move(600, 500);
    await expect(brandLinks(page)).toHaveCount(0);
    await expect(brandsButton(page)).toHaveAttribute('aria-expanded', 'false');
  });

  test('the BRANDS menu opens on click and choosing a brand opens its collection', async ({
    page,
    catalog,
  }) => {
    const brand = catalog.brands.at(-1)!.name;
    await page.goto('/');
    await brandsButton(page).click();
    await expect(brandLinks(page)).toHaveText(catalog.brands.map((b) => b.name));

    await brandLinks(page).getByText(brand, { exact: true }).click();
    await expectPath(page, `/collections/${brand}`);
    await expect(page.getByRole('heading', { level: 1, name: brand, exact: true })).toBeVisible();
    await expect(brandLinks(page)).toHaveCount(0);
  });

  test('the BRANDS menu works from the keyboard', async ({ page, catalog }) => {
    const [first, second] = catalog.brands;
    await page.goto('/');
    await brandsButton(page).focus();

    await page.keyboard.press('Enter');
    await expect(brandsButton(page)).toHaveAttribute('aria-expanded', 'true');
    await expect(brandLinks(page)).toHaveCount(catalog.brands.length);
    await page.keyboard.press('Escape');
    await expect(brandLinks(page)).toHaveCount(0);
    await expect(brandsButton(page)).toBeFocused();

    await page.keyboard.press('ArrowDown');
    await expect(brandLinks(page).first()).toBeFocused();
    await expect(brandLinks(page).first()).toHaveText(first!.name);
    await page.keyboard.press('ArrowDown');
    await expect(brandLinks(page).nth(1)).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(brandLinks(page)).toHaveCount(0);
    await expect(brandsButton(page)).toBeFocused();

    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(brandLinks(page).nth(1)).toBeFocused();
    await page.keyboard.press('Enter');
    await expectPath(page, `/collections/${second!.name}`);
  });

  test.describe('on a touch screen', () => {
    // The desktop project runs @phone tests too: give it a touch screen so tap() works there as well.
    test.use({ hasTouch: true });

    test('the BRANDS menu opens by tap on a phone @phone', async ({ page, catalog }) => {
      const brand = catalog.brands[0]!.name;
      await page.goto('/');
      await brandsButton(page).tap();
      await expect(brandLinks(page)).toHaveText(catalog.brands.map((b) => b.name));
      await brandLinks(page).getByText(brand, { exact: true }).tap();
      await expectPath(page, `/collections/${brand}`);
      await expect(page.getByRole('heading', { level: 1, name: brand, exact: true })).toBeVisible();
    });
  });

  test('Deals leads to the sale, Account to sign-in for a visitor', async ({ page }) => {
    await page.goto('/');
    await header(page).getByRole('link', { name: 'Deals', exact: true }).click();
    await expectPath(page, '/sale');
    await expect(page.getByRole('heading', { level: 1, name: 'ON SALE!' })).toBeVisible();

    // Nobody is signed in: the account icon leads to sign-in, and /account itself is guarded (spec §2).
    await header(page).getByRole('link', { name: 'Account', exact: true }).click();
    await expectPath(page, '/signin');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await page.goto('/account');
    await expectPath(page, '/signin');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  });

  test('the Cart link shows how many shoes are in the cart', async ({ page, catalog }) => {
    const shoe = shoeWithSizes(catalog, 2);
    const [small, large] = inStockSizes(shoe);
    await page.goto('/');
    await expectCartCount(page, 0);

    await addToCartFromDetail(page, shoe, small!);
    await expectCartCount(page, 1);
    await addToCartFromDetail(page, shoe, large!);
    await expectCartCount(page, 2);

    await cartLink(page).click();
    await expectPath(page, '/cart');
    await expectCartCount(page, 2);
  });

  test('search finds shoes by name, even misspelt, and opens the one picked', async ({
    page,
    catalog,
    request,
  }) => {
    const shoe = catalog.shoes[Math.floor(catalog.shoes.length / 2)]!;
    const { typo, shoe: misspelt } = await findTypo(request, catalog.shoes);
    await page.goto('/');
    await openSearch(page);

    await searchBox(page).fill(shoe.name);
    await expectResult(page, shoe);
    // The closest match comes first.
    await expect(resultLinks(page).first()).toHaveAttribute('href', `/shoes/${shoe._id}`);

    await searchBox(page).fill(typo);
    const row = await expectResult(page, misspelt);

    await row.click();
    await expectPath(page, `/shoes/${misspelt._id}`);
    await expect(page.getByRole('heading', { level: 1, name: misspelt.name, exact: true })).toBeVisible();
    await expect(searchPanel(page)).toBeHidden();
  });

  test('search shows the server message when nothing matches, and Escape closes it', async ({ page }) => {
    await page.goto('/');
    await openSearch(page);
    await searchBox(page).fill('qzxjvwq');
    const message = searchPanel(page)
      .getByRole('paragraph')
      .filter({ hasText: /^No shoes match your search$/ });
    await expect(message).toBeVisible();
    // Screen readers hear the same message.
    await expect(searchPanel(page).getByRole('status')).toHaveText('No shoes match your search');
    await expect(resultLinks(page)).toHaveCount(0);

    await page.keyboard.press('Escape');
    await expect(searchPanel(page)).toBeHidden();
    await expect(header(page).getByRole('button', { name: 'Search', exact: true })).toBeFocused();
  });
});
