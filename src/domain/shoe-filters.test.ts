import { describe, expect, it } from 'vitest';
import {
  canonicalFilters,
  FILTER_LIMITS,
  filterParams,
  isFilterText,
  NO_FILTERS,
  parsePrice,
  readFilters,
  toggled,
  type ShoeFilters,
} from './shoe-filters.js';
import { CHART_SIZES, isChartSize, sizeBit } from './size-chart.js';

const query = (text: string) => new URLSearchParams(text);

describe('parsePrice', () => {
  it.each([
    ['0', 0],
    ['50', 50],
    ['49.9', 49.9],
    ['49.99', 49.99],
    ['007', 7],
    ['100000', 100_000],
  ])('reads %s as %s dollars', (text, dollars) => {
    expect(parsePrice(text)).toBe(dollars);
  });

  it.each([
    '',
    ' ',
    '-1',
    '+5',
    '1e5',
    '1e5x',
    'abc',
    '10.999',
    '.5',
    '5.',
    '1,5',
    ' 50',
    '50 ',
    'Infinity',
    'NaN',
    '0x10',
    '100000.01',
    '999999',
    '1234567',
  ])('refuses %j', (text) => {
    expect(parsePrice(text)).toBeUndefined();
  });

  it('takes the highest price allowed and nothing above', () => {
    expect(parsePrice(String(FILTER_LIMITS.price))).toBe(FILTER_LIMITS.price);
    expect(parsePrice(String(FILTER_LIMITS.price + 1))).toBeUndefined();
  });
});

describe('isFilterText', () => {
  it('takes 1 to 40 characters once trimmed', () => {
    expect(isFilterText('Red')).toBe(true);
    expect(isFilterText('  Red  ')).toBe(true);
    expect(isFilterText('a'.repeat(40))).toBe(true);
    expect(isFilterText(` ${'a'.repeat(40)} `)).toBe(true);
    expect(isFilterText('a'.repeat(41))).toBe(false);
    expect(isFilterText('')).toBe(false);
    expect(isFilterText('   ')).toBe(false);
  });
});

describe('readFilters: lenient, as a shared or hand-edited link deserves', () => {
  it('reads every filter and the sort', () => {
    expect(
      readFilters(
        query('size=9.5&size=10&color=Red&brand=Velo&minPrice=50&maxPrice=150.5&onSale=true&sort=price_asc'),
      ),
    ).toEqual({
      sizes: ['9.5', '10'],
      colors: ['Red'],
      brands: ['Velo'],
      minPrice: 50,
      maxPrice: 150.5,
      onSale: true,
      sort: 'price_asc',
    });
  });

  it('reads nothing from an empty query', () => {
    expect(readFilters(query(''))).toEqual(NO_FILTERS);
  });

  it('drops each invalid value and keeps the rest', () => {
    expect(
      readFilters(
        query(
          'size=99&size=9&size=abc&color=&color=Blue&color=%20%20' +
            `&brand=${'b'.repeat(41)}&brand=Stride&minPrice=abc&maxPrice=120&onSale=maybe&sort=bogus`,
        ),
      ),
    ).toEqual({ sizes: ['9'], colors: ['Blue'], brands: ['Stride'], maxPrice: 120 });
  });

  it('keeps the lowest price when the highest is the one that is invalid', () => {
    expect(readFilters(query('minPrice=40&maxPrice=-1'))).toEqual({ ...NO_FILTERS, minPrice: 40 });
  });

  it('drops the highest price when the lowest is above it, keeps both when equal', () => {
    expect(readFilters(query('minPrice=100&maxPrice=50'))).toEqual({ ...NO_FILTERS, minPrice: 100 });
    expect(readFilters(query('minPrice=50.01&maxPrice=50'))).toEqual({ ...NO_FILTERS, minPrice: 50.01 });
    expect(readFilters(query('minPrice=50&maxPrice=50'))).toEqual({
      ...NO_FILTERS,
      minPrice: 50,
      maxPrice: 50,
    });
  });

  it('reads onSale=false as a filter, and only true and false', () => {
    expect(readFilters(query('onSale=false')).onSale).toBe(false);
    expect(readFilters(query('onSale=TRUE')).onSale).toBeUndefined();
    expect(readFilters(query('onSale=1')).onSale).toBeUndefined();
  });

  it('takes each of the four sorts', () => {
    for (const sort of ['price_asc', 'price_desc', 'newest', 'best_selling'] as const) {
      expect(readFilters(query(`sort=${sort}`)).sort).toBe(sort);
    }
  });

  it('keeps each size once, and colours and brands once whatever their case (the first spelling)', () => {
    expect(readFilters(query('size=9&size=9&color=red&color=RED&color=Red&brand=velo&brand=VELO'))).toEqual({
      sizes: ['9'],
      colors: ['red'],
      brands: ['velo'],
    });
  });

  it('trims colours and brands, and counts a trimmed duplicate as the same value', () => {
    expect(readFilters(query('color=%20Navy%20&color=navy&brand=%20Velo'))).toEqual({
      sizes: [],
      colors: ['Navy'],
      brands: ['Velo'],
    });
  });

  it('keeps at most 20 values of one filter', () => {
    const colors = Array.from({ length: 25 }, (_, i) => `color=c${String(i).padStart(2, '0')}`).join('&');
    const read = readFilters(query(colors));
    expect(read.colors).toHaveLength(FILTER_LIMITS.values);
    // The first 20 given, in canonical order.
    expect(read.colors).toEqual(Array.from({ length: 20 }, (_, i) => `c${String(i).padStart(2, '0')}`));
  });

  it('writes one canonical order: sizes by the chart, names alphabetically whatever their case', () => {
    expect(
      readFilters(
        query('size=11.5&size=6&size=10&size=9.5&color=white&color=Black&color=blue&brand=velo&brand=Arco'),
      ),
    ).toEqual({
      sizes: ['6', '9.5', '10', '11.5'],
      colors: ['Black', 'blue', 'white'],
      brands: ['Arco', 'velo'],
    });
  });

  it('reads the same filters from two spellings of one choice', () => {
    expect(readFilters(query('size=10&size=9&color=Red&color=blue'))).toEqual(
      readFilters(query('color=blue&size=9&color=Red&size=10')),
    );
  });
});

describe('canonicalFilters', () => {
  it('leaves off sizes off the chart and keeps only the set optional filters', () => {
    const filters: ShoeFilters = { sizes: ['12', '8', '5'], colors: [], brands: [] };
    const canonical = canonicalFilters(filters);
    expect(canonical).toEqual({ sizes: ['8'], colors: [], brands: [] });
    expect(Object.keys(canonical)).toEqual(['sizes', 'colors', 'brands']);
  });

  it('keeps a price of 0 and onSale false', () => {
    expect(canonicalFilters({ ...NO_FILTERS, minPrice: 0, maxPrice: 0, onSale: false })).toEqual({
      ...NO_FILTERS,
      minPrice: 0,
      maxPrice: 0,
      onSale: false,
    });
  });

  it('is idempotent', () => {
    const once = canonicalFilters({
      sizes: ['10', '9', '10'],
      colors: [' Red', 'red', 'Blue'],
      brands: ['b', 'A'],
      sort: 'newest',
    });
    expect(canonicalFilters(once)).toEqual(once);
  });
});

describe('filterParams', () => {
  it('spells the filters as the API and the page URL take them, in one order', () => {
    const params = filterParams({
      sizes: ['10', '9.5'],
      colors: ['red', 'Black'],
      brands: ['Velo'],
      minPrice: 50,
      maxPrice: 150,
      onSale: true,
      sort: 'best_selling',
      search: '  High   TOP ',
    });
    expect(params).toEqual({
      name: 'high top',
      size: ['9.5', '10'],
      color: ['Black', 'red'],
      brand: ['Velo'],
      minPrice: 50,
      maxPrice: 150,
      onSale: true,
      sort: 'best_selling',
    });
    expect(Object.keys(params)).toEqual([
      'name',
      'size',
      'color',
      'brand',
      'minPrice',
      'maxPrice',
      'onSale',
      'sort',
    ]);
  });

  it('leaves unset filters undefined and lists empty', () => {
    expect(filterParams(NO_FILTERS)).toEqual({
      size: [],
      color: [],
      brand: [],
      minPrice: undefined,
      maxPrice: undefined,
      onSale: undefined,
      sort: undefined,
    });
  });

  it('round-trips through a URL and readFilters', () => {
    const filters: ShoeFilters = {
      sizes: ['7', '11'],
      colors: ['Navy'],
      brands: ['Northpeak', 'Stride'],
      minPrice: 20.5,
      maxPrice: 99.99,
      onSale: false,
      sort: 'newest',
    };
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(filterParams(filters))) {
      if (Array.isArray(value)) for (const item of value) search.append(key, item);
      else if (value !== undefined) search.set(key, String(value));
    }
    expect(readFilters(search)).toEqual(filters);
  });
});

describe('toggled', () => {
  it('adds a value that is not there, keeping its spelling, at the end', () => {
    expect(toggled(['9'], '10')).toEqual(['9', '10']);
    expect(toggled([], 'Navy')).toEqual(['Navy']);
  });

  it('takes out a value that is there, whatever its case', () => {
    expect(toggled(['Red', 'Blue'], 'red')).toEqual(['Blue']);
    expect(toggled(['Red', 'Blue'], 'BLUE')).toEqual(['Red']);
    expect(toggled(['9'], '9')).toEqual([]);
  });

  it('leaves its argument as it was', () => {
    const values = ['Red'];
    toggled(values, 'Blue');
    toggled(values, 'Red');
    expect(values).toEqual(['Red']);
  });
});

describe('size chart bits', () => {
  it('gives each chart size its own bit, in chart order', () => {
    expect(CHART_SIZES).toHaveLength(12);
    expect(CHART_SIZES.map(sizeBit)).toEqual(CHART_SIZES.map((_, index) => 2 ** index));
    expect(sizeBit('6')).toBe(1);
    expect(sizeBit('9.5')).toBe(128);
    expect(sizeBit('11.5')).toBe(2048);
    // Migration 0007's chart_size_bit numbers them the same way: all twelve fit in 12 bits.
    expect(CHART_SIZES.reduce((mask, size) => mask | sizeBit(size), 0)).toBe(0xfff);
  });

  it.each(['5', '12', '9.0', '09', ' 9', 'abc', ''])('gives no bit to %j, off the chart', (size) => {
    expect(sizeBit(size)).toBe(0);
    expect(isChartSize(size)).toBe(false);
  });

  it('knows every chart size', () => {
    expect(CHART_SIZES.every(isChartSize)).toBe(true);
  });
});
