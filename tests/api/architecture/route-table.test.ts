import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { routeOf } from '../../../src/domain/analytics.js';
import { matchPage, routeNameOf } from '../../../src/domain/route-matching.js';
import { NOT_FOUND_PAGE, PAGE_LIST, PAGES, pathOf } from '../../../src/domain/routes.js';
import { ROOT_DIR } from '../../../src/server/config.js';
import { pageDataUrls } from '../../../src/server/web/page-preloads.js';

const WEB_DIR = path.join(ROOT_DIR, 'src/web');

/** What router.tsx loads lazily: `features/<feature>/<name>-page.tsx`, as its import.meta.glob says. */
function screenFiles(): string[] {
  const features = path.join(WEB_DIR, 'features');
  return fs
    .readdirSync(features)
    .flatMap((feature) =>
      fs
        .readdirSync(path.join(features, feature))
        .filter((file) => file.endsWith('-page.tsx'))
        .map((file) => `features/${feature}/${file}`),
    )
    .sort();
}

describe('the route table (domain/routes.ts)', () => {
  it('names every screen module once, and every screen is in it', () => {
    const named = [...PAGE_LIST.map((page) => page.screen), NOT_FOUND_PAGE.screen];
    expect(new Set(named).size).toBe(named.length);
    expect(named.sort()).toEqual(screenFiles());
  });

  it('has one spelling per path, each a single leading slash and at most a last parameter', () => {
    const spellings = PAGE_LIST.flatMap((page) => [page.path, ...(page.aliases ?? [])]);
    expect(new Set(spellings).size).toBe(spellings.length);
    // Paths match in any case, as in React Router: two pages may not differ only by case.
    expect(new Set(PAGE_LIST.map((page) => page.path.toLowerCase())).size).toBe(PAGE_LIST.length);
    for (const spelling of spellings) expect(spelling, spelling).toMatch(/^\/([\w-]+(\/:\w+)?)?$/i);
  });

  it('matches a path to its page as the router does: any case, a trailing slash, the parameter decoded', () => {
    expect(matchPage('/shoes/a%2Fb?x=1')).toMatchObject({ route: { name: 'shoe' }, param: 'a/b' });
    expect(matchPage('/COLLECTIONS/New%20Balance/')).toMatchObject({
      route: { name: 'collection' },
      param: 'New Balance',
    });
    expect(matchPage('/aboutUs')?.route.name).toBe('aboutUs');
    // Several trailing slashes, and letters escaped for no reason, as React Router takes them.
    expect(matchPage('/cart///')?.route.name).toBe('cart');
    expect(matchPage('/%63art')?.route.name).toBe('cart');
    expect(matchPage('/shoes/abc//')).toMatchObject({ route: { name: 'shoe' }, param: 'abc' });
    expect(matchPage('//')?.route.name).toBe('home');
    expect(matchPage('/shoes/%E0%A4%A')).toBeUndefined();
    expect(matchPage('/shoes/a/b')).toBeUndefined();
    expect(matchPage('/nowhere')).toBeUndefined();
    expect(pathOf(PAGES.order, 'pi_1 2')).toBe('/order/pi_1%202');
    expect(routeNameOf(PAGES.order)).toBe('/order/{idPayment}');
  });

  it('keeps signed-in and staff pages out of the sitemap and out of the server-drawn first paint', () => {
    for (const page of PAGE_LIST.filter((route) => route.visibility !== 'public')) {
      expect(page.indexed, page.path).toBeFalsy();
    }
    for (const page of PAGE_LIST.filter((route) => route.visibility === 'signed-in')) {
      expect(page.browserDrawn, page.path).toBe(true);
    }
  });

  /**
   * Adding a page is one entry (plus its screen module): the page-view patterns, the server's
   * head, preloads, robots.txt and the sitemap follow from it. Shown here with a made-up entry
   * run through the same derivations the shop uses.
   */
  it('derives everything about a page from its one entry', () => {
    const giftCards = {
      path: '/gift-cards',
      screen: 'features/gift-cards/gift-cards-page.tsx',
      visibility: 'public',
      title: 'Gift cards',
      indexed: true,
      data: () => ['/api/gift-cards'],
    } as const;
    expect(routeNameOf(giftCards)).toBe('/gift-cards');
    expect(pageDataUrls(giftCards, new URLSearchParams())).toEqual([
      '/api/brands',
      '/api/account/session',
      '/api/gift-cards',
    ]);
    // The shop's own entries go through the same functions.
    for (const page of PAGE_LIST) expect(routeOf(page.path)).toBe(routeNameOf(page));
  });
});
