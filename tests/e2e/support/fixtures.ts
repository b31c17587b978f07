import { test as base, type Page } from '@playwright/test';
import { createAccount, type Account } from './accounts';
import { loadCatalog, type Catalog } from './catalog';

interface TestFixtures {
  /** A new shopper account of this test's own (signed up through the API), to change at will. */
  account: Account;
}

interface WorkerFixtures {
  catalog: Catalog;
  /**
   * A shopper shared by the worker's tests that only need someone signed in: never change its
   * password, name or status, buy with it or sign its session out (use `account` for that).
   */
  shopper: Account;
}

/**
 * The app has taken the page over: it marks the document `data-app="ready"` once everything is
 * hydrated and what was done before it ran has been replayed (src/web/pre-app/app-takeover.tsx).
 */
export async function waitForTakeover(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      // Not the shop's app (an API answer opened from a mail link): nothing to wait for.
      !document.getElementById('root') || document.documentElement.dataset.app === 'ready',
  );
}

const plainGoto = new WeakMap<Page, Page['goto']>();

/**
 * Makes `page.goto` wait for the app's takeover, as the fixture's page does: for pages of browser
 * contexts a test opens itself (a second device).
 */
export function gotoWaitsForTakeover(page: Page, javaScriptEnabled = true): void {
  const goto = page.goto.bind(page);
  plainGoto.set(page, goto);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (javaScriptEnabled) await waitForTakeover(page);
    return response;
  };
}

/**
 * Opens a page without waiting for the app (its module scripts hold the load events back): for
 * tests of what happens before it takes over. Returns once the server's page is painted and the
 * small pre-app capture (src/web/pre-app/capture.ts) is listening.
 */
export async function gotoBeforeTakeover(page: Page, url: string): Promise<void> {
  const goto = plainGoto.get(page);
  if (!goto) throw new Error('not a page of this fixture');
  await goto(url, { waitUntil: 'commit' });
  await page.locator('#main').waitFor();
  await page.waitForFunction(() => window.__shopPreApp !== undefined);
}

function baseUrlOf(use: { baseURL?: string | undefined }): string {
  if (!use.baseURL) throw new Error('the project has no baseURL');
  return use.baseURL;
}

/**
 * `test` with a `catalog` fixture (the demo catalogue as the API serves it, fetched once per
 * worker: the tests never change the catalogue) and shopper accounts.
 */
export const test = base.extend<TestFixtures, WorkerFixtures>({
  // Pages come rendered from the server and the app takes them over a moment later; a click in
  // between would reach a button with no handler yet. `page.goto` waits for the takeover, as a
  // shopper waits for a page to respond (tests/e2e/server-rendering.spec.ts checks the takeover).
  page: async ({ page, javaScriptEnabled }, use) => {
    gotoWaitsForTakeover(page, javaScriptEnabled !== false);
    await use(page);
  },
  catalog: [
    async ({ playwright }, use, workerInfo) => {
      const request = await playwright.request.newContext({ baseURL: workerInfo.project.use.baseURL });
      try {
        await use(await loadCatalog(request));
      } finally {
        await request.dispose();
      }
    },
    { scope: 'worker' },
  ],
  shopper: [
    async ({ playwright }, use, workerInfo) => {
      await use(await createAccount(playwright.request, baseUrlOf(workerInfo.project.use), 'shopper'));
    },
    { scope: 'worker' },
  ],
  account: async ({ playwright, baseURL }, use) => {
    await use(await createAccount(playwright.request, baseUrlOf({ baseURL }), 'account'));
  },
});

export { expect } from '@playwright/test';
