import { expect, lettersName, signInAsAdminWithSession, test } from './support/admin';
import { sameOrigin } from './support/accounts';
import { ADMIN } from './support/identities';
import { main } from './support/shop';

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
  await expect(entry).toContainText(`{"name":"${name}"}`);

  await filters.getByLabel('Person').fill('nobody-at-all');
  await expect(main(page).getByText('Nothing matches.')).toBeVisible();
});
