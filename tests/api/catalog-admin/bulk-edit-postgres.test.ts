/**
 * Bulk edits where PGlite's one query at a time would hide what matters (issue 33 item 5): a bulk
 * change of many shoes while shoppers buy the same shoes. The apply locks its shoes in id order, as
 * the checkout does, so neither waits on the other in a circle (a deadlock would be a 500 for one),
 * and every pair is counted exactly. Always on the machine's PostgreSQL, in a database of its own.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BulkAnswer } from '../../../src/domain/contracts/bulk-edit.js';
import { shoes, stockEntries } from '../../../src/server/db/schema.js';
import { insertCatalog } from '../support/catalog-fixture.js';
import { sideConnections } from '../support/lock-waits.js';
import { checkoutWith } from '../support/paid-order.js';
import { createSender } from '../support/sender.js';
import { signUp } from '../support/session.js';
import { createStaffTestApp } from '../support/staff-test-app.js';
import type { TestApp } from '../support/test-app.js';

let t: TestApp;
let admin: string;
let side: Awaited<ReturnType<typeof sideConnections>>;
const send = createSender(() => t.app, 97);

beforeAll(async () => {
  ({ t, admin } = await createStaffTestApp(
    { email: 'owner@bulk-postgres.test', password: 'owner-password' },
    { signInFrom: '10.97.250.1', app: { postgres: true } },
  ));
  expect(t.database.kind).toBe('postgres');
  side = await sideConnections(t.database);
}, 60_000);
afterAll(async () => {
  await side?.close();
  await t?.close();
});

const SHOES = 6;
const PAIRS = 20;

/** Six $100 shoes of 20 pairs in size 9, their ids in the order rows are locked in. */
async function sixShoes(prefix: string): Promise<string[]> {
  const { shoeIds } = await insertCatalog(
    t.database.db,
    [`${prefix} Brand`],
    Array.from({ length: SHOES }, (_, index) => ({
      name: `${prefix} Shoe ${index}`,
      brand: `${prefix} Brand`,
      color: 'Red',
      price: 100,
      sizes: [['9', PAIRS]] as [string, number][],
    })),
  );
  return [...shoeIds.values()].sort();
}

async function previewed(ids: string[], action: object) {
  const response = await send('POST', '/api/admin/shoes/bulk/preview', admin, { selection: { ids }, action });
  expect(response.statusCode, response.body).toBe(200);
  const answer = response.json() as BulkAnswer;
  return {
    selection: { ids },
    action,
    expected: answer.shoes.map((shoe) => ({ _id: shoe._id, version: shoe.version })),
  };
}

/**
 * 30 shoppers, each buying a pair of two neighbouring shoes (listed highest id first, so the cart's
 * order is not the lock order), while the bulk apply runs; all wait at the middle shoe's row first.
 */
async function raceCheckouts(ids: string[], apply: object) {
  const shoppers = await Promise.all(Array.from({ length: 30 }, () => signUp(t.app)));
  const middle = await side.hold('SELECT 1 FROM shoes WHERE id = $1 FOR UPDATE', [ids[SHOES / 2]]);
  const bulk = send('POST', '/api/admin/shoes/bulk', admin, apply);
  const checkouts = shoppers.map((shopper, index) => {
    const first = index % (SHOES - 1);
    return checkoutWith(send, shopper.cookie, {
      shoes: [
        { _id: ids[first + 1], size: '9', quantity: 1 },
        { _id: ids[first], size: '9', quantity: 1 },
      ],
      amount: 20_000,
    });
  });
  await side.waiters(5, 'update "shoes"|for update|for no key update');
  await middle.release();
  const [bulkAnswer, ...answers] = await Promise.all([bulk, ...checkouts]);
  return { bulkAnswer: bulkAnswer!, answers };
}

/** Pairs sold per shoe, read from the paid orders' answers. */
function soldPerShoe(answers: { statusCode: number; json(): unknown }[]): Map<string, number> {
  const sold = new Map<string, number>();
  for (const answer of answers.filter((candidate) => candidate.statusCode === 200)) {
    const order = (answer.json() as { order: { shoe: { _id: string; quantity: number }[] } }).order;
    for (const line of order.shoe) sold.set(line._id, (sold.get(line._id) ?? 0) + line.quantity);
  }
  return sold;
}

describe('a bulk change while shoppers buy the same shoes', () => {
  it('a price change completes without a deadlock, and the stock is exactly what was not sold', async () => {
    const ids = await sixShoes('Race Price');
    const apply = await previewed(ids, { kind: 'price_percent', percent: -10 });
    const { bulkAnswer, answers } = await raceCheckouts(ids, apply);

    expect(bulkAnswer.statusCode, bulkAnswer.body).toBe(200);
    expect(bulkAnswer.json()).toMatchObject({ changed: SHOES, unchanged: 0 });
    // Paid before the change, or refused for the price that changed under the cart: never a 500.
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status !== 200 && status !== 409)).toEqual([]);

    const sold = soldPerShoe(answers);
    const rows = await t.database.db.select().from(shoes).where(inArray(shoes.id, ids));
    const stock = await t.database.db.select().from(stockEntries).where(inArray(stockEntries.shoeId, ids));
    for (const id of ids) {
      expect(rows.find((row) => row.id === id)!.priceCents).toBe(9_000);
      expect(stock.find((entry) => entry.shoeId === id)!.quantity).toBe(PAIRS - (sold.get(id) ?? 0));
      expect(rows.find((row) => row.id === id)!.unitsSold).toBe(sold.get(id) ?? 0);
    }
  });

  it('pairs added to the size being bought are all there, less exactly the pairs sold', async () => {
    const ids = await sixShoes('Race Stock');
    const apply = await previewed(ids, { kind: 'add_stock', size: '9', quantity: 5 });
    const { bulkAnswer, answers } = await raceCheckouts(ids, apply);

    expect(bulkAnswer.statusCode, bulkAnswer.body).toBe(200);
    // The price did not change: every checkout is paid (30 pairs of 120 there are at least).
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    const sold = soldPerShoe(answers);
    expect([...sold.values()].reduce((sum, n) => sum + n, 0)).toBe(60);
    for (const id of ids) {
      const [entry] = await t.database.db.select().from(stockEntries).where(eq(stockEntries.shoeId, id));
      expect(entry!.quantity).toBe(PAIRS + 5 - (sold.get(id) ?? 0));
    }
  });
});
