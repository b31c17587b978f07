import {
  dashboardTable,
  expect,
  lettersName,
  pngImage,
  searchTable,
  signInAsAdminWithSession,
  test,
} from './support/admin';
import { sameOrigin } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { ADMIN } from './support/identities';
import { main, toast } from './support/shop';

/**
 * The staff audit log (issue 20): a change the administrator makes shows on /audit with who made
 * it and the values after, found by its kind and by the person.
 */
test('the administrator finds their own change in the audit log', async ({ page, ownShop }) => {
  await signInAsAdminWithSession(page.context(), ownShop);
  const name = lettersName('Brand');
  const created = await page.request.post('/api/brands', {
    data: { name },
    headers: sameOrigin(ownShop.baseURL),
  });
  expect(created.status()).toBe(201);

  await page.goto('/admin');
  await page
    .getByRole('navigation', { name: 'Admin tools' })
    .getByRole('link', { name: /Audit log/ })
    .click();
  await expect(main(page).getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
  const filters = main(page).getByRole('search', { name: 'Filter the audit log' });
  await filters.getByLabel('Kind').selectOption({ label: 'Added a brand' });
  const entries = main(page)
    .getByRole('region', { name: /Entries/ })
    .getByRole('listitem');
  const entry = entries.filter({ hasText: name });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText('Added a brand');
  await expect(entry).toContainText(ADMIN.email);
  // What was set, in words: the brand's name.
  await expect(entry.getByRole('term')).toHaveText(['Name']);
  await expect(entry.getByRole('definition')).toHaveText(name);

  await filters.getByLabel('Person').fill('nobody-at-all');
  await expect(main(page).getByText('Nothing matches.')).toBeVisible();
});

/**
 * Issue 32 item 8: an entry says what changed, field by field in words (the price in the shop's
 * dollars, a size's stock), and keeps the values as stored behind a closed "Raw values" disclosure.
 */
test('a shoe modified in the browser reads field by field in the log, its raw values behind a disclosure', async ({
  page,
  ownShop,
}) => {
  await signInAsAdminWithSession(page.context(), ownShop);
  const headers = sameOrigin(ownShop.baseURL);
  const brand = lettersName('Brand');
  const name = lettersName('Shoe');
  const brandAdded = await page.request.post('/api/brands', { data: { name: brand }, headers });
  expect(brandAdded.status()).toBe(201);
  const brandId = ((await brandAdded.json()) as { brand: { _id: string } }).brand._id;
  const created = await page.request.post('/api/shoes', {
    headers,
    multipart: {
      brand,
      name,
      color: 'Black',
      price: '120',
      size: '9',
      q: '13',
      description: 'A shoe for the audit log.',
      image: { name: 'shoe.png', mimeType: 'image/png', buffer: await pngImage() },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const shoeId = ((await created.json()) as { shoe: { _id: string } }).shoe._id;

  try {
    // The owner lowers the price and sells out size 9 from the Modify form.
    await page.goto('/admin');
    const row = await searchTable(dashboardTable(page, 'Shoes'), 'Shoes', name);
    await row.getByRole('link', { name: `Modify ${name}` }).click();
    const modifyForm = page.getByRole('form', { name: 'Modify Shoes' });
    await expect(modifyForm.getByLabel('Price', { exact: true })).toHaveValue('120');
    await modifyForm.getByLabel('Price', { exact: true }).fill('99');
    await modifyForm.getByLabel('Size', { exact: true }).selectOption('9');
    await modifyForm.getByLabel('Quantity', { exact: true }).fill('0');
    await modifyForm.getByRole('button', { name: 'Modify', exact: true }).click();
    await expect(toast(page, 'Your modified shoe was added to store')).toBeVisible();

    await page.goto('/audit');
    await main(page)
      .getByRole('search', { name: 'Filter the audit log' })
      .getByLabel('Kind')
      .selectOption({ label: 'Modified a shoe' });
    const entry = main(page)
      .getByRole('region', { name: /Entries/ })
      .getByRole('listitem')
      .filter({ hasText: name });
    await expect(entry).toHaveCount(1);
    // Only what changed, each a term and its old and new values (the raw values' list is closed).
    const changes = entry.locator('dl').first();
    await expect(changes.getByRole('term')).toHaveText(['Price', 'Size 9 stock']);
    const [price, stock] = [changes.getByRole('definition').first(), changes.getByRole('definition').nth(1)];
    await expect(price.locator('del')).toHaveText('was $120');
    await expect(price.locator('ins')).toHaveText('now $99');
    await expect(price).toHaveText(/^was \$120\s*→\s*now \$99$/);
    await expect(stock.locator('del')).toHaveText('was 13');
    await expect(stock.locator('ins')).toHaveText('now 0');

    // The stored values, closed until asked for.
    const raw = entry.locator('details');
    const rawValues = raw.locator('pre');
    await expect(raw).not.toHaveAttribute('open');
    await expect(rawValues.first()).toBeHidden();
    await raw.getByText('Raw values', { exact: true }).click();
    await expect(raw).toHaveAttribute('open');
    await expect(rawValues).toHaveCount(2);
    await expect(rawValues.first()).toBeVisible();
    await expect(rawValues.first()).toContainText('"price": 120');
    await expect(rawValues.nth(1)).toContainText('"price": 99');
    await expect(rawValues.nth(1)).toContainText('"quantity": 0');

    // axe, with both lists showing: the changes and the raw values.
    await expectNoAxeViolations(page, { seriousOnly: false, include: 'main' });
  } finally {
    expect((await page.request.delete(`/api/shoes/${shoeId}`, { headers })).status()).toBe(200);
    expect((await page.request.delete(`/api/brands/${brandId}`, { headers })).status()).toBe(200);
  }
});
