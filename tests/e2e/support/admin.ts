import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  expect,
  type APIRequest,
  type APIRequestContext,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';
import sharp from 'sharp';
import { paymentMethodBody } from '../../fixtures/payment';
import { sameOrigin, signInAsAdmin, type Account } from './accounts';
import { test as base } from './fixtures';
import { ADMIN } from './identities';
import { checkServerLogText } from './server-log';

/**
 * The admin panel's browser tests. The rest of the suite shares one server and assumes the demo
 * catalogue never changes (brand menu, paging, sale and carousel counts are read once per
 * worker), so the journey that adds a brand and a shoe and puts it on sale runs against a shop of
 * its own: `ownShop` starts the same built app on another free port with a fresh data directory.
 */

const ROOT_DIR = path.resolve(import.meta.dirname, '../../..');

type Cookies = Account['cookies'];

export interface OwnShop {
  baseURL: string;
  /** The administrator's session there (signed in once, through the API). */
  adminCookies: Cookies;
}

interface AdminWorkerFixtures {
  /** A shop of this worker's own (demo catalogue, same administrator), for tests that change the catalogue. */
  ownShop: OwnShop;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Starts `src/server/main.ts` as playwright.config.ts's webServer does; resolves once it answers.
 * `host` names it in its public address: passkeys need a domain (`localhost`), never an IP address.
 * `extraEnv` adds settings of the test’s own (the webhooks spec lets its shop post to 127.0.0.1).
 */
export async function startShop(
  host: '127.0.0.1' | 'localhost' = '127.0.0.1',
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<{ baseURL: string; stop(): Promise<void> }> {
  const port = await freePort();
  const baseURL = `http://${host}:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-admin-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED: 'demo',
    // Every request, as the shared shop logs them: its log is searched for secrets when it stops.
    LOG_LEVEL: 'info',
    PUBLIC_URL: baseURL,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    // The shared server built the web app before any test ran.
    SHOP_SKIP_WEB_BUILD: '1',
    SMTP_URL: process.env.E2E_SMTP_PORT
      ? `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}?ignoreTLS=true`
      : undefined,
    ...extraEnv,
  };
  // Playwright's own loader hooks are not the shop's business.
  delete env.NODE_OPTIONS;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT_DIR,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Should the worker end without its teardown, the shop ends with it.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const halt = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(killer);
    }
    process.off('exit', killOnExit);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  /** Stops the shop, then reads its whole log as the global teardown reads the shared shop's. */
  const stop = async () => {
    await halt();
    checkServerLogText(output, `the log of the shop on ${baseURL}`, { minRequests: 1 });
  };

  // Compiling the server from source takes over a minute on a loaded 2-core machine.
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`${baseURL}/api/brands`)).ok) return { baseURL, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  await halt();
  throw new Error(`the admin tests' own shop did not start on ${baseURL}:\n${output}`);
}

/** Signs in as the administrator through the API and hands back the session cookies. */
export async function adminSession(requests: APIRequest, baseURL: string): Promise<Cookies> {
  const request = await requests.newContext({ baseURL });
  try {
    await signInAsAdmin(request, baseURL);
    return (await request.storageState()).cookies;
  } finally {
    await request.dispose();
  }
}

/** A shop started for the worker, its administrator signed in, stopped (and its data removed) after. */
async function startOwnShop(
  { playwright }: { playwright: { request: APIRequest } },
  use: (shop: OwnShop) => Promise<void>,
): Promise<void> {
  const shop = await startShop();
  try {
    await use({ baseURL: shop.baseURL, adminCookies: await adminSession(playwright.request, shop.baseURL) });
  } finally {
    await shop.stop();
  }
}

/**
 * `test` whose pages, requests and `account` fixture all talk to the worker's own shop: `baseURL`
 * is that shop's address.
 */
export const test = base.extend<object, AdminWorkerFixtures>({
  ownShop: [startOwnShop, { scope: 'worker', timeout: 90_000 }],
  baseURL: async ({ ownShop }, use) => {
    await use(ownShop.baseURL);
  },
});

/**
 * `test` on a shop of the file's own (the fixture registered again is a worker fixture of its own):
 * for files whose changes (an import's brand and shoes, bulk prices) the other admin files must not see.
 */
export const testOnShopOfItsOwn = test.extend<object, { ownShop: OwnShop }>({
  ownShop: [startOwnShop, { scope: 'worker', timeout: 90_000 }],
});

/**
 * `test` on a shop of the file's own started with settings of its own (`extraEnv`: a reminder due after
 * 2 s, webhooks allowed to post to 127.0.0.1), for journeys the shared shop's settings would not allow.
 */
export function testOnShopWithSettings(extraEnv: NodeJS.ProcessEnv) {
  return test.extend<object, { ownShop: OwnShop }>({
    ownShop: [
      async ({ playwright }, use) => {
        const shop = await startShop('127.0.0.1', extraEnv);
        try {
          await use({
            baseURL: shop.baseURL,
            adminCookies: await adminSession(playwright.request, shop.baseURL),
          });
        } finally {
          await shop.stop();
        }
      },
      { scope: 'worker', timeout: 150_000 },
    ],
  });
}

export { expect };

/** The browser context is signed in as the shop's administrator from now on. */
export async function signInAsAdminWithSession(context: BrowserContext, shop: OwnShop): Promise<void> {
  await context.addCookies(shop.adminCookies);
}

/** A request context signed in as `account` (its session cookies). */
export function requestAs(
  requests: APIRequest,
  baseURL: string,
  account: Account,
): Promise<APIRequestContext> {
  return requests.newContext({ baseURL, storageState: { cookies: account.cookies, origins: [] } });
}

/** Letters only, as the admin forms want names: `Brand Qzkfw`. */
export function lettersName(prefix: string, length = 8): string {
  const letters = Array.from({ length }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26)));
  return `${prefix} ${letters[0]!.toUpperCase()}${letters.slice(1).join('')}`;
}

/** A small PNG, as a shop owner's camera roll would hold it. */
export async function pngImage(width = 400, height = 300): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#2e86e4' } })
    .png()
    .toBuffer();
}

/**
 * Buys `quantity` of `size` of a shoe as the signed-in shopper of `request`, paying with the test
 * card through the API, as checkout does. Answers the order's idPayment.
 */
export async function placeOrder(
  request: APIRequestContext,
  baseURL: string,
  shoe: { _id: string; price: number },
  size: string,
  quantity = 1,
): Promise<string> {
  const headers = sameOrigin(baseURL);
  const method = await request.post('/api/payments/methods', {
    headers,
    data: paymentMethodBody(),
  });
  expect(method.status(), await method.text()).toBe(200);
  const paid = await request.post('/api/cart/checkout', {
    headers,
    data: {
      id: ((await method.json()) as { id: string }).id,
      shoes: [{ _id: shoe._id, size, quantity }],
      amount: Math.round(shoe.price * 100) * quantity,
    },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  return ((await paid.json()) as { order: { idPayment: string } }).order.idPayment;
}

/** One of the dashboard's tables (a card with a heading, a search box and a table). */
export function dashboardTable(
  page: Page,
  title: 'Users' | 'Orders' | 'Returns' | 'Shoes' | 'Brands' | 'Discount codes',
): Locator {
  return page.getByRole('region', { name: new RegExp(`^${title}\\b`) });
}

/**
 * Types in a dashboard table's search box and waits for the search's own answer, a table of one row
 * that names `text`. Waiting for the row alone is not enough: it may already be on the page shown
 * before the search, and a row acted on then is acted on while the table is about to change.
 */
export async function searchTable(table: Locator, title: string, text: string): Promise<Locator> {
  await table.getByRole('searchbox', { name: `Search ${title.toLowerCase()}` }).fill(text);
  await expect(table.getByRole('heading', { level: 2 })).toHaveAccessibleName(/\(\s*1 in all\)$/);
  await expect(table.locator('[aria-busy="true"]')).toHaveCount(0);
  const row = table.getByRole('row').filter({ hasText: text });
  await expect(row).toHaveCount(1);
  return row;
}
