import type { Locator, Page } from '@playwright/test';
import { sameOrigin } from './support/accounts';
import { expect, lettersName, pngImage, signInAsAdminWithSession, test } from './support/admin';

/**
 * Real catalogue data (issue 33 item 6): every size of a new shoe in one form (the size grid), and a
 * compare-at price shown as was/now and % off while the shoe is on sale. Each test deletes its shoe:
 * the worker's shop is shared with the other admin specs (carousel and /sale are read there).
 */

const form = (page: Page): Locator => page.getByRole('form', { name: 'Create Shoes' });
const field = (scope: Locator, label: string): Locator => scope.getByLabel(label, { exact: true });

test('a shoe is created with three sizes in one form, and its page offers all three', async ({
  page,
  context,
  ownShop,
}) => {
  await signInAsAdminWithSession(context, ownShop);
  const name = lettersName('Grid');
  await page.goto('/createshoes');
  const shoeForm = form(page);
  await field(shoeForm, 'Brand').selectOption({ index: 1 });
  await field(shoeForm, 'Name').fill(name);
  await field(shoeForm, 'Color').fill('Black/White');
  await field(shoeForm, 'Price').fill('130');
  await field(shoeForm, 'Size').fill('8');
  await field(shoeForm, 'Quantity').fill('3');

  // Two more rows, by keyboard: the new row's size takes the focus.
  const addSize = shoeForm.getByRole('button', { name: 'Add a size' });
  await addSize.focus();
  await page.keyboard.press('Enter');
  await expect(field(shoeForm, 'Size 2')).toBeFocused();
  await page.keyboard.type('9.5');
  await field(shoeForm, 'Quantity 2').fill('2');
  await addSize.click();
  await field(shoeForm, 'Size 3').fill('8');
  await field(shoeForm, 'Quantity 3').fill('1');
  await field(shoeForm, 'Description').fill('Three sizes, one form.');
  await field(shoeForm, 'Image').setInputFiles({
    name: 'grid.png',
    mimeType: 'image/png',
    buffer: await pngImage(),
  });

  // The first size again is refused on its row, before anything is sent.
  await shoeForm.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(shoeForm.getByText('Size 8 is in the form twice')).toBeVisible();
  await expect(field(shoeForm, 'Size 3')).toHaveAttribute('aria-invalid', 'true');
  await field(shoeForm, 'Size 3').fill('11');
  await expect(shoeForm.getByText('Size 8 is in the form twice')).toHaveCount(0);

  // A fourth row, removed again: the grid keeps three sizes.
  await addSize.click();
  await shoeForm.getByRole('button', { name: 'Remove size 4' }).click();
  await expect(field(shoeForm, 'Size 4')).toHaveCount(0);

  await shoeForm.getByRole('button', { name: 'Create', exact: true }).click();
  const created = shoeForm.getByRole('status');
  await expect(created).toContainText(`Your shoe was added to store: ${name}.`);
  await expect(field(shoeForm, 'Size 2')).toHaveCount(0);
  // A run of sizes in one click: the chart's other eleven, each with the first row's quantity.
  await field(shoeForm, 'Size').fill('9');
  await field(shoeForm, 'Quantity').fill('4');
  await shoeForm.getByRole('button', { name: 'Add sizes 6 to 11.5' }).click();
  await expect(field(shoeForm, 'Size 2')).toHaveValue('6');
  await expect(field(shoeForm, 'Size 12')).toHaveValue('11.5');
  await expect(field(shoeForm, 'Quantity 12')).toHaveValue('4');
  await expect(field(shoeForm, 'Size 13')).toHaveCount(0);
  const href = (await created.getByRole('link', { name: 'View in store' }).getAttribute('href'))!;
  await created.getByRole('link', { name: 'View in store' }).click();

  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const sizes = page.getByRole('main').getByLabel('Size', { exact: true }).first().locator('option');
  await expect(sizes.filter({ hasText: /^(8|9\.5|11)$/ })).toHaveCount(3);
  expect((await page.request.delete(`/api${href}`, { headers: sameOrigin(ownShop.baseURL) })).status()).toBe(
    200,
  );
});

test('a compare-at price shows as was/now and % off on /sale, the home carousel and the shoe page', async ({
  page,
  context,
  ownShop,
}) => {
  await signInAsAdminWithSession(context, ownShop);
  const name = lettersName('Deal');
  const headers = sameOrigin(ownShop.baseURL);
  const [brand] = (await (await page.request.get('/api/brands')).json()) as { name: string }[];
  // A $1 shoe leads /sale and the carousel (cheapest first).
  const created = await page.request.post('/api/shoes', {
    headers,
    multipart: {
      brand: brand!.name,
      name,
      color: 'Red',
      price: '1',
      size: '9',
      q: '5',
      description: 'A deal.',
      image: { name: 'deal.png', mimeType: 'image/png', buffer: await pngImage() },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const shoeId = ((await created.json()) as { shoe: { _id: string } }).shoe._id;
  try {
    // The Modify form takes the compare-at price; not above the price, it says so.
    await page.goto(`/modifshoe?shoe=${shoeId}`);
    const modifyForm = page.getByRole('form', { name: 'Modify Shoes' });
    await field(modifyForm, 'Compare-at price').fill('1');
    await modifyForm.getByRole('button', { name: 'Modify', exact: true }).click();
    await expect(modifyForm.getByText('The compare-at price must be higher than the price')).toBeVisible();
    await field(modifyForm, 'Compare-at price').fill('5');
    await modifyForm.getByRole('button', { name: 'Modify', exact: true }).click();
    await expect(page.getByText('Your modified shoe was added to store').first()).toBeVisible();

    // Not on sale: the price alone.
    await page.goto(`/shoes/${shoeId}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText('Was $5, now $1')).toHaveCount(0);

    expect(
      (await page.request.put(`/api/admin/onsale/${shoeId}`, { headers, data: { onSale: true } })).status(),
    ).toBe(200);
    await page.reload();
    const main = page.getByRole('main');
    await expect(main.getByText('Was $5, now $1', { exact: true })).toBeAttached();
    await expect(main.getByText('80% off', { exact: true }).first()).toBeVisible();
    await expect(main.locator('s', { hasText: '$5' }).first()).toBeVisible();

    await page.goto('/sale');
    const card = page.getByRole('main').getByRole('article').filter({ hasText: name });
    await expect(card.getByText('Was $5, now $1', { exact: true })).toBeAttached();
    await expect(card.getByText('80% off', { exact: true })).toBeVisible();
    await expect(card.locator('s')).toHaveText('$5');

    await page.goto('/');
    const slide = page
      .getByRole('region', { name: 'Hot deals' })
      .getByRole('group', { name: /^\d+ of \d+$/ })
      .filter({ hasText: name });
    await expect(slide.getByText('SALE $1', { exact: true })).toBeAttached();
    await expect(slide.getByText('80% off', { exact: true })).toBeAttached();
  } finally {
    await page.request.delete(`/api/shoes/${shoeId}`, { headers });
  }
});
