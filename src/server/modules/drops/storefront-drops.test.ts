import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../events/domain-events.js';
import type { DropRow } from './repository.js';
import { createStorefrontDrops, STOREFRONT_DROPS_KEPT, STOREFRONT_DROPS_TTL_MS } from './storefront-drops.js';

const SHOE_A = '00000000-0000-4000-8000-00000000000a';
const SHOE_B = '00000000-0000-4000-8000-00000000000b';

const row = (id: number, shoeId: string) => ({ id: `drop-${id}`, shoeId }) as unknown as DropRow;

/** A database of drops (soonest first), counting its reads, whose answers can be held back. */
function fakeDrops(rows: DropRow[]) {
  const reads: { shoeId: string | undefined; limit: number }[] = [];
  let held: (() => void)[] | undefined;
  return {
    rows,
    reads,
    hold: () => (held = []),
    /** Answers the held reads, the newest first when told. */
    release: (newestFirst = false) => {
      const waiting = held ?? [];
      held = undefined;
      for (const go of newestFirst ? waiting.reverse() : waiting) go();
    },
    read: async (shoeId: string | undefined, limit: number) => {
      reads.push({ shoeId, limit });
      const answer = rows.filter((r) => shoeId === undefined || r.shoeId === shoeId).slice(0, limit);
      if (held) await new Promise<void>((go) => held!.push(go));
      return answer;
    },
  };
}

const event = (type: string) => ({ id: '1', type, payload: { dropId: 'drop-1' } }) as unknown as StoredEvent;

describe('the storefront drops', () => {
  it('reads the drops once for every shoe within the TTL, and again after it', async () => {
    let time = 0;
    const db = fakeDrops([row(1, SHOE_A), row(2, SHOE_B), row(3, SHOE_A)]);
    const drops = createStorefrontDrops({ read: db.read, listLimit: 50, clock: () => time });

    expect((await drops.list(SHOE_A)).map((r) => r.id)).toEqual(['drop-1', 'drop-3']);
    expect((await drops.list(SHOE_B.toUpperCase())).map((r) => r.id)).toEqual(['drop-2']);
    expect((await drops.list()).map((r) => r.id)).toEqual(['drop-1', 'drop-2', 'drop-3']);
    expect(await drops.list('00000000-0000-4000-8000-0000000000ff')).toEqual([]);
    expect(db.reads).toEqual([{ shoeId: undefined, limit: STOREFRONT_DROPS_KEPT + 1 }]);

    time = STOREFRONT_DROPS_TTL_MS;
    db.rows.push(row(4, SHOE_B));
    expect((await drops.list(SHOE_B)).map((r) => r.id)).toEqual(['drop-2', 'drop-4']);
    expect(db.reads).toHaveLength(2);
  });

  it('answers the list limit, for all and for one shoe', async () => {
    const db = fakeDrops([1, 2, 3, 4, 5].map((i) => row(i, i === 5 ? SHOE_B : SHOE_A)));
    const drops = createStorefrontDrops({ read: db.read, listLimit: 2 });
    expect((await drops.list()).map((r) => r.id)).toEqual(['drop-1', 'drop-2']);
    expect((await drops.list(SHOE_A)).map((r) => r.id)).toEqual(['drop-1', 'drop-2']);
    expect((await drops.list(SHOE_B)).map((r) => r.id)).toEqual(['drop-5']);
  });

  it('reads a shoe’s drops from the database when there are more drops than it keeps', async () => {
    const many = Array.from({ length: STOREFRONT_DROPS_KEPT + 1 }, (_, i) => row(i, SHOE_A));
    const db = fakeDrops([...many, row(999, SHOE_B)]);
    const drops = createStorefrontDrops({ read: db.read, listLimit: 50 });
    expect((await drops.list(SHOE_B)).map((r) => r.id)).toEqual(['drop-999']);
    expect(db.reads).toEqual([
      { shoeId: undefined, limit: STOREFRONT_DROPS_KEPT + 1 },
      { shoeId: SHOE_B, limit: 50 },
    ]);
  });

  it('shares one read among the renders that ask at once', async () => {
    const db = fakeDrops([row(1, SHOE_A)]);
    const drops = createStorefrontDrops({ read: db.read, listLimit: 50 });
    db.hold();
    const asked = [drops.list(SHOE_A), drops.list(SHOE_B), drops.list()];
    db.release();
    expect((await Promise.all(asked)).map((rows) => rows.length)).toEqual([1, 0, 1]);
    expect(db.reads).toHaveLength(1);
  });

  it('reads again after a drop or the catalogue changed, and not after other events', async () => {
    const db = fakeDrops([row(1, SHOE_A)]);
    const drops = createStorefrontDrops({ read: db.read, listLimit: 50 });
    await drops.list(SHOE_A);
    for (const type of ['stock.changed', 'order.paid', 'drop.outcome']) drops.consumer(event(type));
    await drops.list(SHOE_A);
    expect(db.reads).toHaveLength(1);
    for (const type of ['drop.changed', 'drop.drawn', 'catalog.changed']) {
      drops.consumer(event(type));
      await drops.list(SHOE_A);
    }
    expect(db.reads).toHaveLength(4);
  });

  it('never keeps a read begun before a change', async () => {
    const db = fakeDrops([row(1, SHOE_A)]);
    const drops = createStorefrontDrops({ read: db.read, listLimit: 50 });
    db.hold();
    const before = drops.list(SHOE_A);
    // The change commits while the read is under way: the rows it reads may be from before it.
    db.rows.push(row(2, SHOE_A));
    drops.consumer(event('drop.changed'));
    const after = drops.list(SHOE_A);
    // The later read answers first: the earlier one, answering last, must not replace it.
    db.release(true);
    await after;
    await before;
    expect((await after).map((r) => r.id)).toEqual(['drop-1', 'drop-2']);
    expect((await drops.list(SHOE_A)).map((r) => r.id)).toEqual(['drop-1', 'drop-2']);
    expect(db.reads).toHaveLength(2);
  });

  it('reads again after a read that failed', async () => {
    const db = fakeDrops([row(1, SHOE_A)]);
    let fail = true;
    const drops = createStorefrontDrops({
      read: (shoeId, limit) => (fail ? Promise.reject(new Error('down')) : db.read(shoeId, limit)),
      listLimit: 50,
    });
    await expect(drops.list(SHOE_A)).rejects.toThrow('down');
    fail = false;
    expect(await drops.list(SHOE_A)).toHaveLength(1);
  });
});
