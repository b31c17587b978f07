import { test as base } from '@playwright/test';
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

function baseUrlOf(use: { baseURL?: string | undefined }): string {
  if (!use.baseURL) throw new Error('the project has no baseURL');
  return use.baseURL;
}

/**
 * `test` with a `catalog` fixture (the demo catalogue as the API serves it, fetched once per
 * worker: the tests never change the catalogue) and shopper accounts.
 */
export const test = base.extend<TestFixtures, WorkerFixtures>({
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
