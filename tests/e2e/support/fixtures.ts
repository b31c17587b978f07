import { test as base } from '@playwright/test';
import { loadCatalog, type Catalog } from './catalog';

/**
 * `test` with a `catalog` fixture: the demo catalogue as the API serves it, fetched
 * once per worker (the tests never change the catalogue).
 */
export const test = base.extend<object, { catalog: Catalog }>({
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
});

export { expect } from '@playwright/test';
