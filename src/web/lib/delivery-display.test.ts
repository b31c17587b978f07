import { describe, expect, it } from 'vitest';
import {
  arrivesText,
  deliveryRange,
  money,
  orderChargeLines,
  shippingPrice,
  taxRatePercent,
} from './delivery-display';

const today = '2026-11-26';

describe('delivery dates', () => {
  it('writes a range of days, with the weekdays for the cart', () => {
    expect(deliveryRange({ from: '2026-12-07', to: '2026-12-11' }, { today })).toBe('Dec 7 – Dec 11');
    expect(deliveryRange({ from: '2026-12-07', to: '2026-12-11' }, { weekday: true, today })).toBe(
      'Mon, Dec 7 – Fri, Dec 11',
    );
  });

  it('writes one day once', () => {
    expect(deliveryRange({ from: '2026-12-01', to: '2026-12-01' }, { weekday: true, today })).toBe(
      'Tue, Dec 1',
    );
  });

  it('never moves a day in any time zone: the days are calendar days', () => {
    // Midnight UTC read in a zone west of Greenwich would be the day before.
    expect(deliveryRange({ from: '2026-03-01', to: '2026-03-02' }, { today })).toBe('Mar 1 – Mar 2');
  });

  it('names the years of a range that leaves this year', () => {
    expect(deliveryRange({ from: '2026-12-30', to: '2027-01-04' }, { today })).toBe(
      'Dec 30, 2026 – Jan 4, 2027',
    );
    expect(
      arrivesText(
        { shipping: { method: 'Express', amount: 1995, estimate: { from: '2026-11-27', to: '2026-11-30' } } },
        today,
      ),
    ).toBe('Arrives Nov 27 – Nov 30');
    expect(arrivesText({ shipping: null })).toBeNull();
  });
});

describe('money lines', () => {
  it('says Free for free shipping, dollars otherwise', () => {
    expect(shippingPrice(0)).toBe('Free');
    expect(shippingPrice(1995)).toBe('$19.95');
    expect(money(12000)).toBe('$120');
  });

  it('writes tax rates as people do', () => {
    expect(taxRatePercent(7250)).toBe('7.25%');
    expect(taxRatePercent(6000)).toBe('6%');
    expect(taxRatePercent(8875)).toBe('8.875%');
  });

  const order = {
    discountCode: null,
    discount: 0,
    shipping: { method: 'Standard', amount: 0, estimate: { from: '2026-12-01', to: '2026-12-03' } },
    tax: 0,
    taxRate: null,
  };

  it('a free, untaxed order without a code has only its shipping line', () => {
    expect(orderChargeLines(order)).toEqual([{ label: 'Shipping (Standard)', amount: 'Free' }]);
    expect(orderChargeLines({ ...order, shipping: null })).toEqual([]);
  });

  it('lists the discount, shipping and tax in that order', () => {
    expect(
      orderChargeLines({
        ...order,
        discountCode: 'SAVE10',
        discount: 1200,
        shipping: { ...order.shipping, method: 'Express', amount: 1995 },
        tax: 845,
        taxRate: 7250,
      }),
    ).toEqual([
      { label: 'Discount (SAVE10)', amount: '-$12', tone: 'discount' },
      { label: 'Shipping (Express)', amount: '$19.95' },
      { label: 'Sales tax (7.25%)', amount: '$8.45' },
    ]);
  });
});
