import {
  authenticatorCode,
  expectSignedIn,
  expectSignedOut,
  profileCard,
  signInWithSession,
} from './support/accounts';
import { expect, test } from './support/fixtures';
import { expectPath, main, toast } from './support/shop';
import { passwordStep, setUpTwoFactor } from './support/two-factor';
import type { Page } from '@playwright/test';

async function signOut(page: Page) {
  await page.goto('/account');
  await profileCard(page).getByRole('button', { name: 'Logout' }).click();
  await expectSignedOut(page);
}

/**
 * Two-step sign-in (issue 20): a shopper sets it up on /account with an authenticator app (the
 * secret read off the page), signs in with the app's code and with a recovery code, and turns it
 * off with the password.
 */
test('a shopper turns two-step sign-in on, signs in with a code and a recovery code, and turns it off', async ({
  page,
  account,
}) => {
  await signInWithSession(page.context(), account);
  await page.goto('/account');
  const section = main(page).getByRole('region', { name: 'Two-step sign-in' });
  const { secret, recoveryCodes } = await setUpTwoFactor(page, section, account.password);
  await expect(section.getByText('Two-step sign-in is on', { exact: true })).toBeVisible();

  await signOut(page);
  const step = await passwordStep(page, account);
  const code = step.getByLabel('Code from your authenticator app');
  await code.fill('000000');
  await step.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(step.getByText('That code is not right')).toBeVisible();
  await code.fill(await authenticatorCode(secret));
  await step.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(toast(page, 'Welcome again!')).toBeVisible();
  await expectPath(page, '/account');
  await expectSignedIn(page);

  await signOut(page);
  const again = await passwordStep(page, account);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await again.getByLabel('Recovery code').fill(recoveryCodes[0]!);
  await again.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(toast(page, 'Welcome again!')).toBeVisible();
  await expectSignedIn(page);

  await page.goto('/account');
  const off = section.getByRole('form', { name: 'Turn off two-step sign-in' });
  await off.getByLabel('Your password').fill(account.password);
  await off.getByRole('button', { name: 'Turn off two-step sign-in' }).click();
  await expect(toast(page, 'Two-step sign-in is off')).toBeVisible();
  await expect(section.getByRole('form', { name: 'Set up two-step sign-in' })).toBeVisible();
});
