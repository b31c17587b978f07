import fs from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import {
  accountLink,
  adminLink,
  adminSecretOf,
  emailField,
  expectSignedIn,
  expectSignedOut,
  newCredentials,
  passwordField,
  profileCard,
  sameOrigin,
  setUserStatus,
  signInAsAdmin,
  signInForm,
  signInThroughUi,
  signInWithSession,
  signUpForm,
  signUpThroughUi,
} from './support/accounts';
import { signInWithCodeThroughUi } from './support/two-factor';
import { expect, test } from './support/fixtures';
import { ADMIN, GOOGLE_USER } from './support/identities';
import { linkIn, newestMailTo } from './support/mail';
import { expectPath, main, navigateInApp, toast } from './support/shop';

const pageTitle = (page: Page): Locator => main(page).getByRole('heading', { level: 1 });
const logoutButton = (page: Page): Locator => profileCard(page).getByRole('button', { name: 'Logout' });
const profileImage = (page: Page): Locator =>
  profileCard(page).getByRole('img', { name: 'Your profile image' });
const submit = (form: Locator, name: string): Locator => form.getByRole('button', { name, exact: true });

/** A field shows `message` under it (its accessible description) and is marked invalid. */
async function expectFieldError(field: Locator, message: string): Promise<void> {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
}

async function expectNoFieldError(field: Locator): Promise<void> {
  await expect(field).not.toHaveAttribute('aria-invalid', 'true');
}

test.describe('accounts', () => {
  test('a shopper signs up, signs out and signs in again', async ({ page }) => {
    const credentials = newCredentials('signup');
    await page.goto('/');
    await expectSignedOut(page);

    await signUpThroughUi(page, credentials);
    const name = credentials.email.split('@')[0]!;
    await expect(pageTitle(page)).toHaveText(`Hi, ${name}`);
    await expect(profileCard(page)).toContainText(credentials.email);
    await expect(profileImage(page)).toHaveAttribute('src', '/default-avatar.svg');
    // The header's account icon shows the account's avatar and leads to it.
    await expect(accountLink(page).locator('img')).toHaveAttribute('src', '/default-avatar.svg');

    await logoutButton(page).click();
    await expect(toast(page, 'You logout')).toBeVisible();
    await expect(toast(page, 'See you later!')).toBeVisible();
    await expectPath(page, '/');
    await expectSignedOut(page);
    await page.goto('/account');
    await expectPath(page, '/signin');

    await signInThroughUi(page, credentials);
    await expect(pageTitle(page)).toHaveText(`Hi, ${name}`);
  });

  test('sign-in and sign-up explain a wrong password, an unknown email and a taken address', async ({
    page,
    shopper,
  }) => {
    await page.goto('/signin');
    const signIn = signInForm(page);
    await emailField(signIn).fill(shopper.email);
    await passwordField(signIn).fill(`${shopper.password}-wrong`);
    await submit(signIn, 'Sign in').click();
    await expectFieldError(passwordField(signIn), 'Wrong Password');
    await expectPath(page, '/signin');

    await emailField(signIn).fill(`nobody-${shopper.email}`);
    await passwordField(signIn).fill(shopper.password);
    await submit(signIn, 'Sign in').click();
    await expectFieldError(emailField(signIn), 'User not found');
    await expectPath(page, '/signin');
    await expectSignedOut(page);

    await page.goto('/createaccount');
    const signUp = signUpForm(page);
    await emailField(signUp).fill(shopper.email);
    await passwordField(signUp).fill('another-password');
    await submit(signUp, 'Create account').click();
    await expectFieldError(emailField(signUp), 'Email already in use');
    await expectPath(page, '/createaccount');
    await expectSignedOut(page);
  });

  test('form errors show only for the fields the shopper touched', async ({ page }) => {
    await page.goto('/signin');
    const signIn = signInForm(page);
    await emailField(signIn).fill('not-an-email');
    await expectNoFieldError(emailField(signIn));
    await passwordField(signIn).focus();
    await expectFieldError(emailField(signIn), 'Use a valid email');
    await expectNoFieldError(passwordField(signIn));

    await passwordField(signIn).fill('12345');
    await emailField(signIn).focus();
    await expectFieldError(passwordField(signIn), 'The Password should be at least 6 characters');

    // Submitting touches every field: an empty password asks to be filled.
    await emailField(signIn).fill('someone@example.com');
    await passwordField(signIn).fill('');
    await submit(signIn, 'Sign in').click();
    await expectNoFieldError(emailField(signIn));
    await expectFieldError(passwordField(signIn), 'Fill the password');

    await page.goto('/createaccount');
    const signUp = signUpForm(page);
    await passwordField(signUp).fill('123');
    await emailField(signUp).focus();
    await expectFieldError(passwordField(signUp), 'The Password should be at least 6 characters');
    await expectNoFieldError(emailField(signUp));
    await emailField(signUp).fill('still@wrong');
    await passwordField(signUp).focus();
    await expectFieldError(emailField(signUp), 'Use a valid email');
    await expectSignedOut(page);
  });

  test('a signed-in shopper who opens /signin or /createaccount goes to /account', async ({
    page,
    shopper,
  }) => {
    await signInWithSession(page.context(), shopper);
    await page.goto('/signin');
    await expectPath(page, '/account');
    await expect(profileCard(page)).toContainText(shopper.email);
    await page.goto('/createaccount');
    await expectPath(page, '/account');
  });

  test('a forgotten password is reset through the mailed link, which works only once', async ({
    page,
    account,
    baseURL,
  }) => {
    await page.goto('/forget');
    await expect(pageTitle(page)).toHaveText('Recover your password');
    const recover = page.getByRole('form', { name: 'Recover your password' });
    await expect(main(page).getByRole('link', { name: 'Back Home' })).toHaveAttribute('href', '/');

    // An address with no account is told so.
    await emailField(recover).fill(`nobody-${account.email}`);
    await submit(recover, 'Send Email').click();
    await expectFieldError(emailField(recover), 'User not found');

    await emailField(recover).fill(account.email);
    await submit(recover, 'Send Email').click();
    await expect(toast(page, 'Email send')).toBeVisible();
    await expect(recover.getByRole('status')).toContainText('Email send');

    const mail = await newestMailTo(account.email, /password/i);
    const link = linkIn(mail, '/reset-password');
    expect(link.origin).toBe(new URL(baseURL!).origin);
    expect(link.searchParams.get('token')).toBeTruthy();

    const newPassword = `${account.password}-new`;
    await page.goto(link.href);
    await expect(pageTitle(page)).toHaveText('Choose a new password');
    const choose = page.getByRole('form', { name: 'Choose a new password' });
    await choose.getByLabel('New password', { exact: true }).fill(newPassword);
    await choose.getByLabel('Repeat the new password', { exact: true }).fill(newPassword);
    await submit(choose, 'Save new password').click();
    await expect(main(page).getByRole('status')).toContainText(
      'Your password was changed, sign in with it now',
    );

    await signInThroughUi(page, { email: account.email, password: newPassword });

    // The same link a second time: used up.
    await page.goto(link.href);
    const again = page.getByRole('form', { name: 'Choose a new password' });
    await again.getByLabel('New password', { exact: true }).fill('yet-another-one');
    await again.getByLabel('Repeat the new password', { exact: true }).fill('yet-another-one');
    await submit(again, 'Save new password').click();
    await expect(main(page).getByRole('status')).toContainText(
      'This reset link has expired or was already used',
    );
    await expect(main(page).getByRole('link', { name: 'Recover your password' })).toHaveAttribute(
      'href',
      '/forget',
    );
  });

  test('a shopper changes their display name, password and profile image', async ({
    page,
    account,
  }, testInfo) => {
    await signInWithSession(page.context(), account);
    await page.goto('/account');
    await expect(pageTitle(page)).toHaveText(`Hi, ${account.name}`);

    const profile = page.getByRole('form', { name: 'Profile' });
    await expect(profile.getByLabel('Email', { exact: true })).toHaveValue(account.email);
    await expect(profile.getByLabel('Email', { exact: true })).not.toBeEditable();
    await profile.getByLabel('Display name').fill('Ana Lima');
    await submit(profile, 'Update name').click();
    await expect(toast(page, 'Name Updated')).toBeVisible();
    await expect(pageTitle(page)).toHaveText('Hi, Ana Lima');
    await expect(profileCard(page)).toContainText('Ana Lima');

    const newPassword = `${account.password}-changed`;
    const password = page.getByRole('form', { name: 'Change password' });
    await password.getByLabel('Current password', { exact: true }).fill(account.password);
    await password.getByLabel('New password', { exact: true }).fill(newPassword);
    await submit(password, 'Change password').click();
    await expect(toast(page, 'Password Updated')).toBeVisible();

    // A small PNG, as a phone would pick it.
    const avatarFile = testInfo.outputPath('avatar.png');
    fs.writeFileSync(
      avatarFile,
      await sharp({ create: { width: 64, height: 64, channels: 3, background: '#e4572e' } })
        .png()
        .toBuffer(),
    );
    await expect(profileImage(page)).toHaveAttribute('src', '/default-avatar.svg');
    const avatar = page.getByRole('form', { name: 'Profile image' });
    await avatar.getByLabel('Image file').setInputFiles(avatarFile);
    await expect(avatar.getByRole('img', { name: 'Preview of the chosen image' })).toBeVisible();
    await submit(avatar, 'Upload image').click();
    await expect(toast(page, 'Image Upload')).toBeVisible();
    await expect(profileImage(page)).not.toHaveAttribute('src', '/default-avatar.svg');
    const uploaded = await profileImage(page).getAttribute('src');
    await expect(accountLink(page).locator('img')).toHaveAttribute('src', uploaded!);
    // The new image is really served.
    const image = await page.request.get(uploaded!);
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toMatch(/^image\//);

    // Signed out, the new password lets them back in, to the same profile.
    await logoutButton(page).click();
    await expectPath(page, '/');
    await signInThroughUi(page, { email: account.email, password: newPassword });
    await expect(pageTitle(page)).toHaveText('Hi, Ana Lima');
    await expect(profileImage(page)).toHaveAttribute('src', uploaded!);
  });

  test('with Google not configured there is no Google button at all (issue 32)', async ({ page }) => {
    // This shop has a Google client: answer as a shop without one would. Inside the app, so the
    // browser asks (a page load brings the server's answer with the HTML).
    await page.route('**/api/account/providers', (route) => route.fulfill({ json: { google: false } }));
    await navigateInApp(page, '/signin');
    await expect(main(page).getByRole('button', { name: 'Sign in with a passkey' })).toBeVisible();
    await expect(main(page).getByRole('button', { name: /Google/ })).toHaveCount(0);
  });

  test('a passkey at an address that cannot use passkeys says why (issue 32)', async ({ page }) => {
    // The shop here is at 127.0.0.1: an IP address is no relying party, so the browser refuses.
    await page.goto('/signin');
    await main(page).getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(toast(page, 'This address cannot use passkeys')).toBeVisible();
  });

  test('the Google button signs in through OpenID Connect', async ({ page }) => {
    await page.goto('/signin');
    const google = main(page).getByRole('button', { name: 'Continue with Google' });
    await expect(google).toBeEnabled();
    await google.click();
    await expect(toast(page, 'Welcome Google User!')).toBeVisible();
    await expectPath(page, '/account');
    // The greeting is said once: the parameter that asked for it is gone.
    await expect(page).toHaveURL((url) => url.search === '');
    await expect(profileCard(page)).toContainText(GOOGLE_USER.email);
    await expect(pageTitle(page)).toHaveText(`Hi, ${GOOGLE_USER.name}`);
    await expectSignedIn(page);
  });

  test('a disabled shopper is thrown out and cannot sign in again', async ({
    page,
    account,
    request,
    baseURL,
  }) => {
    await signInWithSession(page.context(), account);
    await page.goto('/account');
    await expect(profileCard(page)).toContainText(account.email);

    await signInAsAdmin(request, baseURL!);
    await setUserStatus(request, baseURL!, account.id, 'Disabled');

    // On their next visit they are warned, sent home and signed out (spec §4).
    await page.reload();
    await expect(toast(page, 'Your account is Disabled or Eliminated')).toBeVisible();
    await expectPath(page, '/');
    await expectSignedOut(page);

    // Signing in again is refused with the spec's warning, and they are sent home.
    await page.goto('/signin');
    const form = signInForm(page);
    await emailField(form).fill(account.email);
    await passwordField(form).fill(account.password);
    await submit(form, 'Sign in').click();
    await expect(toast(page, 'Your account is Disabled or Eliminated')).toBeVisible();
    await expectPath(page, '/');
    await expectSignedOut(page);
  });

  test('a shopper sees no Admin link, no admin page and is refused by the admin API', async ({
    page,
    shopper,
    baseURL,
  }) => {
    await signInWithSession(page.context(), shopper);
    await page.goto('/account');
    await expect(profileCard(page)).toContainText(shopper.email);
    await expect(adminLink(page)).toHaveCount(0);
    await expect(profileCard(page).getByRole('link', { name: 'Admin' })).toHaveCount(0);

    // Spec §2 admin routes: whatever they show a shopper, it is nothing of the admin panel.
    for (const path of ['/admin', '/orders', '/createshoes', '/createbrand', '/createsize', '/modifshoe']) {
      await page.goto(path);
      await expect(main(page).getByRole('heading', { level: 1 })).toBeVisible();
      await expect(main(page).getByRole('heading', { name: /admin|create|modify/i })).toHaveCount(0);
      await expect(adminLink(page)).toHaveCount(0);
    }

    // The server is the authority: the admin endpoints refuse a shopper.
    expect((await page.request.get('/api/users')).status()).toBe(403);
    const promote = await page.request.put(`/api/users/${shopper.id}`, {
      data: { manager: true },
      headers: sameOrigin(baseURL!),
    });
    expect(promote.status()).toBe(403);
  });

  test('the administrator, signed in through the UI, sees the Admin link', async ({ page, baseURL }) => {
    await page.goto('/');
    await expect(adminLink(page)).toHaveCount(0);
    // The administrator has two-step sign-in on (global setup): the password, then the app's code.
    await signInWithCodeThroughUi(page, ADMIN, adminSecretOf(baseURL!));
    await expect(adminLink(page)).toHaveAttribute('href', '/admin');
    await expect(profileCard(page).getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
    await expect(profileCard(page)).toContainText('Administrator');
    const users = await page.request.get('/api/users');
    expect(users.status()).toBe(200);
  });
});
