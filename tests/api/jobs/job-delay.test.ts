import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../src/server/db/client.js';
import { jobs } from '../../../src/server/db/schema.js';
import { createJobStore } from '../../../src/server/jobs/job-store.js';
import { openTestDatabase } from '../support/test-database.js';

/** A job queued with a delay (the favorite alerts' digest window) is not claimed before its time. */
let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase();
}, 60_000);
afterAll(() => database.close());

describe('a delayed job', () => {
  it('is claimed only once its time has come, on the database clock', async () => {
    const store = createJobStore(database.db);
    const later = await store.enqueue({ kind: 'later', payload: {}, createdBy: null, delayMs: 3_600_000 });
    expect(await store.claim(['later'], 30_000)).toBeUndefined();
    // Its time comes (the test moves it), and it is claimed.
    await database.db.update(jobs).set({ runAfter: sql`now()` });
    expect((await store.claim(['later'], 30_000))?.id).toBe(later);
    const now = await store.enqueue({ kind: 'now', payload: {}, createdBy: null, delayMs: 0 });
    expect((await store.claim(['now'], 30_000))?.id).toBe(now);
  });

  it('is queued inside the caller’s transaction, or not at all', async () => {
    const store = createJobStore(database.db);
    await database.db
      .transaction(async (tx) => {
        await store.enqueue({ kind: 'rolled-back', payload: {}, createdBy: null }, tx);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await store.claim(['rolled-back'], 30_000)).toBeUndefined();
  });
});
