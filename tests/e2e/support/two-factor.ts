import { expect, type Locator, type Page } from '@playwright/test';
import {
  authenticatorCode,
  emailField,
  expectSignedIn,
  expectSignedOut,
  passwordField,
  signInForm,
  type Credentials,
} from './accounts';
import { expectPath, toast } from './shop';

/**
 * Sets two-step sign-in up in the browser, wherever the setup shows (/account, or the admin
 * panel's gate for staff): the password, then the secret read from the page as a person would
 * type it into an authenticator app, then the app's code. Returns the secret and the recovery codes.
 */
export async function setUpTwoFactor(
  page: Page,
  scope: Locator,
  password: string,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  const start = scope.getByRole('form', { name: 'Set up two-step sign-in' });
  await start.getByLabel('Type your password to begin').fill(password);
  await start.getByRole('button', { name: 'Set up two-step sign-in' }).click();

  await expect(scope.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await scope.getByLabel('Secret key').innerText()).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  const recoveryCodes = await scope
    .getByRole('list', { name: 'Recovery codes' })
    .getByRole('listitem')
    .allInnerTexts();
  expect(recoveryCodes).toHaveLength(10);

  const confirm = scope.getByRole('form', { name: 'Confirm two-step sign-in' });
  await confirm.getByLabel('3. Enter the 6-digit code the app shows').fill(await authenticatorCode(secret));
  await confirm.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await expect(toast(page, 'Two-step sign-in is on')).toBeVisible();
  return { secret, recoveryCodes };
}

/** /signin's first step with the right password of an account with two-step sign-in on: the code's form. */
export async function passwordStep(page: Page, credentials: Credentials): Promise<Locator> {
  await page.goto('/signin');
  const form = signInForm(page);
  await emailField(form).fill(credentials.email);
  await passwordField(form).fill(credentials.password);
  await form.getByRole('button', { name: 'Sign in', exact: true }).click();
  const step = page.getByRole('form', { name: 'Two-step sign-in' });
  await expect(step).toBeVisible();
  await expectSignedOut(page);
  return step;
}

/** Both steps of /signin, the code from the authenticator set up with `secret`; on to /account. */
export async function signInWithCodeThroughUi(
  page: Page,
  credentials: Credentials,
  secret: string,
): Promise<void> {
  const step = await passwordStep(page, credentials);
  await step.getByLabel('Code from your authenticator app').fill(await authenticatorCode(secret));
  await step.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(toast(page, 'Welcome again!')).toBeVisible();
  await expectPath(page, '/account');
  await expectSignedIn(page);
}
