import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryAddressInput } from '../../../src/domain/forms.js';
import { MESSAGES } from '../../../src/domain/messages.js';
import { orders } from '../../../src/server/db/schema.js';
import { paymentMethodBody } from '../../fixtures/payment.js';
import { insertCatalog } from '../support/catalog-fixture.js';
import { pdfPlainText, pdfText } from '../support/pdf-text.js';
import { createSender } from '../support/sender.js';
import { signUp } from '../support/session.js';
import { createStaffTestApp } from '../support/staff-test-app.js';
import type { TestApp } from '../support/test-app.js';

/**
 * An order's PDFs (issue 31 item 8): the invoice its shopper (or staff) downloads, with the shop's
 * name and address from the settings, and the packing slip only staff print, without a price. The
 * PDFs' text is read back from their streams (support/pdf-text.ts). On PGlite, and on PostgreSQL
 * when DATABASE_URL is set.
 */
const ADMIN = { email: 'owner@invoice.test', password: 'owner-password' };

let t: TestApp;
let admin: string;
let shoeId: string;

beforeAll(async () => {
  ({ t, admin } = await createStaffTestApp(ADMIN, {
    signInFrom: '10.91.250.1',
    env: { SHOP_NAME: 'Invoice Street Shoes', SHOP_ADDRESS: '12 Lace Lane\\nPortland, OR 97201' },
  }));
  const { shoeIds } = await insertCatalog(
    t.database.db,
    ['Stride'],
    [{ name: 'Ledger Runner', brand: 'Stride', color: 'Blue', price: 59.99, sizes: [['9', 100]] }],
  );
  shoeId = shoeIds.get('Ledger Runner')!;
  const code = await send('POST', '/api/admin/discounts', admin, {
    code: 'INVOICE5',
    kind: 'fixed',
    value: '5',
    target: 'cart',
  });
  expect(code.statusCode, code.body).toBe(201);
});
afterAll(() => t.close());

const send = createSender(() => t.app, 91);

const DELIVERY: DeliveryAddressInput = {
  name: "Sam O'Brien",
  line1: '1600 Pennsylvania Ave. NW',
  line2: 'Apt #2',
  city: 'Winston-Salem',
  state: 'north carolina',
  postal_code: '27101',
};
const BILLING = {
  name: 'Ana Lima',
  line1: 'Main St 12',
  city: 'San Diego',
  state: 'CA',
  postal_code: '92101',
};

/** Three pairs at $59.99 with the $5 code, to a delivery address and billed elsewhere: $174.97. */
async function buy() {
  const shopper = await signUp(t.app);
  const method = await send('POST', '/api/payments/methods', shopper.cookie, paymentMethodBody());
  const paid = await send('POST', '/api/cart/checkout', shopper.cookie, {
    id: method.json().id,
    shoes: [{ _id: shoeId, size: '9', quantity: 3 }],
    amount: 3 * 5999 - 500,
    code: 'INVOICE5',
    deliveryAddress: DELIVERY,
    billingAddress: BILLING,
  });
  expect(paid.statusCode, paid.body).toBe(200);
  const order = paid.json().order as { _id: string; idPayment: string; number: string };
  return { shopper, ...order };
}

const invoiceOf = (idPayment: string, cookie: string) =>
  send('GET', `/api/cart/order/${idPayment}/invoice.pdf`, cookie);
const slipOf = (idPayment: string, cookie: string) =>
  send('GET', `/api/cart/order/${idPayment}/packing-slip.pdf`, cookie);

describe('GET /api/cart/order/{idPayment}/invoice.pdf', () => {
  it('gives the buyer a PDF file that names the shop, the order, both addresses, the lines and the total', async () => {
    const { shopper, idPayment, number } = await buy();
    expect(number).toMatch(/^SS-\d+$/);
    const answer = await invoiceOf(idPayment, shopper.cookie);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="invoice-${number}.pdf"`);
    expect(answer.headers['cache-control']).toBe('private, no-store');
    const pdf = answer.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.subarray(-6).toString()).toMatch(/%%EOF/);
    const texts = pdfText(pdf);
    expect(texts).toEqual(
      expect.arrayContaining([
        'Invoice Street Shoes',
        '12 Lace Lane',
        'Portland, OR 97201',
        'Invoice',
        `Order  ${number}`,
        `Payment  ${idPayment}`,
        // Billed to the card's address, shipped to the delivery address.
        'Ana Lima',
        'San Diego, CA 92101',
        "Sam O'Brien",
        '1600 Pennsylvania Ave. NW',
        'Apt #2',
        'Winston-Salem, NC 27101',
        'Ledger Runner',
        '$59.99',
        '$179.97',
        'Discount (code INVOICE5)',
        '-$5.00',
        'Total',
        '$174.97',
      ]),
    );
    // Nothing configured: no shipping method charged, no tax row.
    expect(texts.join('\n')).not.toMatch(/Sales tax|Adjustment/);
  });

  it('adds the shipping method and the sales tax with its rate, summing to what was charged', async () => {
    const { shopper, _id, idPayment } = await buy();
    // As the checkout records them once shipping and tax are configured: $19.95 Express, 7.25 %.
    await t.database.db
      .update(orders)
      .set({
        shippingMethod: 'Express',
        shippingCents: 1995,
        deliveryFrom: '2026-11-30',
        deliveryTo: '2026-12-01',
        taxCents: 1413,
        taxRateMilliPercent: 7250,
        amountCents: 17497 + 1995 + 1413,
      })
      .where(eq(orders.id, _id));
    const text = pdfPlainText((await invoiceOf(idPayment, shopper.cookie)).rawPayload);
    expect(text).toContain('Shipping (Express)\n$19.95');
    expect(text).toContain('Sales tax (7.25%)\n$14.13');
    expect(text).toContain('Total\n$209.05');
    expect(text).not.toContain('Adjustment');
  });

  it('gives it to staff for any order, by the order’s id too', async () => {
    const { _id, idPayment, number } = await buy();
    for (const ref of [idPayment, _id]) {
      const answer = await invoiceOf(ref, admin);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(pdfPlainText(answer.rawPayload)).toContain(`Order  ${number}`);
    }
  });

  it('lists the refunds that went through and what was paid after them', async () => {
    const { shopper, idPayment } = await buy();
    const refunded = await send(
      'POST',
      `/api/cart/order/${idPayment}/refunds`,
      admin,
      { reason: 'Scuffed box', amount: 1000 },
      { 'idempotency-key': `invoice-${idPayment}` },
    );
    expect(refunded.statusCode, refunded.body).toBe(200);
    const text = pdfPlainText((await invoiceOf(idPayment, shopper.cookie)).rawPayload);
    expect(text).toMatch(/Refunded \w+ \d{1,2}, \d{4}\n-\$10\.00/);
    expect(text).toContain('Paid after refunds\n$164.97');
    // The staff's internal reason is not the shopper's to read.
    expect(text).not.toContain('Scuffed box');
  });

  it('asks a visitor to sign in, and answers another shopper and an unknown order as missing', async () => {
    const { idPayment } = await buy();
    const visitor = await invoiceOf(idPayment, '');
    expect(visitor.statusCode).toBe(401);
    const stranger = await signUp(t.app);
    const other = await invoiceOf(idPayment, stranger.cookie);
    expect(other.statusCode).toBe(404);
    expect(other.json().error.message).toBe(MESSAGES.orders.notFound);
    expect(other.headers['content-type']).toMatch(/^application\/json/);
    const unknown = await invoiceOf('pi_no_such_payment', admin);
    expect(unknown.statusCode).toBe(404);
    expect((await invoiceOf('x'.repeat(201), admin)).statusCode).toBe(400);
  });
});

describe('GET /api/cart/order/{idPayment}/packing-slip.pdf', () => {
  it('shows staff a printable slip: where it goes, how, and the pairs, without a price', async () => {
    const { idPayment, number } = await buy();
    const answer = await slipOf(idPayment, admin);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['content-disposition']).toBe(`inline; filename="packing-slip-${number}.pdf"`);
    expect(answer.headers['cache-control']).toBe('private, no-store');
    const texts = pdfText(answer.rawPayload);
    expect(texts).toEqual(
      expect.arrayContaining([
        'Packing slip',
        `Order  ${number}`,
        "Sam O'Brien",
        'Apt #2',
        'Winston-Salem, NC 27101',
        'Ledger Runner',
        '9',
        '3',
        'Total: 3 pairs',
      ]),
    );
    const text = texts.join('\n');
    expect(text).not.toMatch(/\$|59\.99|174\.97|Ana Lima|INVOICE5/);
  });

  it('is for staff only: a visitor signs in, the buyer and other shoppers are refused', async () => {
    const { shopper, idPayment } = await buy();
    expect((await slipOf(idPayment, '')).statusCode).toBe(401);
    expect((await slipOf(idPayment, shopper.cookie)).statusCode).toBe(403);
    expect((await slipOf(idPayment, (await signUp(t.app)).cookie)).statusCode).toBe(403);
    expect((await slipOf('pi_no_such_payment', admin)).statusCode).toBe(404);
  });
});
