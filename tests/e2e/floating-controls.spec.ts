import type { APIRequestContext, Page } from '@playwright/test';
import {
  NOT_FOUND_PAGE,
  PAGE_LIST,
  pathOf,
  type PageName,
  type PageVisibility,
} from '../../src/domain/routes';
import { sameOrigin, signInAsAdmin, signInWithSession } from './support/accounts';
import { placeOrder } from './support/admin';
import type { Catalog } from './support/catalog';
import { expect, test } from './support/fixtures';

/**
 * Nothing that floats over the page (the home page's 'Need Help?' launcher, or anything fixed to
 * the window later) may sit on a link, a button or a field where a person stops: as each page of
 * the route table opens, and at its very end, on a phone (390 px) and on a desktop (1280 px).
 */

const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

/** Interactive elements under an element fixed to the window, described for the failure message. */
function coveredControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const visibleRect = (element: Element) => {
      const rect = element.getBoundingClientRect();
      const visible =
        rect.width > 4 &&
        rect.height > 4 &&
        element.checkVisibility({ opacityProperty: true, visibilityProperty: true });
      return visible ? rect : undefined;
    };
    const inWindow = (rect: DOMRect) =>
      rect.bottom > 0 && rect.right > 0 && rect.top < window.innerHeight && rect.left < window.innerWidth;
    const floating = [...document.body.querySelectorAll('*')].filter((element) => {
      if (getComputedStyle(element).position !== 'fixed') return false;
      const rect = visibleRect(element);
      return rect !== undefined && inWindow(rect);
    });
    const controls = document.querySelectorAll(
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [tabindex]:not([tabindex="-1"])',
    );
    const found: string[] = [];
    for (const over of floating) {
      const cover = over.getBoundingClientRect();
      for (const control of controls) {
        if (over.contains(control) || control.contains(over)) continue;
        const rect = visibleRect(control);
        if (!rect || !inWindow(rect)) continue;
        const overlaps =
          rect.left < cover.right &&
          cover.left < rect.right &&
          rect.top < cover.bottom &&
          cover.top < rect.bottom;
        if (overlaps) {
          const name = (control.getAttribute('aria-label') ?? control.textContent ?? '').trim().slice(0, 40);
          const coverName = (over.getAttribute('aria-label') ?? over.textContent ?? '').trim().slice(0, 40);
          found.push(
            `${control.tagName.toLowerCase()} "${name}" under ${over.tagName.toLowerCase()} "${coverName}"`,
          );
        }
      }
    }
    return found;
  });
}

/**
 * Scrolls to the very bottom. The footer is laid out only as it nears the window (content-visibility),
 * so the page's height changes once it is reached: scroll again until the bottom stays the bottom.
 */
async function scrollToTheEnd(page: Page): Promise<void> {
  const atTheEnd = await page.evaluate(async () => {
    const frame = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    const root = document.documentElement;
    let previousHeight = -1;
    for (let pass = 0; pass < 20; pass += 1) {
      window.scrollTo(0, root.scrollHeight);
      await frame();
      const height = root.scrollHeight;
      const atBottom = Math.ceil(window.scrollY + window.innerHeight) >= height;
      // The footer may be laid out a frame or two after it comes into view: the end is the end
      // once the page's height stayed the same across a whole pass.
      if (atBottom && height === previousHeight) return true;
      previousHeight = height;
    }
    return false;
  });
  expect(atTheEnd, 'the page keeps growing as it is scrolled').toBe(true);
}

/** Opens `url` at each width and checks the top of the page, then its very end. */
async function expectNothingCovered(page: Page, url: string): Promise<void> {
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await page.goto(url);
    expect(await coveredControls(page), `${url} at ${size.width} px as it opens`).toEqual([]);
    await scrollToTheEnd(page);
    // The home page's launcher floats once the page is scrolled past its band: check it in that place.
    const launcher = page.locator('[data-help-launcher]');
    if ((await launcher.count()) > 0)
      await expect(launcher).toHaveAttribute('data-help-launcher', 'floating');
    expect(await coveredControls(page), `${url} at ${size.width} px at its end`).toEqual([]);
  }
}

interface Fill {
  catalog: Catalog;
  order?: string;
  drop?: string;
}

/** The URL that opens each page of the table; a new page with a parameter needs its own line. */
function urlOf(name: PageName | 'notFound', path: string, { catalog, order, drop }: Fill): string {
  const shoe = catalog.shoes[0]!;
  switch (name) {
    case 'shoe':
      return pathOf({ path }, shoe._id);
    case 'collection':
      return pathOf({ path }, shoe.brand);
    case 'order':
      if (!order) throw new Error('the order page needs an order');
      return pathOf({ path }, order);
    case 'drop':
      if (!drop) throw new Error('the drop page needs a drop');
      return pathOf({ path }, drop);
    case 'notFound':
      return '/no-such-page';
    default:
      if (path.includes(':')) throw new Error(`floating-controls.spec.ts has no URL for the page ${name}`);
      return path;
  }
}

const pagesSeenBy = (visibility: PageVisibility) =>
  PAGE_LIST.filter((route) => route.visibility === visibility);

/**
 * A drop of the catalogue's last shoe, cancelled as soon as it is scheduled: its page shows the shoe,
 * the pairs and the fairness section, and the shop's other tests can still sell the shoe (a drop
 * not over would refuse their checkouts of it).
 */
async function cancelledDrop(request: APIRequestContext, baseURL: string, catalog: Catalog): Promise<string> {
  await signInAsAdmin(request, baseURL);
  const shoe = catalog.shoes
    .filter((candidate) => candidate.stock.some((entry) => entry.quantity > 0))
    .at(-1)!;
  const size = shoe.stock.find((entry) => entry.quantity > 0)!.size;
  const headers = sameOrigin(baseURL);
  const scheduled = await request.post('/api/admin/drops', {
    headers,
    data: {
      shoeId: shoe._id,
      mode: 'draw',
      opensAt: new Date(Date.now() + 3_600_000).toISOString(),
      closesAt: new Date(Date.now() + 7_200_000).toISOString(),
      sizes: [{ size, pairs: 1 }],
    },
  });
  expect(scheduled.status(), await scheduled.text()).toBe(201);
  const { _id } = (await scheduled.json()) as { _id: string };
  const cancelled = await request.post(`/api/admin/drops/${_id}/cancel`, { headers });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  return _id;
}

test.describe('nothing floats over a control', () => {
  for (const route of [...pagesSeenBy('public'), { ...NOT_FOUND_PAGE, name: 'notFound' as const }]) {
    test(`${route.name} (${route.path})`, async ({ page, catalog, playwright, baseURL }) => {
      let drop: string | undefined;
      if (route.name === 'drop') {
        const request = await playwright.request.newContext({ baseURL });
        drop = await cancelledDrop(request, baseURL!, catalog);
        await request.dispose();
      }
      await expectNothingCovered(page, urlOf(route.name, route.path, { catalog, drop }));
    });
  }

  test('the pages of a signed-in shopper', async ({
    page,
    context,
    catalog,
    account,
    playwright,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const request = await playwright.request.newContext({
      baseURL,
      storageState: { cookies: account.cookies, origins: [] },
    });
    const shoe = catalog.shoes.find((candidate) => candidate.stock.some((entry) => entry.quantity > 0))!;
    const size = shoe.stock.find((entry) => entry.quantity > 0)!.size;
    const order = await placeOrder(request, baseURL!, shoe, size);
    await request.dispose();
    await signInWithSession(context, account);
    for (const route of pagesSeenBy('signed-in')) {
      await expectNothingCovered(page, urlOf(route.name, route.path, { catalog, order }));
    }
  });

  test('the staff pages', async ({ page, context, catalog, playwright, baseURL }) => {
    test.setTimeout(120_000);
    const request = await playwright.request.newContext({ baseURL });
    await signInAsAdmin(request, baseURL!);
    await context.addCookies((await request.storageState()).cookies);
    await request.dispose();
    for (const route of pagesSeenBy('staff')) {
      await expectNothingCovered(page, urlOf(route.name, route.path, { catalog }));
    }
  });
});
