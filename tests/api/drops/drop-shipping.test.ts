import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ShippingMethodAnswer } from '../../../src/domain/contracts/shipping-and-tax.js';
import { MESSAGES } from '../../../src/domain/messages.js';
import { dropEntries, orders } from '../../../src/server/db/schema.js';
import { insertCatalog } from '../support/catalog-fixture.js';
import { confirmedShopper, deliveryTo, savedCard } from '../support/drop-shoppers.js';
import { createSender } from '../support/sender.js';
import { createStaffTestApp } from '../support/staff-test-app.js';
import type { TestApp } from '../support/test-app.js';

/**
 * How a drop's pair ships (issue 36): the shopper chooses among the shop's methods as the cart does,
 * an entry naming a method the shop does not offer is refused, and a winner whose method was retired
 * before the draw is charged and shipped by the default instead of stopping the draw.
 */
const ADMIN = { email: 'owner@drop-shipping.test', password: 'owner-password' };

let t: TestApp;
let admin: string;
let shoeId: string;

beforeAll(async () => {
  ({ t, admin } = await createStaffTestApp(ADMIN, { signInFrom: '10.69.0.1' }));
  const { shoeIds } = await insertCatalog(
    t.database.db,
    ['Stride'],
    [{ name: 'Comet Trail', brand: 'Stride', color: 'Blue', price: 180, sizes: [['9', 10]] }],
  );
  shoeId = shoeIds.get('Comet Trail')!;
});
afterAll(() => t.close());

const send = createSender(() => t.app, 69);

async function method(name: string, price: string): Promise<ShippingMethodAnswer> {
  const response = await send('POST', '/api/admin/shipping-methods', admin, {
    name,
    price,
    minDays: '1',
    maxDays: '3',
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

describe('shipping a drop’s pair', () => {
  it('takes the method chosen, refuses one not offered, and ships by the default one retired since', async () => {
    const [express, courier] = [await method('Drop Express', '12.50'), await method('Drop Courier', '30')];
    const methods = (
      await send('GET', '/api/admin/shipping-methods', admin)
    ).json() as ShippingMethodAnswer[];
    const fallback = methods.find((row) => row.active)!;

    const scheduled = await send('POST', '/api/admin/drops', admin, {
      shoeId,
      mode: 'draw',
      opensAt: new Date().toISOString(),
      closesAt: new Date(Date.now() + 3_600_000).toISOString(),
      sizes: [{ size: '9', pairs: 2 }],
    });
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    const dropId = (scheduled.json() as { _id: string })._id;

    const enter = async (shippingMethod: string, line1: string, cvc: string) => {
      const shopper = await confirmedShopper(t);
      return send('POST', `/api/drops/${dropId}/entries`, shopper.cookie, {
        size: '9',
        paymentMethodId: await savedCard(send, shopper.cookie, '4242424242424242', cvc),
        deliveryAddress: deliveryTo(line1),
        shippingMethod,
      });
    };

    // A method the shop does not offer: refused at the field, before the card is saved.
    const unknown = await enter('00000000-0000-4000-8000-00000000dead', '1 Nowhere Road', '301');
    expect(unknown.statusCode, unknown.body).toBe(400);
    expect(unknown.json().error).toMatchObject({
      message: MESSAGES.drops.shippingNotOffered,
      fields: { shippingMethod: MESSAGES.drops.shippingNotOffered },
    });

    const fast = await enter(express._id, '2 Express Way', '302');
    expect(fast.statusCode, fast.body).toBe(201);
    const costly = await enter(courier._id, '3 Courier Court', '303');
    expect(costly.statusCode, costly.body).toBe(201);
    const [stored] = await t.database.db
      .select({ shippingMethod: dropEntries.shippingMethod })
      .from(dropEntries)
      .where(eq(dropEntries.id, fast.json().entry._id));
    expect(stored!.shippingMethod).toBe(express._id);

    // The courier is retired before the draw: its winner ships by the shop's default.
    const retired = await send('PUT', `/api/admin/shipping-methods/${courier._id}/active`, admin, {
      active: false,
    });
    expect(retired.statusCode, retired.body).toBe(200);
    expect((await send('POST', `/api/admin/drops/${dropId}/close`, admin)).statusCode).toBe(200);
    await vi.waitFor(
      async () => expect((await send('GET', `/api/drops/${dropId}`, '')).json().phase).toBe('drawn'),
      { timeout: 30_000, interval: 50 },
    );

    const byLine = new Map(
      (
        await t.database.db
          .select({
            line1: orders.deliveryAddress,
            method: orders.shippingMethod,
            shipping: orders.shippingCents,
          })
          .from(orders)
          .where(like(orders.idempotencyKey, 'drop:%'))
      ).map((row) => [row.line1!.line1, row]),
    );
    expect(byLine.get('2 Express Way')).toMatchObject({ method: 'Drop Express', shipping: 1250 });
    expect(byLine.get('3 Courier Court')).toMatchObject({
      method: fallback.name,
      shipping: fallback.priceCents,
    });
  });
});
