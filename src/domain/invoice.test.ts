import { describe, expect, it } from 'vitest';
import {
  formatCents,
  formatDocumentDate,
  formatTaxRate,
  invoiceFileName,
  invoiceOf,
  packingSlipOf,
  type Invoice,
} from './invoice.js';
import type { Order } from './payment.js';

const SHOP = { name: 'Sneaker Street', addressLines: ['1 Lace Lane', 'Portland, OR 97201'] };

const DELIVERY = {
  name: "Sam O'Brien",
  line1: '1600 Pennsylvania Ave',
  line2: 'Apt. #4',
  city: 'Winston-Salem',
  state: 'North Carolina',
  stateCode: 'NC' as const,
  postal_code: '27101',
  phone: '+1 336 555 0100',
};

const line = (overrides: Partial<Order['shoe'][number]>): Order['shoe'][number] => ({
  _id: 'shoe-1',
  lineId: 'line-1',
  name: 'Runner',
  image: '/uploads/runner.webp',
  quantity: 1,
  price: 50,
  size: '9',
  discount: 0,
  tax: 0,
  ...overrides,
});

/**
 * Two lines (3 x $19.99 and 1 x $120) with a 10 % code, Express shipping and 7.25 % tax on the lines
 * and shipping: cents that do not divide evenly anywhere, summed as the checkout sums them.
 */
function taxedOrder(overrides: Partial<Order> = {}): Order {
  // 59.97 + 120.00 = 179.97; the code takes 18.00; shipping 19.95; tax 7.25 % of 181.92 = 13.19.
  return {
    _id: 'order-1',
    number: 'SS-10042',
    cardLast4: '4242',
    email: 'sam@example.test',
    idPayment: 'pi_test_123',
    amount: 17997 - 1800 + 1995 + 1319,
    date: '2026-11-26T23:30:00.000Z',
    status: 'Pending',
    discountCode: 'FALL10',
    discount: 1800,
    receivedAt: null,
    deliveryAddress: DELIVERY,
    billingAddress: null,
    shipping: { method: 'Express', amount: 1995, estimate: { from: '2026-11-27', to: '2026-11-30' } },
    tax: 1319,
    taxRate: 7250,
    shipment: null,
    refunds: [],
    refunded: 0,
    returns: [],
    returnableUntil: null,
    shoe: [
      line({
        lineId: 'a',
        name: 'Runner',
        sku: 'RUN-090',
        quantity: 3,
        price: 19.99,
        discount: 6,
        tax: 3.91,
      }),
      line({ lineId: 'b', name: 'High Top', size: '10.5', price: 120, discount: 12, tax: 7.83 }),
    ],
    ...overrides,
  };
}

/** The document's own arithmetic: what a reader of the PDF adds up. */
const addsUp = (invoice: Invoice) =>
  invoice.subtotalCents -
  (invoice.discount?.cents ?? 0) +
  (invoice.shipping?.cents ?? 0) +
  (invoice.tax?.cents ?? 0) +
  invoice.adjustmentCents;

describe('invoiceOf', () => {
  it('lists each line with its unit price and line total in exact cents, and sums to the total charged', () => {
    const invoice = invoiceOf(taxedOrder(), SHOP);
    expect(invoice.lines).toEqual([
      { name: 'Runner', sku: 'RUN-090', size: '9', quantity: 3, unitCents: 1999, totalCents: 5997 },
      { name: 'High Top', sku: null, size: '10.5', quantity: 1, unitCents: 12000, totalCents: 12000 },
    ]);
    expect(invoice.subtotalCents).toBe(17997);
    expect(invoice.discount).toEqual({ code: 'FALL10', cents: 1800 });
    expect(invoice.shipping).toEqual({ method: 'Express', cents: 1995 });
    expect(invoice.tax).toEqual({ rate: '7.25%', cents: 1319 });
    expect(invoice.adjustmentCents).toBe(0);
    expect(invoice.totalCents).toBe(19511);
    expect(addsUp(invoice)).toBe(invoice.totalCents);
  });

  it('adds the lines in cents, so prices such as $0.10 and $0.20 never drift', () => {
    const order = taxedOrder({
      amount: 30 + 20 * 7,
      discount: 0,
      discountCode: null,
      shipping: null,
      tax: 0,
      taxRate: null,
      shoe: [line({ price: 0.1, quantity: 3 }), line({ price: 0.2, quantity: 7 })],
    });
    const invoice = invoiceOf(order, SHOP);
    expect(invoice.subtotalCents).toBe(170);
    expect(invoice.adjustmentCents).toBe(0);
    expect(invoice).toMatchObject({ discount: null, shipping: null, tax: null, totalCents: 170 });
  });

  it('shows an adjustment row when the figures would not explain the charge, so it still adds up', () => {
    const invoice = invoiceOf(taxedOrder({ amount: 19611 }), SHOP);
    expect(invoice.adjustmentCents).toBe(100);
    expect(addsUp(invoice)).toBe(19611);
  });

  it('bills the delivery address when billing is the same, and the billing address when it differs', () => {
    const same = invoiceOf(taxedOrder(), SHOP);
    expect(same.billTo).toEqual([
      "Sam O'Brien",
      '1600 Pennsylvania Ave',
      'Apt. #4',
      'Winston-Salem, NC 27101',
    ]);
    expect(same.shipTo).toEqual(same.billTo);
    const billing = {
      name: 'Alex Card',
      line1: '5 Rue de Rivoli',
      city: 'Paris',
      state: 'Ile-de-France',
      stateCode: null,
      postal_code: '75001',
    };
    const apart = invoiceOf(taxedOrder({ billingAddress: billing }), SHOP);
    expect(apart.billTo).toEqual(['Alex Card', '5 Rue de Rivoli', 'Paris, Ile-de-France 75001']);
    expect(apart.shipTo[0]).toBe("Sam O'Brien");
  });

  it('has no addresses for an order paid without one (the spec’s checkout body)', () => {
    const invoice = invoiceOf(taxedOrder({ deliveryAddress: null, billingAddress: null }), SHOP);
    expect(invoice.billTo).toEqual([]);
    expect(invoice.shipTo).toEqual([]);
  });

  it('says free shipping as 0 cents with its method, and a configured rate even when it came to nothing', () => {
    const invoice = invoiceOf(
      taxedOrder({
        shipping: { method: 'Standard', amount: 0, estimate: { from: '2026-11-30', to: '2026-12-02' } },
        tax: 0,
        taxRate: 0,
        amount: 17997 - 1800,
      }),
      SHOP,
    );
    expect(invoice.shipping).toEqual({ method: 'Standard', cents: 0 });
    expect(invoice.tax).toEqual({ rate: '0%', cents: 0 });
    expect(addsUp(invoice)).toBe(invoice.totalCents);
  });

  it('lists the refunds that went through and what was paid in the end', () => {
    const refund = (amount: number, status: 'succeeded' | 'failed' | 'pending', date: string) => ({
      _id: `r-${amount}`,
      amount,
      reason: null,
      message: null,
      status,
      date,
      restock: false,
      lines: [],
    });
    const invoice = invoiceOf(
      taxedOrder({
        refunds: [
          refund(2143, 'succeeded', '2026-12-01T10:00:00.000Z'),
          refund(500, 'failed', '2026-12-02T10:00:00.000Z'),
          refund(700, 'pending', '2026-12-03T10:00:00.000Z'),
        ],
      }),
      SHOP,
    );
    expect(invoice.refunds).toEqual([{ date: 'December 1, 2026', amountCents: 2143 }]);
    expect(invoice.netCents).toBe(19511 - 2143);
  });

  it('keeps the order’s number, payment id, UTC day and the shop', () => {
    const invoice = invoiceOf(taxedOrder(), SHOP);
    expect(invoice).toMatchObject({
      number: 'SS-10042',
      idPayment: 'pi_test_123',
      date: 'November 26, 2026',
      shop: SHOP,
    });
    expect(invoiceFileName(taxedOrder())).toBe('invoice-SS-10042.pdf');
  });
});

describe('packingSlipOf', () => {
  it('names where it goes, how, and the pairs, with no prices anywhere', () => {
    const slip = packingSlipOf(taxedOrder(), SHOP);
    expect(slip).toEqual({
      shop: SHOP,
      number: 'SS-10042',
      date: 'November 26, 2026',
      idPayment: 'pi_test_123',
      shipTo: ["Sam O'Brien", '1600 Pennsylvania Ave', 'Apt. #4', 'Winston-Salem, NC 27101'],
      phone: '+1 336 555 0100',
      shippingMethod: 'Express',
      estimate: '2026-11-27 to 2026-11-30',
      lines: [
        { name: 'Runner', size: '9', quantity: 3, sku: 'RUN-090' },
        { name: 'High Top', size: '10.5', quantity: 1, sku: null },
      ],
      pairs: 4,
    });
    expect(JSON.stringify(slip)).not.toMatch(/price|Cents|19\.99|120/);
  });
});

describe('formats', () => {
  it('writes money with its cents and thousands, and rates as people write them', () => {
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(123456)).toBe('$1,234.56');
    expect(formatCents(-1800)).toBe('-$18.00');
    expect(formatTaxRate(7250)).toBe('7.25%');
    expect(formatTaxRate(8875)).toBe('8.875%');
    expect(formatTaxRate(6000)).toBe('6%');
    expect(formatTaxRate(500)).toBe('0.5%');
    expect(formatDocumentDate('2026-01-01T00:30:00.000Z')).toBe('January 1, 2026');
  });
});
