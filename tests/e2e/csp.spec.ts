import type { Page } from '@playwright/test';
import { signInAsAdmin, signInWithSession } from './support/accounts';
import { inStockSizes, shoeWithSizes } from './support/catalog';
import { expect, test } from './support/fixtures';
import { addToCartFromDetail, main } from './support/shop';

/**
 * The Content-Security-Policy (helmet, src/server/app.ts) must not break the shop: on every kind
 * of page, as a visitor, a shopper and the administrator, Chromium reports no CSP violation, no
 * console error and no uncaught exception. Nothing is ignored: a message here is a bug to fix,
 * in the policy or in the page.
 */

interface Watch {
  problems: string[];
}

/** Starts listening before the first page loads: console errors, uncaught errors, CSP violations. */
async function watch(page: Page): Promise<Watch> {
  const watched: Watch = { problems: [] };
  page.on('console', (message) => {
    if (message.type() === 'error')
      watched.problems.push(`console error on ${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => watched.problems.push(`uncaught on ${page.url()}: ${error.message}`));
  // Survives navigations, unlike anything kept in the page.
  await page.exposeFunction('__reportCspViolation', (violation: string) => {
    watched.problems.push(`CSP violation on ${page.url()}: ${violation}`);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation(text: string): void }).__reportCspViolation;
      report(
        `${event.effectiveDirective} refused ${event.blockedURI || '(inline)'} ` +
          `at ${event.sourceFile}:${event.lineNumber} (${event.disposition})`,
      );
    });
  });
  return watched;
}

/** Opens `path`, checks the policy is the shop's, and waits for the page to show and go quiet. */
async function visit(page: Page, path: string): Promise<void> {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  const policy = response!.headers()['content-security-policy'] ?? '';
  expect(policy, path).toContain("script-src 'self'");
  expect(policy, path).toContain("default-src 'self'");
  await expect(main(page).getByRole('heading').first(), path).toBeVisible();
  await page.waitForLoadState('networkidle');
}

test.describe('the Content-Security-Policy breaks nothing', () => {
  test('the watcher does see a violation (a check that can fail)', async ({ page }) => {
    const watched = await watch(page);
    await visit(page, '/');
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__inlineRan = true;';
      document.body.append(script);
    });
    await expect.poll(() => watched.problems.join('\n')).toMatch(/CSP violation on .*script-src/);
    expect(
      await page.evaluate(() => (window as unknown as { __inlineRan?: boolean }).__inlineRan),
    ).toBeUndefined();
  });

  test('as a visitor: home, /shoes, a shoe, /cart with a line, /signin, /createaccount, /sale', async ({
    page,
    catalog,
  }) => {
    const watched = await watch(page);
    const shoe = shoeWithSizes(catalog, 1);
    for (const path of ['/', '/shoes', '/sale', '/signin', '/createaccount']) await visit(page, path);
    await visit(page, `/shoes/${shoe._id}`);
    await addToCartFromDetail(page, shoe, inStockSizes(shoe)[0]!);
    await visit(page, '/cart');
    await expect(main(page).getByText(shoe.name).first()).toBeVisible();
    expect(watched.problems).toEqual([]);
  });

  test('as a signed-in shopper: /account, /favorites and /cart with the payment form', async ({
    page,
    shopper,
    catalog,
  }) => {
    const watched = await watch(page);
    await signInWithSession(page.context(), shopper);
    await visit(page, '/account');
    await expect(main(page).getByText(shopper.email).first()).toBeVisible();
    await visit(page, '/favorites');
    const shoe = shoeWithSizes(catalog, 1);
    await addToCartFromDetail(page, shoe, inStockSizes(shoe)[0]!);
    await visit(page, '/cart');
    await expect(page.getByRole('form', { name: 'Payment' })).toBeVisible();
    expect(watched.problems).toEqual([]);
  });

  test('as the administrator: the dashboard and every admin page', async ({ page, playwright, baseURL }) => {
    const watched = await watch(page);
    const request = await playwright.request.newContext({ baseURL: baseURL! });
    try {
      await signInAsAdmin(request, baseURL!);
      await page.context().addCookies((await request.storageState()).cookies);
    } finally {
      await request.dispose();
    }
    await visit(page, '/admin');
    // The dashboard's charts and tables are drawn (recharts uses inline styles: style-src allows them).
    await expect(main(page).getByRole('table').first()).toBeVisible();
    for (const path of ['/orders', '/createshoes', '/createbrand', '/createsize', '/modifshoe']) {
      await visit(page, path);
    }
    expect(watched.problems).toEqual([]);
  });
});
