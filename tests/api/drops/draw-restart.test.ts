import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropEntries, drops, dropSizes, users } from '../../../src/server/db/schema.js';
import type { Job } from '../../../src/server/jobs/job-store.js';
import { createDrawJob, type ChargeEntry } from '../../../src/server/modules/drops/draw-job.js';
import { createDropsStore } from '../../../src/server/modules/drops/store.js';
import { insertCatalog } from '../support/catalog-fixture.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * The draw is a durable job (docs/decisions/032): a run cut off midway (the provider stopped
 * answering, the shop stopped) is taken up by the next run from the outcomes recorded, charging none
 * of them again, and ends with the result an uninterrupted draw gives.
 */
let t: TestApp;
let shoeId: string;

beforeAll(async () => {
  t = await createTestApp();
  const { shoeIds } = await insertCatalog(
    t.database.db,
    ['Stride'],
    [{ name: 'Comet', brand: 'Stride', color: 'Blue', price: 180, sizes: [['9', 10]] }],
  );
  shoeId = shoeIds.get('Comet')!;
});
afterAll(() => t.close());

/** A closed draw of `pairs` pairs of size 9 with `count` entries, each of its own shopper. */
async function closedDraw(pairs: number, count: number) {
  const db = t.database.db;
  const seed = crypto.randomBytes(32).toString('hex');
  const [drop] = await db
    .insert(drops)
    .values({
      shoeId,
      mode: 'draw',
      opensAt: new Date(Date.now() - 7_200_000),
      closesAt: new Date(Date.now() - 1_000),
      seed,
      commitment: crypto.createHash('sha256').update(seed).digest('hex'),
    })
    .returning({ id: drops.id });
  await db.insert(dropSizes).values({ dropId: drop!.id, size: '9', pairs });
  for (let i = 0; i < count; i++) {
    const id = crypto.randomUUID();
    await db
      .insert(users)
      .values({ id, name: `Entrant ${i}`, email: `${id}@draw.test`, emailVerified: true });
    await db.insert(dropEntries).values({
      dropId: drop!.id,
      userId: id,
      email: `${id}@draw.test`,
      size: '9',
      deliveryAddress: { line1: `${i} Comet Way`, city: 'Austin', state: 'TX', postal_code: '73301' },
      addressKey: `${i} comet way`,
      paymentMethodId: `pm_${i}`,
      cardFingerprint: `card-${i}`,
    });
  }
  return drop!.id;
}

const jobOf = (dropId: string) => ({ id: crypto.randomUUID(), payload: { dropId } }) as unknown as Job;
const context = { progress: async () => undefined, signal: new AbortController().signal };

describe('a draw cut off midway', () => {
  it('is taken up from the recorded outcomes, charging nobody twice, to the same result', async () => {
    const dropId = await closedDraw(4, 12);
    const store = createDropsStore(t.database.db);
    const charged: string[] = [];
    // Every third card is declined; the provider stops answering at the fourth charge.
    let answering = 3;
    const charge: ChargeEntry = async (entry) => {
      if (answering-- <= 0) throw new Error('the provider is not answering');
      charged.push(entry.id);
      return Number(entry.paymentMethodId!.slice(3)) % 3 === 0
        ? { outcome: 'declined' }
        : { outcome: 'won', orderId: crypto.randomUUID() };
    };
    const draw = createDrawJob({ repository: store, chargeEntry: charge });
    await expect(draw(jobOf(dropId), context)).rejects.toThrow('not answering');
    const recorded = await t.database.db
      .select({ id: dropEntries.id, outcome: dropEntries.outcome })
      .from(dropEntries)
      .where(eq(dropEntries.dropId, dropId));
    expect(recorded.filter((entry) => entry.outcome !== 'entered')).toHaveLength(3);
    expect((await store.find(dropId))!.status).toBe('drawing');

    answering = Infinity;
    const ended = await draw(jobOf(dropId), context);
    expect(ended.state).toBe('done');
    expect(new Set(charged).size, 'an entry charged twice').toBe(charged.length);

    // The result is the one the order gives: recomputed from the published seed and entries.
    const drop = await store.find(dropId);
    expect(drop!.status).toBe('drawn');
    const entries = await store.publishedEntries(dropId);
    const rank = (id: string) => crypto.createHmac('sha256', drop!.seed).update(id).digest('hex');
    const walked = [...entries].sort((a, b) => (rank(a.id) < rank(b.id) ? -1 : 1));
    let left = 4;
    for (const entry of walked) {
      if (left === 0) expect(entry.outcome).toBe('lost');
      else if (entry.outcome === 'won') left -= 1;
      else expect(entry.outcome).toBe('declined');
    }
    expect(left).toBe(0);
    expect(drop!.sizes[0]!.sold).toBe(4);
    // Charged: exactly the entries the walk decided, each once.
    expect(charged.sort()).toEqual(
      entries
        .filter((entry) => entry.outcome !== 'lost')
        .map((entry) => entry.id)
        .sort(),
    );
  });
});
