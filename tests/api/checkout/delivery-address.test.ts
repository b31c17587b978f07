import { and, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DeliveryAddressInput } from '../../../src/domain/forms.js';
import { MESSAGES } from '../../../src/domain/messages.js';
import { mailOutbox, orders, stockEntries } from '../../../src/server/db/schema.js';
import { EMAIL_CONFIRMATION_SUBJECT } from '../../../src/server/mail/templates/account-mails.js';
import { checkoutWith, testCard } from '../support/paid-order.js';
import { createSender } from '../support/sender.js';
import { signUp } from '../support/session.js';
import { createStaffShop } from '../support/staff-shop.js';
import type { TestApp } from '../support/test-app.js';

/**
 * The delivery address on every order (issue 31 item 1): the checkout validates it with the cart
 * form's schema (docs/decisions/019), copies it and the billing address into the order in its
 * transaction, the order answers them to its buyer and the staff, the confirmation mail names where
 * it goes. The spec's body, without an address, still pays. Stripe's `shipping` (item 9) is in
 * stripe-payments.test.ts. On PGlite, and on PostgreSQL when DATABASE_URL is set.
 */
const provider = await vi.hoisted(async () =>
  (await import('../support/recording-payments.js')).emptyRecord(),
);

vi.mock('../../../src/server/payments/test-payment-provider.js', async (importOriginal) =>
  (await import('../support/recording-payments.js')).recordingPayments(await importOriginal(), provider),
);

const ADMIN = { email: 'owner@delivery-address.test', password: 'owner-password' };
const PRICE_CENTS = 8000;

let t: TestApp;
let admin: string;
let shoeId: string;

beforeAll(async () => {
  ({ t, admin, shoeId } = await createStaffShop(ADMIN, {
    signInFrom: '10.77.250.1',
    shoe: { name: 'Parcel Runner', color: 'Green', price: PRICE_CENTS / 100, stock: 100 },
  }));
});
afterAll(() => t.close());

const send = createSender(() => t.app, 77);

/** What a shopper types into the cart's form: a real US address the spec's rules would refuse. */
const DELIVERY: DeliveryAddressInput = {
  name: "Sam O'Brien",
  line1: '1600 Pennsylvania Ave. NW',
  line2: 'Apt #2',
  city: 'Winston-Salem',
  state: 'north carolina',
  postal_code: '27101-1234',
  phone: '(619) 555-0134',
};
const BILLING = {
  name: 'Ana Lima',
  line1: 'Main St 12',
  city: 'San Diego',
  state: 'CA',
  postal_code: '92101',
};

/** The spec's checkout body for one pair (less the card's id), with whatever else `extra` adds. */
const body = (extra: Record<string, unknown> = {}) => ({
  shoes: [{ _id: shoeId, size: '9', quantity: 1 }],
  amount: PRICE_CENTS,
  ...extra,
});

const checkout = (cookie: string, extra: Record<string, unknown>, headers?: Record<string, string>) =>
  checkoutWith(send, cookie, body(extra), headers);

const orderAs = (cookie: string, idPayment: string) => send('GET', `/api/cart/order/${idPayment}`, cookie);

const stock = async () =>
  (
    await t.database.db
      .select({ q: stockEntries.quantity })
      .from(stockEntries)
      .where(eq(stockEntries.shoeId, shoeId))
  )[0]!.q;
const orderCount = async () =>
  (await t.database.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(orders))[0]!.n;

describe('POST /api/cart/checkout with a delivery address', () => {
  it('copies it into the order, which answers it to its buyer and the staff', async () => {
    const shopper = await signUp(t.app);
    const paid = await checkout(shopper.cookie, { deliveryAddress: DELIVERY });
    expect(paid.statusCode, paid.body).toBe(200);
    const { order } = paid.json();
    // Trimmed as parsed, the state kept as typed and read as its USPS code.
    const stored = {
      name: "Sam O'Brien",
      line1: '1600 Pennsylvania Ave. NW',
      line2: 'Apt #2',
      city: 'Winston-Salem',
      state: 'north carolina',
      stateCode: 'NC',
      postal_code: '27101-1234',
      phone: '(619) 555-0134',
    };
    expect(order.deliveryAddress).toEqual(stored);
    // No billing address given: it is the delivery address.
    expect(order.billingAddress).toBeNull();

    const mine = await orderAs(shopper.cookie, order.idPayment);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ deliveryAddress: stored, billingAddress: null });
    const staff = await orderAs(admin, order.idPayment);
    expect(staff.statusCode).toBe(200);
    expect(staff.json()).toMatchObject({ deliveryAddress: stored, billingAddress: null });
    const listed = await send('GET', `/api/cart/${shopper.user._id}`, shopper.cookie);
    expect(listed.json()[0]).toMatchObject({ idPayment: order.idPayment, deliveryAddress: stored });
  });

  it('keeps a separate billing address, and leaves out an empty line 2 and phone', async () => {
    const shopper = await signUp(t.app);
    const paid = await checkout(shopper.cookie, {
      deliveryAddress: { ...DELIVERY, line2: '  ', phone: '', state: 'DC', postal_code: '20500' },
      billingAddress: BILLING,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const { order } = paid.json();
    expect(order.deliveryAddress).toEqual({
      name: "Sam O'Brien",
      line1: '1600 Pennsylvania Ave. NW',
      city: 'Winston-Salem',
      state: 'DC',
      stateCode: 'DC',
      postal_code: '20500',
    });
    expect(order.billingAddress).toEqual({ ...BILLING, stateCode: 'CA' });
    expect((await orderAs(admin, order.idPayment)).json().billingAddress).toEqual({
      ...BILLING,
      stateCode: 'CA',
    });
  });

  it('keeps a card billed abroad: its state as typed, with no US code', async () => {
    const shopper = await signUp(t.app);
    const abroad = {
      name: 'Ana Lima',
      line1: '1 Front St W',
      city: 'Toronto',
      state: 'Ontario',
      postal_code: 'M5V 2T6',
    };
    const paid = await checkout(shopper.cookie, { deliveryAddress: DELIVERY, billingAddress: abroad });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().order.billingAddress).toEqual({ ...abroad, stateCode: null });
    expect(paid.json().order.deliveryAddress).toMatchObject({ stateCode: 'NC' });
  });

  it('pays the spec’s body, without an address: the order has none', async () => {
    const shopper = await signUp(t.app);
    const paid = await checkout(shopper.cookie, {});
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().order).toMatchObject({ deliveryAddress: null, billingAddress: null });
    const [mail] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, shopper.email), ne(mailOutbox.subject, EMAIL_CONFIRMATION_SUBJECT)));
    expect(mail!.text).not.toContain('send it to');
  });

  it('names where the order goes in the confirmation mail', async () => {
    const shopper = await signUp(t.app);
    const paid = await checkout(shopper.cookie, { deliveryAddress: DELIVERY, billingAddress: BILLING });
    expect(paid.statusCode, paid.body).toBe(200);
    const [mail] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, shopper.email), ne(mailOutbox.subject, EMAIL_CONFIRMATION_SUBJECT)));
    expect(mail!.subject).toContain(paid.json().order.idPayment);
    expect(mail!.text).toContain(
      "We will send it to:\nSam O'Brien\n1600 Pennsylvania Ave. NW\nApt #2\nWinston-Salem, NC 27101-1234",
    );
    // The billing address is the card's business, not the parcel's.
    expect(mail!.text).not.toContain('Main St 12');
  });

  it('keeps a past order’s address when the account changes or the next order goes elsewhere', async () => {
    const shopper = await signUp(t.app);
    const first = (await checkout(shopper.cookie, { deliveryAddress: DELIVERY })).json().order;
    const renamed = await send('PUT', '/api/account/name', shopper.cookie, { name: 'Someone Else' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const second = await checkout(shopper.cookie, {
      deliveryAddress: { ...BILLING, line2: 'Suite 400', phone: '6195550134' },
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().order.deliveryAddress).toMatchObject({ name: 'Ana Lima', line2: 'Suite 400' });
    expect((await orderAs(shopper.cookie, first.idPayment)).json().deliveryAddress).toEqual(
      first.deliveryAddress,
    );
  });

  it('treats another address under the same Idempotency-Key as another request (409)', async () => {
    const shopper = await signUp(t.app);
    const id = await testCard(send, shopper.cookie);
    const headers = { 'idempotency-key': 'delivery-address-0001' };
    const first = await send(
      'POST',
      '/api/cart/checkout',
      shopper.cookie,
      { id, ...body({ deliveryAddress: DELIVERY }) },
      headers,
    );
    expect(first.statusCode, first.body).toBe(200);
    const again = await send(
      'POST',
      '/api/cart/checkout',
      shopper.cookie,
      { id, ...body({ deliveryAddress: DELIVERY }) },
      headers,
    );
    expect(again.json()).toEqual(first.json());
    const elsewhere = await send(
      'POST',
      '/api/cart/checkout',
      shopper.cookie,
      { id, ...body({ deliveryAddress: { ...DELIVERY, line1: '1 Infinite Loop' } }) },
      headers,
    );
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().error.message).toBe(MESSAGES.checkout.idempotencyMismatch);
  });
});

describe('POST /api/cart/checkout refuses a bad address', () => {
  const M = MESSAGES.checkoutForm;
  it.each([
    ['an unknown state', 'deliveryAddress', { state: 'Narnia' }, M.usState],
    ['a state with digits', 'deliveryAddress', { state: 'Cal1fornia' }, M.state],
    ['a 4-digit ZIP', 'deliveryAddress', { postal_code: '9210' }, M.zip],
    ['a line 1 over 100 characters', 'deliveryAddress', { line1: `${'1 Main Street '.repeat(8)}` }, M.line1],
    ['a script in line 1', 'deliveryAddress', { line1: '<script>alert(1)</script>' }, M.line1],
    ['a script in line 2', 'deliveryAddress', { line2: '<script>alert(1)</script>' }, M.line2],
    ['a 7-digit phone', 'deliveryAddress', { phone: '555-0134' }, M.phone],
    ['a name with digits', 'deliveryAddress', { name: 'R2D2 Droid' }, M.name],
    ['a missing city', 'deliveryAddress', { city: undefined }, M.city],
    ['a billing state with digits', 'billingAddress', { state: 'Cal1fornia' }, M.state],
    ['a billing postal code of symbols', 'billingAddress', { postal_code: '92@01' }, M.postalCode],
  ])(
    '%s: 400 with its message, no order, no stock taken, no charge',
    async (_label, which, change, message) => {
      const shopper = await signUp(t.app);
      const field = Object.keys(change)[0]!;
      const address = which === 'deliveryAddress' ? { ...DELIVERY, ...change } : { ...BILLING, ...change };
      const before = { orders: await orderCount(), stock: await stock(), captures: provider.captures.length };
      const response = await checkout(
        shopper.cookie,
        which === 'deliveryAddress'
          ? { deliveryAddress: address }
          : { deliveryAddress: DELIVERY, billingAddress: address },
      );
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.fields[`${which}.${field}`]).toBe(message);
      expect(response.json().error.message).toBe(message);
      expect({
        orders: await orderCount(),
        stock: await stock(),
        captures: provider.captures.length,
      }).toEqual(before);
    },
  );

  it('refuses a billing address without a delivery address', async () => {
    const shopper = await signUp(t.app);
    const before = { orders: await orderCount(), captures: provider.captures.length };
    const response = await checkout(shopper.cookie, { billingAddress: BILLING });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.billingAddress).toBe(
      'A billing address goes with a delivery address',
    );
    expect({ orders: await orderCount(), captures: provider.captures.length }).toEqual(before);
  });

  it('captures once for a good address (the refusals above were not for want of a charge)', async () => {
    const shopper = await signUp(t.app);
    const before = provider.captures.length;
    expect((await checkout(shopper.cookie, { deliveryAddress: DELIVERY })).statusCode).toBe(200);
    expect(provider.captures.length).toBe(before + 1);
  });
});
