import type { Locator, Page } from '@playwright/test';
import type { Catalog, Shoe } from './support/catalog';
import { expect, test } from './support/fixtures';
import { cardNames, cardPrices, main } from './support/shop';

const COLLECTION_PAGE = 6;

const hasInStock = (shoe: Shoe, size: string) =>
  shoe.stock.some((entry) => entry.size === size && entry.quantity > 0);

/** A size that some shoes have in stock and others not, so filtering by it shows a real difference. */
function selectiveSize(catalog: Catalog, shoes: Shoe[] = catalog.shoes): { size: string; shoes: Shoe[] } {
  const sizes = [...new Set(shoes.flatMap((shoe) => shoe.stock.map((entry) => entry.size)))];
  const options = sizes
    .map((size) => ({ size, shoes: shoes.filter((shoe) => hasInStock(shoe, size)) }))
    .filter((option) => option.shoes.length > 1 && option.shoes.length < shoes.length)
    .sort((a, b) => a.shoes.length - b.shoes.length);
  if (!options[0]) throw new Error('the demo catalogue has no size that some shoes lack');
  return options[0];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A facet value's checkbox: "9.5 (12)". */
const facetBox = (scope: Locator, facet: string, value: string, count?: number) =>
  scope
    .getByRole('group', { name: facet })
    .getByRole('checkbox', { name: new RegExp(`^${escapeRegExp(value)} \\(${count ?? '\\d+'}\\)$`) });

const sidebar = (page: Page) => main(page).getByRole('complementary', { name: 'Filters' });
const resultCount = (page: Page) =>
  main(page)
    .getByRole('status')
    .filter({ hasText: /^\d+ shoes?$/ });
const shoesText = (count: number) => `${count} ${count === 1 ? 'shoe' : 'shoes'}`;

test.describe('filters on a desktop', () => {
  test('a size shows only the shoes with it in stock, its count matches, and Back undoes it', async ({
    page,
    catalog,
  }) => {
    const { size, shoes } = selectiveSize(catalog);
    await page.goto('/shoes');
    await expect(resultCount(page)).toHaveText(shoesText(catalog.shoes.length));

    const box = facetBox(sidebar(page), 'Size', size, shoes.length);
    await box.check();
    await expect(page).toHaveURL((url) => url.searchParams.getAll('size').join() === size);
    await expect(resultCount(page)).toHaveText(shoesText(shoes.length));
    await expect(cardNames(main(page))).toHaveText(shoes.slice(0, COLLECTION_PAGE).map((shoe) => shoe.name));
    // Every shoe shown sells that size: its picker offers it.
    for (const card of await main(page)
      .getByRole('listitem')
      .filter({ has: page.getByRole('combobox') })
      .all()) {
      await expect(
        card.getByRole('combobox', { name: 'Size' }).getByRole('option', { name: size, exact: true }),
      ).toBeEnabled();
    }

    await page.goBack();
    await expect(page).toHaveURL((url) => url.search === '');
    await expect(resultCount(page)).toHaveText(shoesText(catalog.shoes.length));
    await expect(facetBox(sidebar(page), 'Size', size)).not.toBeChecked();
  });

  test('values that would give no shoes are shown disabled, and the counts follow the other filters', async ({
    page,
    catalog,
  }) => {
    const sizes = [...new Set(catalog.shoes.flatMap((shoe) => shoe.stock.map((entry) => entry.size)))];
    const ofColor = (color: string) => catalog.shoes.filter((shoe) => shoe.color === color);
    // A colour whose shoes lack some size that other shoes have.
    const color = [...new Set(catalog.shoes.map((shoe) => shoe.color))]
      .sort()
      .find((c) => sizes.some((size) => !ofColor(c).some((shoe) => hasInStock(shoe, size))))!;
    const inColor = ofColor(color);
    const missing = sizes.find((size) => !inColor.some((shoe) => hasInStock(shoe, size)))!;
    const present = sizes.find((size) => inColor.some((shoe) => hasInStock(shoe, size)))!;
    await page.goto('/shoes');

    await facetBox(sidebar(page), 'Color', color).check();
    await expect(resultCount(page)).toHaveText(shoesText(inColor.length));
    const presentCount = inColor.filter((shoe) => hasInStock(shoe, present)).length;
    await expect(facetBox(sidebar(page), 'Size', present, presentCount)).toBeEnabled();
    await expect(facetBox(sidebar(page), 'Size', missing, 0)).toBeDisabled();
  });

  test('a shared filtered link is rendered by the server, sorted, and bad values are left out', async ({
    page,
    catalog,
    request,
  }) => {
    const { size, shoes } = selectiveSize(catalog);
    const cheapest = [...shoes].sort((a, b) => a.price - b.price || a.name.localeCompare(b.name));
    const link = `/shoes?size=${size}&sort=price_asc`;

    const html = await (await request.get(link)).text();
    expect(html).toContain(`>${shoesText(shoes.length)}<`);
    expect(html).toContain(cheapest[0]!.name);

    await page.goto(`${link}&size=99&minPrice=abc&sort=bogus`);
    await expect(resultCount(page)).toHaveText(shoesText(shoes.length));
    await expect(facetBox(sidebar(page), 'Size', size)).toBeChecked();
    // An unknown sort in the URL is dropped; the first valid one stays.
    await expect(main(page).getByRole('button', { name: 'Price: low to high' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const prices = cheapest.slice(0, COLLECTION_PAGE).map((shoe) => shoe.price);
    await expect
      .poll(async () =>
        (await cardPrices(main(page)).allTextContents()).map((text) => Number(text.replace(/[$,]/g, ''))),
      )
      .toEqual(prices);
  });
});

test.describe('filters on a phone @phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('open in a drawer that keeps the focus, closes on Escape and shows the result count', async ({
    page,
    catalog,
  }) => {
    const brand = catalog.brands.find(
      (b) => catalog.shoes.filter((shoe) => shoe.brand === b.name).length > 2,
    )!.name;
    const ofBrand = catalog.shoes.filter((shoe) => shoe.brand === brand);
    const { size, shoes } = selectiveSize(catalog, ofBrand);
    await page.goto(`/collections/${encodeURIComponent(brand)}`);
    await expect(sidebar(page)).toBeHidden();

    const opener = main(page).getByRole('button', { name: /^Filters/ });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Filters' });
    await expect(dialog).toBeVisible();
    await facetBox(dialog, 'Size', size, shoes.length).check();
    await expect(dialog.getByRole('button', { name: `Show ${shoesText(shoes.length)}` })).toBeVisible();
    await expect(page).toHaveURL((url) => url.searchParams.getAll('size').join() === size);

    // The page behind is inert: Tab goes round the drawer's controls only.
    for (let press = 0; press < 6; press += 1) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    await expect(opener).toContainText('1');
    await expect(resultCount(page)).toHaveText(shoesText(shoes.length));
    await expect(cardNames(main(page))).toHaveText(shoes.map((shoe) => shoe.name));
  });
});
