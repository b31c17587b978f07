import type { Page } from '@playwright/test';
import { brandWithShoes } from './support/catalog';
import { expect, test } from './support/fixtures';

/**
 * Issue 37 item 2: a server-rendered page lists its whole module graph (from the build's manifest), and
 * the entry asks for all of it at once after the first paint, instead of finding each layer only when
 * the one before it has arrived. Over a slow round trip each layer is a round trip more before the page
 * answers a press. The entry is the first round, the rest the second.
 *
 * Every script is held back for the same time, so a script found only once another has arrived starts
 * after it has: a request's round is one more than the deepest round among the scripts that had fully
 * arrived when it was sent.
 */
const HOLD_MS = 1_000;

interface ScriptRequest {
  path: string;
  sentAt: number;
  doneAt?: number;
  round?: number;
}

async function scriptRounds(page: Page, path: string): Promise<ScriptRequest[]> {
  const scripts: ScriptRequest[] = [];
  await page.route(
    (url) => url.pathname.endsWith('.js'),
    async (route) => {
      await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
      await route.continue();
    },
  );
  const byRequest = new Map<object, ScriptRequest>();
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (!pathname.endsWith('.js')) return;
    const script = { path: pathname, sentAt: Date.now() };
    byRequest.set(request, script);
    scripts.push(script);
  });
  page.on('requestfinished', (request) => {
    const script = byRequest.get(request);
    if (script) script.doneAt = Date.now();
  });
  await page.goto(path, { waitUntil: 'commit' });
  await page.waitForFunction(() => document.documentElement.dataset.app === 'ready', undefined, {
    timeout: 60_000,
  });
  // Whatever the page loads once it runs (lazy parts drawn at once) belongs to its rounds too.
  await page.waitForLoadState('networkidle');
  page.removeAllListeners('request');
  page.removeAllListeners('requestfinished');
  for (const script of scripts) {
    const before = scripts.filter((other) => other.doneAt !== undefined && other.doneAt <= script.sentAt);
    script.round = 1 + Math.max(0, ...before.map((other) => other.round ?? 1));
  }
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  return scripts;
}

test.describe('script rounds', () => {
  test('the home, a collection and a shoe page ask for their scripts in two rounds at most', async ({
    browser,
    baseURL,
    catalog,
  }) => {
    test.slow();
    const pages = [
      '/',
      `/collections/${encodeURIComponent(brandWithShoes(catalog))}`,
      `/shoes/${catalog.shoes[0]!._id}`,
    ];
    for (const path of pages) {
      // A browser of its own per page: nothing cached from the page before.
      const context = await browser.newContext({ baseURL });
      const page = await context.newPage();
      const scripts = await scriptRounds(page, path);
      await context.close();
      const rounds = Math.max(...scripts.map((script) => script.round!));
      const late = [...new Set(scripts.map((script) => script.round!))]
        .filter((round) => round > 1)
        .map(
          (round) =>
            `round ${round}: ${scripts
              .filter((script) => script.round === round)
              .map((script) => script.path)
              .join(' ')}`,
        );
      expect(scripts.length, `${path} loads its scripts`).toBeGreaterThan(5);
      expect(
        rounds,
        `${path}: rounds of script requests (after the first: ${late.join('; ')})`,
      ).toBeLessThanOrEqual(2);
    }
  });
});
