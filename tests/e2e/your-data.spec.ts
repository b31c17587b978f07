import fs from 'node:fs';
import { createAccount, emailField, passwordField, signInForm, signInWithSession } from './support/accounts';
import { expect, test } from './support/fixtures';
import { expectPath, main, toast } from './support/shop';

/**
 * Your data (issue 20): a shopper downloads everything the shop holds about them, then deletes
 * their account with their password; they are signed out, and the address no longer signs in.
 */
test('a shopper downloads their data, then deletes their account', async ({ page, playwright, baseURL }) => {
  const account = await createAccount(playwright.request, baseURL!, 'leaving');
  await signInWithSession(page.context(), account);
  await page.goto('/account');
  const download = page.waitForEvent('download');
  await main(page)
    .getByRole('region', { name: 'Your data' })
    .getByRole('link', { name: 'Download my data' })
    .click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^sneaker-street-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(fs.readFileSync((await file.path())!, 'utf8'));
  expect(data.profile).toMatchObject({ id: account.id, email: account.email });
  expect(data.orders).toEqual([]);

  // Leaving is the page's last, closed disclosure (account-page.spec.ts).
  const leaving = main(page).getByRole('region', { name: 'Delete account' });
  await leaving.getByRole('button', { name: 'Delete account' }).click();
  const form = leaving.getByRole('form', { name: 'Delete my account' });
  await form.getByLabel('Type your password to delete your account').fill('not-my-password');
  await form.getByRole('button', { name: 'Delete my account' }).click();
  await expect(form.getByLabel('Type your password to delete your account')).toHaveAccessibleDescription(
    /Wrong Password/,
  );
  await form.getByLabel('Type your password to delete your account').fill(account.password);
  await form.getByRole('button', { name: 'Delete my account' }).click();
  await expect(toast(page, 'Your account was deleted')).toBeVisible();
  await expectPath(page, '/');

  await page.goto('/signin');
  const signIn = signInForm(page);
  await emailField(signIn).fill(account.email);
  await passwordField(signIn).fill(account.password);
  await signIn.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(emailField(signIn)).toHaveAccessibleDescription(/User not found/);
});
