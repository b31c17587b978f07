import { describe, expect, it } from 'vitest';
import { defaultSort, listingFilters, listingScope, listingSearch, type Listing } from './listings.js';

const ALL: Listing = { kind: 'all' };
const BRAND: Listing = { kind: 'brand', brand: 'Stride' };
const SALE: Listing = { kind: 'sale' };
const query = (text: string) => new URLSearchParams(text);

describe('listingFilters', () => {
  it('reads the shopper’s choices from the URL, leaving bad values out', () => {
    expect(listingFilters(ALL, query('size=10&size=9.5&size=99&color=Navy&minPrice=x&sort=newest'))).toEqual({
      sizes: ['9.5', '10'],
      colors: ['Navy'],
      brands: [],
      sort: 'newest',
    });
  });

  it('bounds a collection to its brand, whatever the URL says of brands', () => {
    expect(listingFilters(BRAND, query('brand=Velo&color=Red')).brands).toEqual(['Stride']);
  });

  it('bounds the sale to what is on sale, cheapest first unless another sort is chosen', () => {
    expect(listingFilters(SALE, query('onSale=false'))).toMatchObject({ onSale: true, sort: 'price_asc' });
    expect(listingFilters(SALE, query('sort=best_selling')).sort).toBe('best_selling');
  });
});

describe('listingSearch', () => {
  it('writes the choices in one order, without the page number', () => {
    const filters = listingFilters(ALL, query('page=3&color=red&size=10&size=9.5&maxPrice=150'));
    expect(listingSearch(ALL, filters).toString()).toBe('size=9.5&size=10&color=red&maxPrice=150');
  });

  it('leaves out what the listing implies: its brand, the sale, the default sort', () => {
    expect(listingSearch(BRAND, listingFilters(BRAND, query('color=Red'))).toString()).toBe('color=Red');
    expect(listingSearch(SALE, listingFilters(SALE, query(''))).toString()).toBe('');
    expect(listingSearch(SALE, listingFilters(SALE, query('sort=newest'))).toString()).toBe('sort=newest');
  });

  it('reads back as the same filters (a shared link shows the same list)', () => {
    for (const listing of [ALL, BRAND, SALE]) {
      const filters = listingFilters(
        listing,
        query('size=8&color=Navy&brand=Velo&minPrice=20&onSale=true&sort=newest'),
      );
      expect(listingFilters(listing, listingSearch(listing, filters))).toEqual(filters);
    }
  });
});

describe('listingScope and defaultSort', () => {
  it('name the filters that bound each listing and its first order', () => {
    expect([ALL, BRAND, SALE].map(listingScope)).toEqual([[], ['brand'], ['onSale']]);
    expect([ALL, BRAND, SALE].map(defaultSort)).toEqual([undefined, undefined, 'price_asc']);
  });
});
