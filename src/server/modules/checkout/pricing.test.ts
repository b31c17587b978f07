import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { subtotalCents, type CartLine } from '../../../domain/cart-lines.js';
import { MESSAGES } from '../../../domain/messages.js';
import { HttpError } from '../../http/errors.js';
import {
  checkAmount,
  mergeLines,
  priceLines,
  shoeIdsOf,
  totalCents,
  type CartLineInput,
  type CodeLookup,
  type ShoePrice,
  type ShoePriceLookup,
} from './pricing.js';
import { priceOrder, type DeliveryLookup } from './delivery-pricing.js';

const RUNNER = '0b7f0a4e-2a53-4f3c-9a51-6f3f5c1b9a01';
const COURT = '1c2d3e4f-5a6b-4c7d-8e9f-a0b1c2d3e4f5';
const catalogue: ShoePrice[] = [
  { id: RUNNER, name: 'Runner', image: 'runner.webp', priceCents: 1999, brand: 'Stride', onSale: false },
  { id: COURT, name: 'Court', image: 'court.webp', priceCents: 12_050, brand: 'Velo', onSale: true },
];
/** No code in these carts: the code lookup must not be asked. */
const noCodes: CodeLookup = {
  find: () => Promise.reject(new Error('no code was given')),
  usedBy: () => Promise.reject(new Error('no code was given')),
};
const shopper = { userId: 'user-1', today: '2026-05-10' };
const lookup = (shoes: ShoePrice[] = catalogue) =>
  vi.fn(async (ids: string[]) => shoes.filter((shoe) => ids.includes(shoe.id)));
/** A shop with no shipping method and no tax: an order costs its lines, as the spec's checkout. */
const noDelivery: DeliveryLookup = { shippingMethods: async () => [], taxRate: async () => undefined };
/** The checkout's pricing (delivery-pricing.ts priceOrder) of a cart with no delivery address. */
const priceCart = (
  cart: { shoes: CartLineInput[]; amount: number; code?: string },
  shoes: ShoePriceLookup,
  codes: CodeLookup,
  who: typeof shopper,
) => priceOrder(cart, undefined, { shoes, codes, delivery: noDelivery }, { ...who, now: new Date() });

/** What the service throws, as the shopper gets it. */
function thrown(work: () => unknown): HttpError {
  try {
    work();
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('nothing was thrown');
}

describe('pricing: merging lines', () => {
  it('counts lines of the same shoe and size as one, keeps other sizes apart, leaves the input alone', () => {
    const lines = [
      { _id: RUNNER, size: '9', quantity: 1 },
      { _id: RUNNER, size: '9.5', quantity: 1 },
      { _id: RUNNER, size: '9', quantity: 2 },
      { _id: COURT, size: '9', quantity: 1 },
    ];
    expect(mergeLines(lines)).toEqual([
      { _id: RUNNER, size: '9', quantity: 3 },
      { _id: RUNNER, size: '9.5', quantity: 1 },
      { _id: COURT, size: '9', quantity: 1 },
    ]);
    expect(lines[0]).toEqual({ _id: RUNNER, size: '9', quantity: 1 });
  });

  it('asks the catalogue for each shoe once, and for none when an id cannot be a shoe (404)', async () => {
    expect(
      shoeIdsOf(
        mergeLines([
          { _id: RUNNER, size: '9', quantity: 1 },
          { _id: RUNNER, size: '10', quantity: 1 },
        ]),
      ),
    ).toEqual([RUNNER]);
    const find = lookup();
    await expect(
      priceCart(
        { shoes: [{ _id: 'not-a-shoe', size: '9', quantity: 1 }], amount: 0 },
        find,
        noCodes,
        shopper,
      ),
    ).rejects.toMatchObject({ statusCode: 404, message: MESSAGES.checkout.unknownShoe });
    expect(find).not.toHaveBeenCalled();
  });
});

describe('pricing: prices from the catalogue', () => {
  it("uses the catalogue's price, whatever the client thought", () => {
    expect(priceLines([{ _id: COURT, size: '10', quantity: 2 }], catalogue)).toEqual([
      {
        shoeId: COURT,
        name: 'Court',
        image: 'court.webp',
        size: '10',
        quantity: 2,
        unitPriceCents: 12_050,
        discountCents: 0,
        taxCents: 0,
      },
    ]);
  });

  it('refuses a shoe the catalogue no longer has (404, its message)', () => {
    const error = thrown(() => priceLines([{ _id: COURT, size: '9', quantity: 1 }], catalogue.slice(0, 1)));
    expect(error.statusCode).toBe(404);
    expect(error.message).toBe(MESSAGES.checkout.unknownShoe);
  });

  it('adds in whole cents: three pairs at $1.10 and one at $19.99 are exactly 2329, where dollars drift', () => {
    expect(1.1 * 3, 'adding dollars drifts').toBe(3.3000000000000003);
    const shoes = [
      { ...catalogue[0]!, priceCents: 1999 },
      { ...catalogue[1]!, priceCents: 110 },
    ];
    const lines = priceLines(
      mergeLines([
        { _id: COURT, size: '9', quantity: 3 },
        { _id: RUNNER, size: '9', quantity: 1 },
      ]),
      shoes,
    );
    expect(totalCents(lines)).toBe(2329);
    expect(() => checkAmount(2329, totalCents(lines))).not.toThrow();
  });

  it('agrees to the cent with the total the cart shows the shopper (any prices, any quantities)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 1, max: 99_999_99 }), fc.integer({ min: 1, max: 99 })), {
          minLength: 1,
          maxLength: 8,
        }),
        (pairs) => {
          const shoes = pairs.map(([priceCents], index) => ({
            id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
            name: `Shoe ${index}`,
            image: '',
            priceCents,
            brand: 'Stride',
            onSale: false,
          }));
          const cart: CartLine[] = pairs.map(([priceCents, quantity], index) => ({
            _id: shoes[index]!.id,
            name: shoes[index]!.name,
            image: '',
            size: '9',
            quantity,
            price: priceCents / 100,
          }));
          const server = totalCents(priceLines(mergeLines(cart), shoes));
          expect(server).toBe(subtotalCents(cart));
          expect(() => checkAmount(subtotalCents(cart), server)).not.toThrow();
        },
      ),
    );
  });
});

describe('pricing: the amount the client pays', () => {
  it.each([5996, 5998, 0, 59.97])(
    'refuses %s for a 5997 cart with 409 and the prices-changed message',
    (amount) => {
      const error = thrown(() => checkAmount(amount, 5997));
      expect(error.statusCode).toBe(409);
      expect(error.code).toBe('conflict');
      expect(error.message).toBe(MESSAGES.checkout.pricesChanged);
    },
  );

  it('prices a whole cart: merged lines, the total, and the amount checked', async () => {
    const find = lookup();
    const cart = {
      shoes: [
        { _id: RUNNER, size: '9', quantity: 1 },
        { _id: COURT, size: '9', quantity: 1 },
        { _id: RUNNER, size: '9', quantity: 1 },
      ],
      amount: 2 * 1999 + 12_050,
    };
    const priced = await priceCart(cart, find, noCodes, shopper);
    expect(find).toHaveBeenCalledWith([RUNNER, COURT]);
    expect(priced.total).toBe(16_048);
    expect(priced.lines.map((line) => [line.name, line.quantity])).toEqual([
      ['Runner', 2],
      ['Court', 1],
    ]);
    await expect(priceCart({ ...cart, amount: 16_047 }, find, noCodes, shopper)).rejects.toMatchObject({
      statusCode: 409,
      message: MESSAGES.checkout.pricesChanged,
    });
  });

  it('tells an unknown shoe before a wrong amount', async () => {
    await expect(
      priceCart(
        { shoes: [{ _id: COURT, size: '9', quantity: 1 }], amount: 1 },
        lookup(catalogue.slice(0, 1)),
        noCodes,
        shopper,
      ),
    ).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe('pricing: a discount code', () => {
  const spring = {
    id: 'code-1',
    code: 'SPRING',
    amount: { kind: 'percent' as const, percent: 10 },
    target: { kind: 'not_on_sale' as const },
    minSubtotalCents: null,
    startsOn: null,
    endsOn: null,
    maxUses: 5,
    uses: 0,
    oncePerCustomer: true,
    active: true,
  };
  const codes = (used = false): CodeLookup => ({
    find: async (code) => (code === 'SPRING' ? spring : undefined),
    usedBy: async () => used,
  });
  const cart = {
    shoes: [
      { _id: RUNNER, size: '9', quantity: 2 },
      { _id: COURT, size: '9', quantity: 1 },
    ],
  };

  it('takes its share off the lines it applies to, whatever the case typed, and charges the rest', async () => {
    const priced = await priceCart(
      { ...cart, code: ' spring ', amount: 2 * 1999 + 12_050 - 400 },
      lookup(),
      codes(),
      shopper,
    );
    expect(priced.subtotal).toBe(16_048);
    expect(priced.discount).toEqual({
      codeId: 'code-1',
      code: 'SPRING',
      oncePerCustomer: true,
      totalCents: 400,
    });
    // The Court is on sale: the code leaves it alone.
    expect(priced.lines.map((line) => line.discountCents)).toEqual([400, 0]);
    expect(priced.total).toBe(15_648);
  });

  it('refuses an unknown code or one this shopper has used, with 409 and the reason', async () => {
    await expect(
      priceCart({ ...cart, code: 'NOPE', amount: 16_048 }, lookup(), codes(), shopper),
    ).rejects.toMatchObject({
      statusCode: 409,
      message: MESSAGES.discounts.unknown,
    });
    await expect(
      priceCart({ ...cart, code: 'SPRING', amount: 15_648 }, lookup(), codes(true), shopper),
    ).rejects.toMatchObject({
      statusCode: 409,
      message: MESSAGES.discounts.usedByYou,
    });
  });

  it('asks the client to look again when its amount forgot the discount', async () => {
    await expect(
      priceCart({ ...cart, code: 'SPRING', amount: 16_048 }, lookup(), codes(), shopper),
    ).rejects.toMatchObject({
      statusCode: 409,
      message: MESSAGES.checkout.pricesChanged,
    });
  });
});
