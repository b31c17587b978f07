import { describe, expect, it } from 'vitest';
import { PAGES } from '../../domain/routes.js';
import { pageDataUrls } from './page-preloads.js';

describe('page preloads', () => {
  it("follows the page's ?page=, filters and sort like the page's own hooks", () => {
    expect(pageDataUrls(PAGES.shoes, new URLSearchParams('page=3'))).toContain(
      '/api/shoes?offset=12&limit=6',
    );
    expect(pageDataUrls(PAGES.shoes, new URLSearchParams('page=x'))).toContain('/api/shoes?offset=0&limit=6');
    expect(
      pageDataUrls(PAGES.collection, new URLSearchParams('color=Navy Blue&sort=price_desc'), 'Velo & Co'),
    ).toEqual(
      expect.arrayContaining([
        '/api/shoes?offset=0&limit=28&color=Navy+Blue&brand=Velo+%26+Co&sort=price_desc',
        '/api/shoes/facets?color=Navy+Blue&brand=Velo+%26+Co&scope=brand',
      ]),
    );
    // Bad values are left out, the brand of the URL's path wins over one in its query.
    expect(
      pageDataUrls(PAGES.collection, new URLSearchParams('sort=cheapest&size=99&brand=Other'), 'Velo'),
    ).toContain('/api/shoes?offset=0&limit=28&brand=Velo');
    expect(
      pageDataUrls(PAGES.shoes, new URLSearchParams('size=10&size=9.5&minPrice=50&maxPrice=20&onSale=true')),
    ).toEqual(
      expect.arrayContaining([
        '/api/shoes?offset=0&limit=6&size=9.5&size=10&minPrice=50&onSale=true',
        '/api/shoes/facets?size=9.5&size=10&minPrice=50&onSale=true',
      ]),
    );
    // The sale is what is on sale, cheapest first unless another sort is chosen.
    expect(pageDataUrls(PAGES.sale, new URLSearchParams('page=2&onSale=false'))).toEqual(
      expect.arrayContaining([
        '/api/shoes?offset=8&limit=8&onSale=true&sort=price_asc',
        '/api/shoes/facets?onSale=true&scope=onSale',
      ]),
    );
    expect(pageDataUrls(PAGES.shoe, new URLSearchParams(), 'a/b')).toContain('/api/shoes/a%2Fb');
    expect(pageDataUrls(PAGES.account, new URLSearchParams())).toEqual([
      '/api/brands',
      '/api/account/session',
    ]);
  });
});
