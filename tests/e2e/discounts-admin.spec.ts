import { dashboardTable, expect, searchTable, signInAsAdminWithSession, test } from './support/admin';
import { expectPath, main, toast } from './support/shop';

/**
 * The administrator's discount codes (issue 18), on the admin tests' own shop (support/admin.ts):
 * created on the form, found in the dashboard's table, edited, deactivated; not among the personal codes.
 */
test('the administrator creates a discount code, finds it, edits it and deactivates it', async ({
  page,
  ownShop,
}) => {
  await signInAsAdminWithSession(page.context(), ownShop);
  const code = `ADM${Date.now().toString(36).toUpperCase()}`;
  await page.goto('/admin');
  await main(page)
    .getByRole('link', { name: /Create discount code/ })
    .click();
  await expectPath(page, '/discountcode');

  const form = page.getByRole('form', { name: 'Create discount code' });
  // The form's own rules first: a percentage is 1 to 90.
  await form.getByLabel('Code', { exact: true }).fill(code.toLowerCase());
  await form.getByLabel('Percentage', { exact: true }).fill('95');
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(form.getByText('A percentage is a whole number from 1 to 90')).toBeVisible();
  await form.getByLabel('Percentage', { exact: true }).fill('20');
  await form.getByLabel('Applies to').selectOption('not_on_sale');
  await form.getByLabel('Number of uses (optional)').fill('10');
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(toast(page, `${code} created`)).toBeVisible();
  await expectPath(page, '/admin');

  const table = dashboardTable(page, 'Discount codes');
  const row = await searchTable(table, 'Discount codes', code);
  await expect(row).toContainText('20% · Not on sale');
  await expect(row).toContainText('0 / 10 used');

  await row.getByRole('link', { name: `Edit ${code}` }).click();
  const edit = page.getByRole('form', { name: 'Edit discount code' });
  await expect(edit.getByLabel('Code', { exact: true })).toHaveValue(code);
  await edit.getByLabel('Percentage', { exact: true }).fill('15');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, `${code} saved`)).toBeVisible();

  const again = await searchTable(dashboardTable(page, 'Discount codes'), 'Discount codes', code);
  await expect(again).toContainText('15% · Not on sale');
  const active = again.getByRole('switch', { name: `Active: ${code}` });
  await expect(active).toHaveAttribute('aria-checked', 'true');
  await active.click();
  await expect(toast(page, `${code} is deactivated`)).toBeVisible();
  await expect(active).toHaveAttribute('aria-checked', 'false');

  // The second cart reminder's codes, one per shopper, have a tab of their own: this one is for everyone.
  const personal = table.getByRole('button', { name: 'Personal (cart reminders)' });
  await personal.click();
  await expect(personal).toHaveAttribute('aria-pressed', 'true');
  await expect(table.getByRole('row').filter({ hasText: code })).toHaveCount(0);
  await expect(table).toContainText('No discount codes match your search.');
  await table.getByRole('button', { name: 'For everyone' }).click();
  await expect(table.getByRole('row').filter({ hasText: code })).toHaveCount(1);
});
