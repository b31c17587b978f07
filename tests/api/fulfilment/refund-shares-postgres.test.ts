import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle, Database } from '../../../src/server/db/client.js';
import { users } from '../../../src/server/db/schema.js';
import { pricedCaseArbitrary } from '../../fixtures/refund-cases.js';
import { checkRefundCase } from '../support/refund-property.js';
import { openPostgresTestDatabase } from '../support/test-database.js';

/**
 * Issue 29 item 1 on PostgreSQL, always (as catalog-cache-sync.test.ts and money-concurrency.test.ts
 * run there inside `npm test`): the refund-shares property of refund-shares.test.ts, which runs on
 * the database in use (PGlite unless DATABASE_URL is set), here on the machine's PostgreSQL. Each
 * random order and all its refunds run in one transaction (the repository's own become savepoints),
 * so thousands of orders and far more refunds fit in the file's time.
 */
const SIDE_BY_SIDE = 4;
const RUNS = Number(process.env.REFUND_PROPERTY_PG_RUNS ?? 2_000);
const PER_RUN = Math.ceil(RUNS / SIDE_BY_SIDE);
const SHOPPER = { userId: 'refund-property-shopper', email: 'shopper@shares.test' };

let database: DatabaseHandle;

beforeAll(async () => {
  database = await openPostgresTestDatabase();
  await database.db.insert(users).values({ id: SHOPPER.userId, email: SHOPPER.email });
});
afterAll(() => database?.close());

describe('refunds on random orders priced with codes, on PostgreSQL (property)', () => {
  it('give back what the rules say, never more than was charged, all of it pair by pair', async () => {
    let orders = 0;
    let refunds = 0;
    // Each run waits on the database more than it computes: a few side by side, on their own
    // connections, check more orders in the same time (and each its own orders, so they never meet).
    await Promise.all(
      Array.from({ length: SIDE_BY_SIDE }, () =>
        fc.assert(
          fc.asyncProperty(pricedCaseArbitrary, async (pricedCase) => {
            orders += 1;
            const asked = await database.db.transaction((tx) =>
              // A transaction is the database the repository expects, less its pool: good enough here.
              checkRefundCase(tx as unknown as Database, SHOPPER, pricedCase),
            );
            // (Not `refunds += await ...`: that reads the count before the wait, and the runs beside lose theirs.)
            refunds += asked;
          }),
          { numRuns: PER_RUN },
        ),
      ),
    );
    expect(orders).toBe(PER_RUN * SIDE_BY_SIDE);
    // About seven refunds asked per order (random steps, then every pair one by one half the time).
    expect(refunds).toBeGreaterThan(orders * 3);
    console.info(`refund property on PostgreSQL: ${orders} orders, ${refunds} refunds asked`);
  }, 300_000);
});
