import { describe, expect, it } from 'vitest';
import { PAGES } from '../../domain/routes.js';
import { pageDataUrls } from './page-preloads.js';

describe('page preloads', () => {
  it("follows the page's ?page=, colour and sort like the page's own hooks", () => {
    expect(pageDataUrls(PAGES.shoes, new URLSearchParams('page=3'))).toContain(
      '/api/shoes?offset=12&limit=6',
    );
    expect(pageDataUrls(PAGES.shoes, new URLSearchParams('page=x'))).toContain('/api/shoes?offset=0&limit=6');
    expect(
      pageDataUrls(PAGES.collection, new URLSearchParams('color=Navy Blue&sort=price_desc'), 'Velo & Co'),
    ).toContain('/api/shoes?offset=0&limit=28&brand=Velo+%26+Co&color=Navy+Blue&sort=price_desc');
    expect(pageDataUrls(PAGES.collection, new URLSearchParams('sort=cheapest'), 'Velo')).toContain(
      '/api/shoes?offset=0&limit=28&brand=Velo',
    );
    expect(pageDataUrls(PAGES.shoe, new URLSearchParams(), 'a/b')).toContain('/api/shoes/a%2Fb');
    expect(pageDataUrls(PAGES.account, new URLSearchParams())).toEqual([
      '/api/brands',
      '/api/account/session',
    ]);
  });
});
