import { describe, expect, it } from 'vitest';
import { modifyShoeSchema } from '../../../domain/admin';
import type { Shoe } from '../../../domain/catalog';
import { modifyFormValues } from './modify-form-values';
import { sortedStock } from './stock-order';

const shoe: Shoe = {
  _id: 'shoe-1',
  name: 'Street Runner',
  brand: 'Velo',
  image: '/uploads/shoe.webp',
  description: 'A light runner, made for the street.',
  color: 'Orange',
  price: 120,
  onSale: true,
  stock: [
    { _id: 'b', size: '10', quantity: 2 },
    { _id: 'a', size: '9.5', quantity: 7 },
    { _id: 'c', size: '8', quantity: 0, sku: 'VELO-SR-080', gtin: '036000291452' },
  ],
  version: 3,
};

describe('sortedStock', () => {
  it('orders sizes by number, not as text', () => {
    expect(sortedStock(shoe.stock).map((entry) => entry.size)).toEqual(['8', '9.5', '10']);
  });

  it('leaves the shoe as it was', () => {
    sortedStock(shoe.stock);
    expect(shoe.stock[0]?.size).toBe('10');
  });
});

describe('modifyFormValues', () => {
  it('prefills the shoe, its smallest size with its quantity and codes, and its version', () => {
    expect(modifyFormValues(shoe)).toEqual({
      brand: 'Velo',
      name: 'Street Runner',
      color: 'Orange',
      price: '120',
      compareAtPrice: '',
      size: '8',
      q: '0',
      sku: 'VELO-SR-080',
      gtin: '036000291452',
      description: 'A light runner, made for the street.',
      version: '3',
      image: undefined,
    });
  });

  it('is valid as it stands, so an unchanged shoe can be saved', () => {
    const { image: _image, ...fields } = modifyFormValues(shoe);
    expect(modifyShoeSchema.safeParse(fields).success).toBe(true);
  });

  it('leaves size and quantity empty for a shoe without sizes', () => {
    const values = modifyFormValues({ ...shoe, stock: [] });
    expect(values.size).toBe('');
    expect(values.q).toBe('');
  });
});
