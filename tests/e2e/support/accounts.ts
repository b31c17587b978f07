import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  expect,
  type APIRequest,
  type APIRequestContext,
  type BrowserContext,
  type Locator,
  type Page,
  type TestInfo,
  test,
} from '@playwright/test';
import { unusedAuthenticatorCode } from '../../fixtures/authenticator-codes';
import { uniqueEmail } from './catalog';
import { ADMIN } from './identities';
import { rememberShopperPassword } from './server-log';
import { expectPath, header, toast } from './shop';

/**
 * Accounts for the browser tests. Sign-up and sign-in are rate-limited per address (10 and 20 a
 * minute) and every test runs from 127.0.0.1, so journeys that only need *a* signed-in shopper
 * get one made through the API (its session cookie handed to the browser), and the UI helpers
 * are kept for the journeys about signing up and in.
 */

export interface Credentials {
  email: string;
  password: string;
}

type Cookies = Awaited<ReturnType<APIRequestContext['storageState']>>['cookies'];

/** An account made through the API, with the session it was signed in with. */
export interface Account extends Credentials {
  /** The user's id (`_id` of the user record). */
  id: string;
  /** The display name the shop gave it at sign-up: the email's local part. */
  name: string;
  /** The session cookies, for a browser context to be signed in as this account. */
  cookies: Cookies;
}

/** Fresh credentials: a unique address and a password that meets the rules. */
export function newCredentials(tag: string): Credentials {
  const password = `Pw-${Math.random().toString(36).slice(2, 10)}`;
  // The shops' logs are searched for it once the run ends (support/server-log.ts).
  rememberShopperPassword(password);
  return { email: uniqueEmail(tag), password };
}

/** The API refuses writes whose Origin is not the shop's own. */
export const sameOrigin = (baseURL: string): Record<string, string> => ({ Origin: new URL(baseURL).origin });

let accountsMade = 0;

/**
 * A client address of its own for each account the tests make: the shop limits sign-ups per
 * address (10 a minute), and the browser tests make more than that. playwright.config.ts has the
 * shop trust the loopback proxy's X-Forwarded-For, as it would behind a real proxy.
 */
const ownAddress = () => {
  accountsMade += 1;
  return `10.${process.pid % 250}.${Math.floor(accountsMade / 250) % 250}.${(accountsMade % 250) + 1}`;
};

/** Signs up through the API (`POST /api/account/sign-up`) and keeps the session it opened. */
export async function createAccount(requests: APIRequest, baseURL: string, tag: string): Promise<Account> {
  const credentials = newCredentials(tag);
  const request = await requests.newContext({ baseURL });
  try {
    const response = await request.post('/api/account/sign-up', {
      data: credentials,
      headers: { ...sameOrigin(baseURL), 'X-Forwarded-For': ownAddress() },
    });
    expect(response.status(), await response.text()).toBe(200);
    const { user } = (await response.json()) as { user: { _id: string; name: string } };
    const { cookies } = await request.storageState();
    return { ...credentials, id: user._id, name: user.name, cookies };
  } finally {
    await request.dispose();
  }
}

/** The browser context is signed in as `account` from now on (its pages send the session cookie). */
export async function signInWithSession(context: BrowserContext, account: Account): Promise<void> {
  await context.addCookies(account.cookies);
}

/**
 * The administrator's authenticator secret per shop: the shared shop's is set up once by global
 * setup (E2E_ADMIN_TOTP_SECRET, which workers inherit); a worker's own shop's at its first sign-in.
 */
const adminSecrets = new Map<string, string>();

/** The administrator's authenticator secret on the shop at `baseURL` (after signInAsAdmin there). */
export function adminSecretOf(baseURL: string): string {
  const secret = adminSecrets.get(baseURL) ?? process.env.E2E_ADMIN_TOTP_SECRET;
  if (!secret) throw new Error(`no test set the administrator of ${baseURL} up with two-step sign-in`);
  return secret;
}

/**
 * The codes the browser tests typed, one file each, shared by the workers of a run: the shop takes
 * each code once, and two workers may sign the shared shop's administrator in within one step.
 * Creating a file fails if it exists, so exactly one worker gets each code.
 */
const typedCodesDir = path.join(
  os.tmpdir(),
  `${path.basename(process.env.E2E_DATA_DIR ?? 'shop-e2e')}-codes`,
);

function claimCode(secret: string, code: string): boolean {
  fs.mkdirSync(typedCodesDir, { recursive: true });
  const name = crypto.createHash('sha256').update(`${secret}:${code}`).digest('hex');
  try {
    fs.writeFileSync(path.join(typedCodesDir, name), '', { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * A code the authenticator app for `secret` (base32, as the setup shows it) shows about now, one
 * no test of this run typed before.
 */
export const authenticatorCode = (secret: string): Promise<string> =>
  unusedAuthenticatorCode(secret, claimCode, (ms) => {
    // Waiting for the next code is time the test did not spend; none to give outside a test.
    const running = currentTest();
    running?.setTimeout(running.timeout + ms);
  });

function currentTest(): TestInfo | undefined {
  try {
    return test.info();
  } catch {
    return undefined; // global setup
  }
}

/**
 * Signs `request` in as the administrator (ADMIN_EMAIL / ADMIN_PASSWORD) through the API, with the
 * authenticator code the admin panel requires; the first time on a shop, it sets two-step sign-in
 * up as the admin panel makes staff do. Returns the authenticator secret.
 */
export async function signInAsAdmin(request: APIRequestContext, baseURL: string): Promise<string> {
  const headers = { ...sameOrigin(baseURL), 'X-Forwarded-For': ownAddress() };
  const response = await request.post('/api/account/sign-in', { data: ADMIN, headers });
  expect(response.status(), await response.text()).toBe(200);
  if (!((await response.json()) as { twoFactorRequired?: boolean }).twoFactorRequired) {
    const setup = await request.post('/api/account/two-factor/setup', {
      data: { password: ADMIN.password },
      headers,
    });
    expect(setup.status(), await setup.text()).toBe(200);
    const { secret } = (await setup.json()) as { secret: string };
    const confirmed = await request.post('/api/account/two-factor/confirm', {
      data: { code: await authenticatorCode(secret) },
      headers,
    });
    expect(confirmed.status(), await confirmed.text()).toBe(200);
    adminSecrets.set(baseURL, secret);
    return secret;
  }
  const secret = adminSecrets.get(baseURL) ?? process.env.E2E_ADMIN_TOTP_SECRET;
  if (!secret)
    throw new Error(`the administrator of ${baseURL} has two-step sign-in on, but no test set it up`);
  const second = await request.post('/api/account/sign-in/two-factor', {
    data: { code: await authenticatorCode(secret) },
    headers,
  });
  expect(second.status(), await second.text()).toBe(200);
  return secret;
}

/** As the administrator (`request` signed in by signInAsAdmin): set a user's status. */
export async function setUserStatus(
  request: APIRequestContext,
  baseURL: string,
  userId: string,
  status: 'Enabled' | 'Disabled' | 'Eliminated',
): Promise<void> {
  const response = await request.put(`/api/users/${userId}`, {
    data: { status },
    headers: sameOrigin(baseURL),
  });
  expect(response.status(), await response.text()).toBe(200);
  expect(((await response.json()) as { status: string }).status).toBe(status);
}

/** The header's account icon: to /account when signed in, to /signin otherwise. */
export const accountLink = (page: Page): Locator =>
  header(page).getByRole('link', { name: 'Account', exact: true });
export const adminLink = (page: Page): Locator =>
  header(page).getByRole('link', { name: 'Admin', exact: true });

export const signInForm = (page: Page): Locator => page.getByRole('form', { name: 'Sign in' });
export const signUpForm = (page: Page): Locator => page.getByRole('form', { name: 'Create account' });
export const emailField = (form: Locator): Locator => form.getByLabel('Email', { exact: true });
export const passwordField = (form: Locator): Locator => form.getByLabel('Password', { exact: true });

/** The account page's profile card: avatar, name, email, links and Logout. */
export const profileCard = (page: Page): Locator => page.getByRole('complementary', { name: 'Your profile' });

/** The header shows the signed-in account: its icon leads to /account. */
export async function expectSignedIn(page: Page): Promise<void> {
  await expect(accountLink(page)).toHaveAttribute('href', '/account');
}

/** The header shows nobody signed in: its icon leads to /signin. */
export async function expectSignedOut(page: Page): Promise<void> {
  await expect(accountLink(page)).toHaveAttribute('href', '/signin');
}

/** Spec §2 /createaccount: email and password; the welcome naming the shop; on to /account. */
export async function signUpThroughUi(page: Page, credentials: Credentials): Promise<void> {
  await page.goto('/createaccount');
  const form = signUpForm(page);
  await emailField(form).fill(credentials.email);
  await passwordField(form).fill(credentials.password);
  await form.getByRole('button', { name: 'Create account', exact: true }).click();
  await expect(toast(page, 'Welcome to Sneaker Street!')).toBeVisible();
  await expectPath(page, '/account');
  await expectSignedIn(page);
}

/** Spec §2 /signin: email and password; 'Welcome again!'; on to /account. */
export async function signInThroughUi(page: Page, credentials: Credentials): Promise<void> {
  await page.goto('/signin');
  const form = signInForm(page);
  await emailField(form).fill(credentials.email);
  await passwordField(form).fill(credentials.password);
  await form.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(toast(page, 'Welcome again!')).toBeVisible();
  await expectPath(page, '/account');
  await expectSignedIn(page);
}
