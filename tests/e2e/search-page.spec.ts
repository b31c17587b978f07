import type { Locator, Page } from '@playwright/test';
import { shoesOfBrand } from './support/catalog';
import { expect, test, waitForTakeover } from './support/fixtures';
import { cardNames, header, main, shoeCards } from './support/shop';

const searchPanel = (page: Page): Locator => page.getByRole('dialog', { name: 'Search' });
const searchBox = (page: Page): Locator =>
  searchPanel(page).getByRole('searchbox', { name: 'Search shoes by name' });
const sidebar = (page: Page) => main(page).getByRole('complementary', { name: 'Filters' });
const resultCount = (page: Page) =>
  main(page)
    .getByRole('status')
    .filter({ hasText: /^\d+ shoes?$/ });
const recentlyViewed = (page: Page) => page.getByRole('region', { name: 'Recently viewed' });

test.describe('search results page (issue 35 item 5)', () => {
  test('"kinetic" and Enter open /search?q=kinetic with the brand\'s shoes; a facet narrows them; reload keeps both', async ({
    page,
    catalog,
    request,
  }, testInfo) => {
    const kinetic = shoesOfBrand(catalog, 'Kinetic');
    expect(kinetic).toHaveLength(9);
    const red = kinetic.filter((shoe) => shoe.color === 'Red');
    expect(red).toHaveLength(1);

    await page.goto('/');
    await header(page).getByRole('button', { name: 'Search', exact: true }).click();
    await expect(searchBox(page)).toBeFocused();
    await searchBox(page).pressSequentially('kinetic');
    // The live panel lists the matches as the text changes (spec §2).
    await expect(searchPanel(page).getByRole('listitem').getByRole('link')).toHaveCount(9);
    await searchBox(page).press('Enter');

    await expect(page).toHaveURL((url) => url.pathname === '/search' && url.search === '?q=kinetic');
    await expect(searchPanel(page)).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Results for “kinetic”' })).toBeVisible();
    await expect(resultCount(page)).toHaveText('9 shoes');
    // Best matches first until a sort is chosen.
    await expect(main(page).getByRole('button', { name: 'Best match' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // 6 a page, as /shoes.
    await expect(shoeCards(main(page))).toHaveCount(6);
    for (const name of await cardNames(main(page)).allTextContents()) {
      expect(kinetic.map((shoe) => shoe.name)).toContain(name);
    }

    await sidebar(page)
      .getByRole('group', { name: 'Color' })
      .getByRole('checkbox', { name: /^Red \(1\)$/ })
      .check();
    await expect(page).toHaveURL(
      (url) => url.pathname === '/search' && url.search === '?q=kinetic&color=Red',
    );
    await expect(resultCount(page)).toHaveText('1 shoe');
    await expect(cardNames(main(page))).toHaveText([red[0]!.name]);

    await page.reload();
    await waitForTakeover(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Results for “kinetic”' })).toBeVisible();
    await expect(resultCount(page)).toHaveText('1 shoe');
    await expect(cardNames(main(page))).toHaveText([red[0]!.name]);
    await expect(
      sidebar(page)
        .getByRole('group', { name: 'Color' })
        .getByRole('checkbox', { name: /^Red \(1\)$/ }),
    ).toBeChecked();

    // Rendered by the server: the shared link's HTML already holds the results.
    const html = await (await request.get('/search?q=kinetic&color=Red')).text();
    expect(html).toContain(red[0]!.name);
    expect(html).toContain('Results for “kinetic”');

    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/search?q=high%20top');
      await waitForTakeover(page);
      await expect(resultCount(page)).toHaveText(/^\d+ shoes$/);
      await page.screenshot({ path: testInfo.outputPath(`search-${width}.png`), fullPage: width === 1280 });
    }
  });

  test('a search nothing matches says so on the page', async ({ page }) => {
    await page.goto('/search?q=qzxjvwq');
    await expect(main(page).getByText('No shoes match your search')).toBeVisible();
    await expect(shoeCards(main(page))).toHaveCount(0);
  });
});

test.describe('recently viewed (issue 35 item 6)', () => {
  test('shows the shoes this device opened, newest first, not the one on screen, never a gone one', async ({
    page,
    catalog,
  }, testInfo) => {
    const [a, b, c] = catalog.shoes;
    await page.goto('/');
    await waitForTakeover(page);
    await expect(recentlyViewed(page)).toHaveCount(0);

    for (const shoe of [a!, b!, c!]) {
      await page.goto(`/shoes/${shoe._id}`);
      await expect(page.getByRole('heading', { level: 1, name: shoe.name, exact: true })).toBeVisible();
    }
    // On c's page: the two before it, newest first, not c itself.
    await expect(recentlyViewed(page).getByRole('listitem').getByRole('link')).toHaveText([
      new RegExp(b!.name),
      new RegExp(a!.name),
    ]);

    // A shoe that no longer exists (as the staff may delete one) is left out and forgotten.
    const gone = '00000000-0000-4000-8000-000000000000';
    await page.evaluate((id) => {
      const ids = JSON.parse(localStorage.getItem('recently-viewed') ?? '[]') as string[];
      localStorage.setItem('recently-viewed', JSON.stringify([id, ...ids]));
    }, gone);
    await page.goto('/');
    await waitForTakeover(page);
    await expect(recentlyViewed(page).getByRole('listitem').getByRole('link')).toHaveText([
      new RegExp(c!.name),
      new RegExp(b!.name),
      new RegExp(a!.name),
    ]);
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('recently-viewed')))
      .toBe(JSON.stringify([c!._id, b!._id, a!._id]));
    await recentlyViewed(page)
      .getByRole('link', { name: new RegExp(b!.name) })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: b!.name, exact: true })).toBeVisible();

    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      await waitForTakeover(page);
      await recentlyViewed(page).scrollIntoViewIfNeeded();
      await recentlyViewed(page).screenshot({ path: testInfo.outputPath(`recently-viewed-${width}.png`) });
    }
  });
});
