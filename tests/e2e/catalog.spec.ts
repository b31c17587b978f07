import type { Page } from '@playwright/test';
import { brandWithShoes, parsePrice, shoesOfBrand } from './support/catalog';
import { expect, test } from './support/fixtures';
import {
  cardNames,
  cardPrices,
  expectPath,
  main,
  navigateInApp,
  nextButton,
  pagination,
  previousButton,
  shoeCards,
} from './support/shop';

const COLLECTION_PAGE = 6;
const SALE_PAGE = 8;

/** A colour's checkbox in the filters ("Navy (3)"). */
const colorFilter = (page: Page, color: string) =>
  main(page)
    .getByRole('complementary', { name: 'Filters' })
    .getByRole('group', { name: 'Color' })
    .getByRole('checkbox', { name: new RegExp(`^${color.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(`) });
const sortButton = (
  page: Page,
  label: 'A to Z' | 'Price: low to high' | 'Price: high to low' | 'All models',
) => main(page).getByRole('button', { name: label, exact: true });

async function shownPrices(page: Page): Promise<number[]> {
  return (await cardPrices(main(page)).allTextContents()).map(parsePrice);
}

test.describe('catalogue /shoes', () => {
  test('pages through the whole collection 6 at a time', async ({ page, catalog }) => {
    const pages = Math.ceil(catalog.shoes.length / COLLECTION_PAGE);
    expect(pages, 'the demo catalogue spans several pages').toBeGreaterThan(2);
    await page.goto('/shoes');
    await expect(previousButton(page)).toBeHidden();

    for (let index = 0; index < pages; index += 1) {
      const expected = catalog.shoes.slice(index * COLLECTION_PAGE, (index + 1) * COLLECTION_PAGE);
      await expect(pagination(page)).toContainText(`Page ${index + 1} of ${pages}`);
      await expect(cardNames(main(page))).toHaveText(expected.map((shoe) => shoe.name));
      if (index === pages - 1) break;
      await expect(nextButton(page)).toBeVisible();
      await nextButton(page).click();
      await expect(previousButton(page)).toBeVisible();
    }
    await expect(nextButton(page)).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`[?&]page=${pages}$`));
  });

  test('the sort bar marks the order in force, the name order when none is chosen', async ({
    page,
    catalog,
  }) => {
    const dearest = [...catalog.shoes].sort((a, b) => b.price - a.price || a.name.localeCompare(b.name));
    await page.goto('/shoes');
    await expect(sortButton(page, 'A to Z')).toHaveAttribute('aria-pressed', 'true');
    await expect(sortButton(page, 'Price: high to low')).toHaveAttribute('aria-pressed', 'false');

    await sortButton(page, 'Price: high to low').click();
    await expect(sortButton(page, 'Price: high to low')).toHaveAttribute('aria-pressed', 'true');
    await expect(sortButton(page, 'A to Z')).toHaveAttribute('aria-pressed', 'false');
    await expect(cardNames(main(page))).toHaveText(
      dearest.slice(0, COLLECTION_PAGE).map((shoe) => shoe.name),
    );

    await sortButton(page, 'A to Z').click();
    await expect(page).toHaveURL((url) => url.search === '');
    await expect(sortButton(page, 'A to Z')).toHaveAttribute('aria-pressed', 'true');
    await expect(cardNames(main(page))).toHaveText(
      catalog.shoes.slice(0, COLLECTION_PAGE).map((shoe) => shoe.name),
    );
  });
});

test.describe('brand collection', () => {
  test('shows the brand as heading and only its shoes', async ({ page, catalog }) => {
    const brand = brandWithShoes(catalog);
    const expected = shoesOfBrand(catalog, brand);
    await page.goto(`/collections/${encodeURIComponent(brand)}`);

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(brand);
    await expect(cardNames(main(page))).toHaveText(expected.map((shoe) => shoe.name));
    await expect(
      shoeCards(main(page)).filter({ hasNot: page.getByText(brand, { exact: true }) }),
      'every card names the brand',
    ).toHaveCount(0);
  });

  test('filters by colour, sorts by price and All models clears both', async ({ page, catalog }) => {
    const brand = brandWithShoes(catalog, 1);
    const shoes = shoesOfBrand(catalog, brand);
    const color = [...new Set(shoes.map((shoe) => shoe.color))].sort()[0]!;
    const inColor = shoes.filter((shoe) => shoe.color === color);
    const ascending = [...shoes.map((shoe) => shoe.price)].sort((a, b) => a - b);
    await page.goto(`/collections/${encodeURIComponent(brand)}`);
    await expect(cardNames(main(page))).toHaveCount(shoes.length);
    await expect(sortButton(page, 'All models')).toHaveAttribute('aria-pressed', 'true');

    await colorFilter(page, color).check();
    await expect(cardNames(main(page))).toHaveText(inColor.map((shoe) => shoe.name));
    await expect(sortButton(page, 'All models')).toHaveAttribute('aria-pressed', 'false');

    await sortButton(page, 'All models').click();
    await expect(colorFilter(page, color)).not.toBeChecked();
    await expect(cardNames(main(page))).toHaveCount(shoes.length);

    await sortButton(page, 'Price: low to high').click();
    await expect(sortButton(page, 'Price: low to high')).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => shownPrices(page)).toEqual(ascending);

    await sortButton(page, 'Price: high to low').click();
    await expect.poll(() => shownPrices(page)).toEqual([...ascending].reverse());

    await sortButton(page, 'All models').click();
    await expect(sortButton(page, 'All models')).toHaveAttribute('aria-pressed', 'true');
    await expect(sortButton(page, 'Price: high to low')).toHaveAttribute('aria-pressed', 'false');
    await expect(cardNames(main(page))).toHaveText(shoes.map((shoe) => shoe.name));
    await expect(page).toHaveURL((url) => url.search === '');
  });

  test('changing a filter goes back to the first page', async ({ page, catalog }) => {
    const brand = brandWithShoes(catalog);
    const shoes = shoesOfBrand(catalog, brand);
    // No demo brand fills two pages of 28: the API is made to report a longer list, so page 2 is real.
    await page.route('**/api/shoes?*', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, headers: { ...response.headers(), 'x-total-count': '60' } });
    });
    // Inside the app: a page load would bring the true count with the server's HTML.
    await navigateInApp(page, `/collections/${encodeURIComponent(brand)}?page=2`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(brand);
    await expect(pagination(page)).toContainText('Page 2 of 3');
    await expect(page).toHaveURL((url) => url.searchParams.get('page') === '2');

    await sortButton(page, 'Price: low to high').click();
    await expect(page).toHaveURL((url) => url.searchParams.get('page') === null);
    await expect(page).toHaveURL((url) => url.searchParams.get('sort') === 'price_asc');
    await expect(shoeCards(main(page))).toHaveCount(shoes.length);
  });

  test('an unknown brand shows an empty collection, not a crash', async ({ page }) => {
    await page.goto('/collections/NoSuchBrandXyz');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('NoSuchBrandXyz');
    await expect(main(page).getByText('No shoes from NoSuchBrandXyz yet')).toBeVisible();
    await expect(shoeCards(main(page))).toHaveCount(0);
    await expect(pagination(page)).toBeHidden();
  });
});

test.describe('sale', () => {
  test('shows the deals 8 a page, each marked ON SALE', async ({ page, catalog }) => {
    const deals = catalog.onSale;
    expect(deals.length, 'the demo catalogue has more than one page of deals').toBeGreaterThan(SALE_PAGE);
    const names = (from: number) => deals.slice(from, from + SALE_PAGE).map((shoe) => shoe.name);
    const notOnSale = shoeCards(main(page)).filter({ hasNot: page.getByText('ON SALE', { exact: true }) });
    await page.goto('/sale');

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('ON SALE!');
    await expect(cardNames(main(page))).toHaveText(names(0));
    await expect(notOnSale).toHaveCount(0);
    await expect(previousButton(page)).toBeHidden();

    await nextButton(page).click();
    await expect(cardNames(main(page))).toHaveText(names(SALE_PAGE));
    await expect(notOnSale).toHaveCount(0);
    await expect(page).toHaveURL(/[?&]page=2$/);

    await previousButton(page).click();
    await expect(cardNames(main(page))).toHaveText(names(0));
    await expect(previousButton(page)).toBeHidden();
    await expectPath(page, '/sale');
  });
});

test.describe('a page past the end', () => {
  test('moves to the last real page instead of claiming the list is empty', async ({ page, catalog }) => {
    const onSale = catalog.shoes.filter((shoe) => shoe.onSale).length;
    const lastPage = Math.ceil(onSale / SALE_PAGE);
    await page.goto('/sale?page=99');
    await expect(pagination(page)).toContainText(`Page ${lastPage} of ${lastPage}`);
    await expect(shoeCards(main(page))).toHaveCount(onSale - (lastPage - 1) * SALE_PAGE);
    await expect(page).toHaveURL(new RegExp(`page=${lastPage}$`));
  });
});

test.describe('scroll position', () => {
  test('a new page starts at the top and Back returns to where the shopper was', async ({
    page,
    catalog,
  }) => {
    await page.setViewportSize({ width: 390, height: 700 });
    await page.goto('/shoes');
    const lastCard = shoeCards(main(page)).last();
    await expect(lastCard).toBeVisible();
    await lastCard.scrollIntoViewIfNeeded();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    // Let the position be recorded (it is saved on the next animation frame after scrolling).
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    const leftAt = await page.evaluate(() => window.scrollY);

    const name = (await lastCard.getByRole('heading').textContent()) ?? '';
    expect(catalog.shoes.map((shoe) => shoe.name)).toContain(name);
    await lastCard.getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    expect(await page.evaluate(() => window.scrollY), 'the shoe page opens at the top').toBe(0);

    await page.goBack();
    await expect(cardNames(main(page)).last()).toHaveText(name);
    await expect
      .poll(() => page.evaluate(() => window.scrollY), { message: 'Back restores the listing position' })
      .toBeGreaterThan(leftAt - 50);
  });
});
