import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discountCodes, orderRefunds, orders, shippingMethods } from '../../../src/server/db/schema.js';
import { paymentMethodBody } from '../../fixtures/payment.js';
import { insertCatalog } from '../support/catalog-fixture.js';
import { signUp, TEST_ORIGIN } from '../support/session.js';
import { createStaffTestApp } from '../support/staff-test-app.js';
import type { TestApp } from '../support/test-app.js';

/**
 * The dashboard's money split (issue 31 item 6): the lines after codes, the discounts, the shipping
 * and the sales tax collected, net of refunds. A refund's tax part comes off the tax, the rest off
 * the lines, and only what goes beyond the lines off the shipping; the three add up to `salesCents`.
 */
const ADMIN = { email: 'owner@money-split.test', password: 'owner-password' };
const ADDRESS = {
  name: 'Sam Parker',
  line1: '12 Main St',
  city: 'Raleigh',
  state: 'NC',
  postal_code: '27601',
};

let t: TestApp;
let admin: string;
let shoeId: string;

let requests = 0;
const send = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { origin: TEST_ORIGIN, cookie },
    remoteAddress: `10.66.${Math.floor(requests / 250)}.${(requests++ % 250) + 1}`,
  });

async function checkout(cookie: string, body: Record<string, unknown>) {
  const method = await send('POST', '/api/payments/methods', cookie, paymentMethodBody());
  const paid = await send('POST', '/api/cart/checkout', cookie, { id: method.json().id, ...body });
  expect(paid.statusCode, paid.body).toBe(200);
  const [order] = await t.database.db
    .select()
    .from(orders)
    .where(eq(orders.idPayment, (paid.json().order as { idPayment: string }).idPayment));
  return order!;
}

let refunds = 0;
/** A refund as the refund writer keeps it (its tax part beside its amount). */
async function refund(
  orderId: string,
  amountCents: number,
  taxCents: number,
  status: 'succeeded' | 'pending' | 'failed' = 'succeeded',
) {
  await t.database.db.insert(orderRefunds).values({
    orderId,
    amountCents,
    taxCents,
    status,
    reason: 'test',
    requestKey: `money-split-${++refunds}`,
    createdBy: ADMIN.email,
  });
}

const stats = async () => {
  const response = await send('GET', '/api/admin/stats', admin);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    salesCents: number;
    money: { linesCents: number; discountCents: number; shippingCents: number; taxCents: number };
  };
};

beforeAll(async () => {
  ({ t, admin } = await createStaffTestApp(ADMIN, { signInFrom: '10.67.0.1' }));
  const { shoeIds } = await insertCatalog(
    t.database.db,
    ['Stride'],
    [{ name: 'Runner', brand: 'Stride', color: 'Red', price: 100, sizes: [['9', 50]] }],
  );
  shoeId = shoeIds.get('Runner')!;
});
afterAll(() => t.close());

describe('the dashboard’s money split', () => {
  it('is all zero with no orders', async () => {
    expect(await stats()).toMatchObject({
      salesCents: 0,
      money: { linesCents: 0, discountCents: 0, shippingCents: 0, taxCents: 0 },
    });
  });

  it('separates lines, discounts, shipping and tax, net of refunds, adding up to the sales', async () => {
    const rate = await send('PUT', '/api/admin/tax-rates/NC', admin, { rate: '5', taxShipping: true });
    expect(rate.statusCode, rate.body).toBe(200);
    const [express] = await t.database.db
      .select()
      .from(shippingMethods)
      .where(eq(shippingMethods.name, 'Express'));
    await t.database.db
      .insert(discountCodes)
      .values({ code: 'TENOFF', kind: 'percent', percent: 10, target: 'cart' });
    const shopper = await signUp(t.app);

    // $100 by Express to NC at 5 %, shipping taxed: $5.00 on the pair, $19.95 × 5 % = 99.75 → $1.00.
    const taxed = await checkout(shopper.cookie, {
      shoes: [{ _id: shoeId, size: '9', quantity: 1 }],
      amount: 10_000 + 1995 + 600,
      deliveryAddress: ADDRESS,
      shippingMethod: express!.id,
    });
    expect(taxed).toMatchObject({ shippingCents: 1995, taxCents: 600 });
    // The spec's body with a code: $100 less 10 %, free Standard shipping, no address and no tax.
    const plain = await checkout(shopper.cookie, {
      shoes: [{ _id: shoeId, size: '9', quantity: 1 }],
      amount: 9000,
      code: 'TENOFF',
    });
    expect(plain).toMatchObject({ discountCents: 1000, shippingCents: 0, taxCents: 0 });

    expect(await stats()).toEqual(
      expect.objectContaining({
        salesCents: 12_595 + 9000,
        money: { linesCents: 19_000, discountCents: 1000, shippingCents: 1995, taxCents: 600 },
      }),
    );

    // Half the pair with its tax; then the rest of the pair's lines with the rest of its tax; then
    // $10 beyond the lines (shipping). A pending and a failed refund count for nothing yet.
    await refund(taxed.id, 5250, 250);
    await refund(taxed.id, 5100, 100);
    await refund(taxed.id, 1000, 0);
    await refund(taxed.id, 999, 49, 'pending');
    await refund(taxed.id, 777, 37, 'failed');
    await refund(plain.id, 500, 0);
    const split = await stats();
    expect(split).toEqual(
      expect.objectContaining({
        salesCents: 12_595 + 9000 - (5250 + 5100 + 1000) - 500,
        money: { linesCents: 0 + 8500, discountCents: 1000, shippingCents: 995, taxCents: 250 },
      }),
    );
    const { linesCents, shippingCents, taxCents } = split.money;
    expect(linesCents + shippingCents + taxCents).toBe(split.salesCents);
  });
});
