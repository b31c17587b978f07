import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueueAnswer } from '../../../src/domain/contracts/drops.js';
import { dropEntries, dropSizes, orders, stockEntries } from '../../../src/server/db/schema.js';
import { DROP_LOCK_OF_ENTRY } from '../../../src/server/modules/drops/entries-repository.js';
import { insertCatalog } from '../support/catalog-fixture.js';
import { sideConnections } from '../support/lock-waits.js';
import { confirmedShopper, deliveryTo, placeCookie, savedCard } from '../support/drop-shoppers.js';
import { createSender } from '../support/sender.js';
import { createStaffTestApp } from '../support/staff-test-app.js';
import type { TestApp } from '../support/test-app.js';

/**
 * The waiting room under concurrent requests, on the machine's PostgreSQL (PGlite runs one query at
 * a time): joins at once get every place once, and shoppers let in together who pay at once buy
 * exactly the drop's pairs, each once, each an order.
 */
const ADMIN = { email: 'owner@waiting-room-postgres.test', password: 'owner-password' };
const SHOPPERS = 24;
const PAIRS = 5;

let t: TestApp;
let admin: string;
let shoeId: string;
let otherShoeId: string;

beforeAll(async () => {
  ({ t, admin } = await createStaffTestApp(ADMIN, { signInFrom: '10.67.0.1', app: { postgres: true } }));
  const { shoeIds } = await insertCatalog(
    t.database.db,
    ['Stride'],
    [
      { name: 'Crowd Pleaser', brand: 'Stride', color: 'White', price: 220, sizes: [['9', 40]] },
      { name: 'Quiet Runner', brand: 'Stride', color: 'Black', price: 180, sizes: [['9', 10]] },
    ],
  );
  shoeId = shoeIds.get('Crowd Pleaser')!;
  otherShoeId = shoeIds.get('Quiet Runner')!;
});
afterAll(() => t.close());

const send = createSender(() => t.app, 68);

describe('a first-come drop on PostgreSQL', () => {
  it('gives joins at once every place once, and sells exactly its pairs to shoppers paying at once', async () => {
    const dropId = await openSale(shoeId);

    const shoppers = await Promise.all(Array.from({ length: SHOPPERS }, () => confirmedShopper(t)));
    const cards = await Promise.all(
      shoppers.map((shopper, index) =>
        savedCard(send, shopper.cookie, '4242424242424242', String(100 + index).padStart(3, '0')),
      ),
    );
    const joined = await Promise.all(
      shoppers.map((shopper) => send('POST', `/api/drops/${dropId}/queue`, shopper.cookie)),
    );
    const places = joined.map((response) => (response.json() as QueueAnswer).place);
    expect([...places].sort((a, b) => a! - b!)).toEqual(
      Array.from({ length: SHOPPERS }, (_, index) => index + 1),
    );

    const stockBefore = await stockOf();
    const bought = await Promise.all(
      shoppers.map((shopper, index) =>
        send('POST', `/api/drops/${dropId}/purchase`, `${shopper.cookie}; ${placeCookie(joined[index]!)}`, {
          size: '9',
          paymentMethodId: cards[index],
          deliveryAddress: deliveryTo(`${index + 1} Crowd Street`),
        }),
      ),
    );
    const statuses = bought.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(PAIRS);
    expect(statuses.filter((status) => status === 409)).toHaveLength(SHOPPERS - PAIRS);

    const [size] = await t.database.db.select().from(dropSizes).where(eq(dropSizes.dropId, dropId));
    expect(size!.sold).toBe(PAIRS);
    const won = await t.database.db.select().from(dropEntries).where(eq(dropEntries.dropId, dropId));
    expect(won.map((entry) => entry.outcome)).toEqual(Array(PAIRS).fill('won'));
    expect(new Set(won.map((entry) => entry.userId)).size).toBe(PAIRS);
    for (const entry of won) {
      const [order] = await t.database.db.select().from(orders).where(eq(orders.id, entry.orderId!));
      expect(order).toBeDefined();
    }
    expect(await stockOf()).toBe(stockBefore - PAIRS);
  });

  it('a purchase being written holds back cancelling the drop, not the crowd joining', async () => {
    const dropId = await openSale(otherShoeId);
    const side = await sideConnections(t.database);
    try {
      // The drop's row as a purchase holds it between taking its pair and committing.
      const purchase = await side.hold(
        `SELECT id FROM drops WHERE id = $1 FOR ${DROP_LOCK_OF_ENTRY.toUpperCase()}`,
        [dropId],
      );
      // A join counts on the same row, and goes through meanwhile.
      const shopper = await confirmedShopper(t);
      const joined = await send('POST', `/api/drops/${dropId}/queue`, shopper.cookie);
      expect(joined.statusCode, joined.body).toBe(200);
      expect((joined.json() as QueueAnswer).place).toBe(1);

      // Cancelling waits for the purchase to commit: it cannot slip in between its check and its pair.
      let answered = false;
      const cancel = send('POST', `/api/admin/drops/${dropId}/cancel`, admin).finally(() => {
        answered = true;
      });
      await side.waiters(1, 'from "drops" .*for update');
      expect(answered).toBe(false);
      await purchase.release();
      expect((await cancel).statusCode).toBe(200);
    } finally {
      await side.close();
    }
  });
});

/** A first-come sale of a shoe's size 9, open now, letting everyone in at once. */
async function openSale(shoe: string): Promise<string> {
  const scheduled = await send('POST', '/api/admin/drops', admin, {
    shoeId: shoe,
    mode: 'first_come',
    opensAt: new Date().toISOString(),
    closesAt: new Date(Date.now() + 3_600_000).toISOString(),
    sizes: [{ size: '9', pairs: PAIRS }],
    admitPerMinute: 10_000,
  });
  expect(scheduled.statusCode, scheduled.body).toBe(201);
  return (scheduled.json() as { _id: string })._id;
}

async function stockOf(): Promise<number> {
  const [row] = await t.database.db
    .select({ quantity: stockEntries.quantity })
    .from(stockEntries)
    .where(eq(stockEntries.shoeId, shoeId));
  return row!.quantity;
}
