import type { Locator, Page } from '@playwright/test';
import type { Catalog, Shoe } from './support/catalog';
import { expect, test } from './support/fixtures';
import {
  buyButton,
  cardNames,
  cardPrices,
  main,
  shoeCards,
  sizeSelect,
  storedCart,
  toast,
  type StoredLine,
} from './support/shop';

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
/** A chip of a filter in use, named by what pressing it does: "Remove filter Size 9.5". */
const filterChip = (page: Page, label: string) =>
  main(page)
    .getByRole('list', { name: 'Filters in use' })
    .getByRole('button', { name: `Remove filter ${label}`, exact: true });

/** Console errors and uncaught exceptions (a hydration mismatch is one) from now on. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

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

test.describe('a listing filtered by one size', () => {
  const SIZE = '9.5';

  test('every card starts with that size chosen, so BUY ME! adds it at once', async ({
    page,
    catalog,
    request,
  }) => {
    const withSize = catalog.shoes.filter((shoe) => hasInStock(shoe, SIZE));
    expect(withSize.length, `the demo catalogue has shoes in size ${SIZE}`).toBeGreaterThan(1);
    const shown = withSize.slice(0, COLLECTION_PAGE);

    // The server's HTML already has it chosen, and the browser takes it over as it is (no mismatch).
    const html = await (await request.get(`/shoes?size=${SIZE}`)).text();
    expect(html.match(new RegExp(`<option value="${escapeRegExp(SIZE)}" selected=""`, 'g'))).toHaveLength(
      shown.length,
    );
    const errors = collectErrors(page);
    await page.goto('/shoes', { waitUntil: 'networkidle' });
    await facetBox(sidebar(page), 'Size', SIZE, withSize.length).check();
    await expect(page).toHaveURL((url) => url.searchParams.getAll('size').join() === SIZE);
    await expect(cardNames(main(page))).toHaveText(shown.map((shoe) => shoe.name));
    for (const card of await shoeCards(main(page)).all()) await expect(sizeSelect(card)).toHaveValue(SIZE);
    await expect(filterChip(page, `Size ${SIZE}`)).toBeVisible();

    await buyButton(shoeCards(main(page)).first()).click();
    await expect(toast(page, 'Your shoe add to cart')).toBeVisible();
    const [line] = (await storedCart(page)) as StoredLine[];
    expect(line).toMatchObject({ _id: shown[0]!._id, size: SIZE, quantity: 1 });

    await page.goto(`/shoes?size=${SIZE}`, { waitUntil: 'networkidle' });
    await expect(sizeSelect(shoeCards(main(page)).first())).toHaveValue(SIZE);
    expect(errors).toEqual([]);
  });

  test('with two sizes filtered no card guesses which', async ({ page }) => {
    await page.goto(`/shoes?size=${SIZE}&size=10`);
    await expect(shoeCards(main(page)).first()).toBeVisible();
    for (const card of await shoeCards(main(page)).all()) await expect(sizeSelect(card)).toHaveValue('');
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

  test('the filters in use show as chips under the bar, and removing one removes that filter', async ({
    page,
    catalog,
  }) => {
    const { size, shoes } = selectiveSize(catalog);
    const color = shoes[0]!.color;
    const inColor = catalog.shoes.filter((shoe) => shoe.color === color);
    await page.goto(`/shoes?size=${size}&color=${encodeURIComponent(color)}`);
    const opener = main(page).getByRole('button', { name: /^Filters/ });
    await expect(opener).toContainText('2');

    const sizeChip = filterChip(page, `Size ${size}`);
    const colorChip = filterChip(page, `Color ${color}`);
    await expect(sizeChip).toBeVisible();
    await expect(colorChip).toBeVisible();
    // Under the bar, above the shoes.
    const [bar, chip, card] = await Promise.all(
      [opener, sizeChip, shoeCards(main(page)).first()].map(async (l) => (await l.boundingBox())!),
    );
    expect(chip!.y).toBeGreaterThanOrEqual(bar!.y + bar!.height);
    expect(chip!.y + chip!.height).toBeLessThanOrEqual(card!.y);

    await sizeChip.click();
    await expect(page).toHaveURL(
      (url) => !url.searchParams.has('size') && url.searchParams.get('color') === color,
    );
    await expect(sizeChip).toHaveCount(0);
    await expect(opener).toContainText('1');
    await expect(resultCount(page)).toHaveText(shoesText(inColor.length));
    // The focus moves to the chip now in the removed one's place.
    await expect(colorChip).toBeFocused();

    await colorChip.click();
    await expect(page).toHaveURL((url) => url.search === '');
    await expect(main(page).getByRole('list', { name: 'Filters in use' })).toHaveCount(0);
    await expect(resultCount(page)).toHaveText(shoesText(catalog.shoes.length));
  });
});
