import fs from 'node:fs';
import { CATALOGUE_CSV_COLUMNS } from '../../src/domain/catalogue-csv';
import { MESSAGES } from '../../src/domain/messages';
import { ORDERS_CSV_COLUMNS } from '../../src/domain/orders-csv';
import { expect, signInAsAdminWithSession, test } from './support/admin';

/** The CSV exports of the admin panel (issue 33 item 4): each downloads a file with its header row. */
const headerOf = (text: string) => text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0];

test('the administrator downloads the catalogue and the orders as CSV files', async ({
  page,
  context,
  ownShop,
}) => {
  await signInAsAdminWithSession(context, ownShop);
  await page.goto('/admin');
  const exports = page.getByRole('region', { name: 'CSV exports' });

  const catalogue = page.waitForEvent('download');
  await exports.getByRole('link', { name: 'Export catalogue (CSV)' }).click();
  const catalogueFile = await catalogue;
  expect(catalogueFile.suggestedFilename()).toMatch(/^catalogue-\d{4}-\d{2}-\d{2}\.csv$/);
  const catalogueText = fs.readFileSync(await catalogueFile.path(), 'utf8');
  expect(headerOf(catalogueText)).toBe(CATALOGUE_CSV_COLUMNS.join(','));
  // The demo catalogue: one row per shoe and size after the header.
  expect(catalogueText.trim().split(/\r?\n/).length).toBeGreaterThan(10);

  // A range longer than a year is said beside its field, and nothing downloads.
  const form = exports.getByRole('form', { name: 'Export orders' });
  await form.getByLabel('From').fill('2024-01-01');
  await form.getByLabel('To').fill('2025-06-30');
  await form.getByRole('button', { name: 'Export orders (CSV)' }).click();
  await expect(form.getByText(MESSAGES.ordersExport.tooLong(366))).toBeVisible();
  await expect(form.getByLabel('To')).toHaveAttribute('aria-invalid', 'true');

  await form.getByLabel('From').fill('2025-01-01');
  await form.getByLabel('To').fill('2025-12-31');
  const orders = page.waitForEvent('download');
  await form.getByRole('button', { name: 'Export orders (CSV)' }).click();
  const ordersFile = await orders;
  expect(ordersFile.suggestedFilename()).toBe('orders-2025-01-01-to-2025-12-31.csv');
  expect(headerOf(fs.readFileSync(await ordersFile.path(), 'utf8'))).toBe(ORDERS_CSV_COLUMNS.join(','));
  await expect(page).toHaveURL(/\/admin$/);
});
