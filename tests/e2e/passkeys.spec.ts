import type { BrowserContext, Page } from '@playwright/test';
import {
  createAccount,
  expectSignedIn,
  expectSignedOut,
  profileCard,
  sameOrigin,
  signInWithSession,
} from './support/accounts';
import { adminSession, startShop } from './support/admin';
import { expect, test as base } from './support/fixtures';
import { expectPath, main, toast } from './support/shop';

/**
 * Passkeys (issue 20) in Chromium with a virtual authenticator (the DevTools protocol's WebAuthn
 * domain): no real device. A passkey's relying party is a domain, so these run against a shop of
 * their own whose public address is http://localhost:<port>.
 */
const test = base.extend<object, { passkeyShop: { baseURL: string } }>({
  passkeyShop: [
    // Playwright reads a fixture's dependencies from its first parameter: this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const shop = await startShop('localhost');
      try {
        await use({ baseURL: shop.baseURL });
      } finally {
        await shop.stop();
      }
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ passkeyShop }, use) => {
    await use(passkeyShop.baseURL);
  },
});

/** A platform authenticator that holds discoverable credentials and says yes to every prompt. */
async function addVirtualAuthenticator(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

async function addPasskey(page: Page, name: string, password: string): Promise<void> {
  await page.goto('/account');
  const section = main(page).getByRole('region', { name: 'Passkeys' });
  const form = section.getByRole('form', { name: 'Add a passkey' });
  await form.getByLabel('Name (optional)').fill(name);
  await form.getByLabel('Your password').fill(password);
  await form.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(toast(page, 'Passkey added')).toBeVisible();
  await expect(section.getByRole('list', { name: 'Your passkeys' }).getByRole('listitem')).toHaveText([
    new RegExp(`^${name}`),
  ]);
}

async function signOutAndInWithPasskey(page: Page): Promise<void> {
  await page.goto('/account');
  await profileCard(page).getByRole('button', { name: 'Logout' }).click();
  await expectSignedOut(page);
  await page.goto('/signin');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(toast(page, 'Welcome again!')).toBeVisible();
  await expectSignedIn(page);
}

test('a shopper adds a passkey, signs in with it without a password, and removes it', async ({
  page,
  playwright,
  baseURL,
}) => {
  await addVirtualAuthenticator(page.context(), page);
  const shopper = await createAccount(playwright.request, baseURL!, 'passkey-shopper');
  await signInWithSession(page.context(), shopper);

  // A wrong password adds nothing.
  await page.goto('/account');
  const section = main(page).getByRole('region', { name: 'Passkeys' });
  const form = section.getByRole('form', { name: 'Add a passkey' });
  await form.getByLabel('Your password').fill('not-the-password');
  await form.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(form.getByText('Wrong Password')).toBeVisible();
  await expect(section.getByText('No passkey yet.')).toBeVisible();

  await addPasskey(page, 'Work laptop', shopper.password);
  await signOutAndInWithPasskey(page);
  await expectPath(page, '/account');

  await section.getByRole('button', { name: 'Remove Work laptop' }).click();
  await expect(toast(page, 'Passkey removed')).toBeVisible();
  await expect(section.getByText('No passkey yet.')).toBeVisible();
});

test('a manager with a passkey opens the admin panel: the passkey counts as two factors', async ({
  page,
  playwright,
  baseURL,
}) => {
  await addVirtualAuthenticator(page.context(), page);
  const manager = await createAccount(playwright.request, baseURL!, 'passkey-manager');
  const admin = await playwright.request.newContext({
    baseURL: baseURL!,
    storageState: { cookies: await adminSession(playwright.request, baseURL!), origins: [] },
  });
  const promoted = await admin.put(`/api/users/${manager.id}`, {
    data: { manager: true },
    headers: sameOrigin(baseURL!),
  });
  expect(promoted.status(), await promoted.text()).toBe(200);
  await admin.dispose();

  await signInWithSession(page.context(), manager);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Set up two-step sign-in' })).toBeVisible();

  await addPasskey(page, 'Phone', manager.password);
  // This session began with the password alone: the panel waits for a sign-in with the passkey.
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in with your code' })).toBeVisible();

  await signOutAndInWithPasskey(page);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
});
