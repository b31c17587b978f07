import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app.js';
import { loadConfig } from '../../../src/server/config.js';
import type { DatabaseHandle } from '../../../src/server/db/client.js';
import { domainEvents, stockEntries } from '../../../src/server/db/schema.js';
import type { DomainEvent, StoredEvent } from '../../../src/server/events/domain-events.js';
import { createEventDispatcher } from '../../../src/server/events/dispatcher.js';
import { createOutboxRepository, recordEvents } from '../../../src/server/events/outbox-repository.js';
import { insertCatalog } from '../support/catalog-fixture.js';
import { openTestDatabase } from '../support/test-database.js';

/**
 * The outbox (docs/decisions/017): events are written with their change and handed over after it
 * commits, at least once, also after the shop died between the commit and the dispatch. On PGlite,
 * and on PostgreSQL when DATABASE_URL is set.
 */
let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const stock = (shoeId: string): DomainEvent => ({
  type: 'stock.changed',
  payload: { shoeIds: [shoeId], sizesInStockChanged: false, unitsSoldChanged: true },
});

function dispatcherWith(consume: (event: StoredEvent) => void, errors: unknown[] = []) {
  return createEventDispatcher({
    db: database.db,
    outbox: createOutboxRepository(database.db),
    consumers: [consume],
    log: { error: (object) => errors.push(object) },
    sweepGraceMs: 0,
  });
}

const stateOf = async (payloadShoe: string) =>
  database.db
    .select({ dispatchedAt: domainEvents.dispatchedAt })
    .from(domainEvents)
    .where(sql`${domainEvents.payload} -> 'shoeIds' ->> 0 = ${payloadShoe}`);

describe('the dispatcher', () => {
  it('hands a transaction’s events to the consumers once it committed, before its caller goes on', async () => {
    const seen: StoredEvent[] = [];
    const events = dispatcherWith((event) => void seen.push(event));
    const result = await events.database.transaction(async (tx) => {
      await recordEvents(tx, [stock('shoe-committed')]);
      // Not before the commit.
      expect(seen).toEqual([]);
      return 'done';
    });
    expect(result).toBe('done');
    expect(seen.map((event) => [event.type, event.payload])).toEqual([
      ['stock.changed', stock('shoe-committed').payload],
    ]);
    expect((await stateOf('shoe-committed'))[0]!.dispatchedAt).not.toBeNull();
  });

  it('hands over nothing of a transaction that rolled back, and keeps nothing of it', async () => {
    const seen: StoredEvent[] = [];
    const events = dispatcherWith((event) => void seen.push(event));
    await expect(
      events.database.transaction(async (tx) => {
        await recordEvents(tx, [stock('shoe-rolled-back')]);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(seen).toEqual([]);
    expect(await stateOf('shoe-rolled-back')).toEqual([]);
  });

  it('leaves an event a consumer failed on for the sweep, which hands it over again', async () => {
    let fail = true;
    const seen: string[] = [];
    const errors: unknown[] = [];
    const events = dispatcherWith((event) => {
      if (fail) throw new Error('consumer down');
      seen.push(event.id);
    }, errors);
    await events.database.transaction((tx) => recordEvents(tx, [stock('shoe-retried')]));
    expect(errors).toHaveLength(1);
    expect((await stateOf('shoe-retried'))[0]!.dispatchedAt).toBeNull();
    fail = false;
    await events.sweep();
    expect(seen).toHaveLength(1);
    expect((await stateOf('shoe-retried'))[0]!.dispatchedAt).not.toBeNull();
    // Dispatched: the next sweep does not hand it over again.
    await events.sweep();
    expect(seen).toHaveLength(1);
  });

  it('lets two instances sweep at once without both taking the same event', async () => {
    const written = Array.from({ length: 30 }, (_, index) => stock(`shoe-swept-${index}`));
    await database.db.transaction((tx) => recordEvents(tx, written));
    const takenBy = new Map<string, number>();
    const instances = [0, 1].map(() =>
      dispatcherWith((event) => {
        if (event.type === 'stock.changed' && event.payload.shoeIds[0]!.startsWith('shoe-swept-'))
          takenBy.set(event.id, (takenBy.get(event.id) ?? 0) + 1);
      }),
    );
    await Promise.all(instances.map((instance) => instance.sweep()));
    expect(takenBy.size).toBe(30);
    expect([...takenBy.values()].every((times) => times === 1)).toBe(true);
  });
});

describe('the shop killed between a commit and its dispatch', () => {
  it('hands the change’s events over when it starts again, and its cache drops what they made stale', async () => {
    const { shoeIds } = await insertCatalog(
      database.db,
      ['Stride'],
      [{ name: 'Lazarus', brand: 'Stride', color: 'Red', price: 90, sizes: [['9', 5]] }],
    );
    const shoeId = shoeIds.get('Lazarus')!;
    const config = {
      ...loadConfig({}, { SEED: 'none', LOG_LEVEL: 'silent', DATA_DIR: '/tmp/shop-events-test' }),
    };
    const shop = await buildApp({ config, database, logger: false, bootstrapAdmin: false });
    await shop.ready();
    try {
      const cached = async () => (await shop.inject({ method: 'GET', url: `/api/shoes/${shoeId}` })).json();
      expect((await cached()).stock[0].quantity).toBe(5);
      // What a shop killed after the commit leaves: the change and its event, never dispatched.
      // (Written behind this shop's back, its cache still answers 5.)
      await database.db.transaction(async (tx) => {
        await tx.update(stockEntries).set({ quantity: 2 }).where(eq(stockEntries.shoeId, shoeId));
        await recordEvents(tx, [stock(shoeId)]);
      });
      await database.db
        .update(domainEvents)
        .set({ createdAt: sql`now() - interval '1 minute'` })
        .where(sql`${domainEvents.payload} -> 'shoeIds' ->> 0 = ${shoeId}`);
      expect((await cached()).stock[0].quantity).toBe(5);
      // The shop's sweep (at start, and every few seconds) hands it over: the stale answer is gone.
      await shop.domainEvents.sweep();
      expect((await cached()).stock[0].quantity).toBe(2);
      expect((await stateOf(shoeId))[0]!.dispatchedAt).not.toBeNull();
    } finally {
      await shop.close();
    }
  });
});
