import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminDropAnswer } from '../../../src/domain/contracts/drops.js';
import { MESSAGES } from '../../../src/domain/messages.js';
import { auditLog, drops, jobs } from '../../../src/server/db/schema.js';
import { insertCatalog } from '../support/catalog-fixture.js';
import { createSender } from '../support/sender.js';
import { createStaffTestApp } from '../support/staff-test-app.js';
import type { TestApp } from '../support/test-app.js';

/**
 * Staff change a drop until it opens (issue 36): its times, mode, pairs and pace, on the checks
 * scheduling makes, never its shoe; its draw's job follows the close.
 */
const ADMIN = { email: 'owner@drop-edit.test', password: 'owner-password' };
const M = MESSAGES.drops;

let t: TestApp;
let admin: string;
let ids: Map<string, string>;

beforeAll(async () => {
  ({ t, admin } = await createStaffTestApp(ADMIN, { signInFrom: '10.70.0.1' }));
  ({ shoeIds: ids } = await insertCatalog(
    t.database.db,
    ['Stride'],
    [
      {
        name: 'Edit Me',
        brand: 'Stride',
        color: 'Red',
        price: 150,
        sizes: [
          ['9', 5],
          ['10', 3],
        ],
      },
      {
        name: 'Edit Too',
        brand: 'Stride',
        color: 'Green',
        price: 150,
        sizes: [
          ['9', 5],
          ['10', 3],
        ],
      },
      { name: 'Open Already', brand: 'Stride', color: 'Blue', price: 150, sizes: [['9', 5]] },
    ],
  ));
});
afterAll(() => t.close());

const send = createSender(() => t.app, 70);
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

const terms = (shoe: string, fields = {}) => ({
  shoeId: ids.get(shoe),
  mode: 'draw',
  opensAt: inMinutes(60),
  closesAt: inMinutes(120),
  sizes: [{ size: '9', pairs: 2 }],
  ...fields,
});

async function scheduled(shoe: string, fields = {}): Promise<AdminDropAnswer> {
  const response = await send('POST', '/api/admin/drops', admin, terms(shoe, fields));
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const drawJobOf = async (dropId: string) => {
  const [row] = await t.database.db.select({ job: drops.drawJobId }).from(drops).where(eq(drops.id, dropId));
  if (!row?.job) return null;
  const [job] = await t.database.db.select().from(jobs).where(eq(jobs.id, row.job));
  return job!;
};

describe('changing a drop', () => {
  it('moves its times, sizes and mode before it opens, its draw’s job with its close', async () => {
    const drop = await scheduled('Edit Me');
    const firstJob = await drawJobOf(drop._id);
    expect(firstJob!.runAfter!.getTime()).toBeGreaterThan(Date.now() + 110 * 60_000);

    const later = terms('Edit Me', {
      opensAt: inMinutes(90),
      closesAt: inMinutes(240),
      sizes: [
        { size: '9', pairs: 3 },
        { size: '10', pairs: 1 },
      ],
    });
    const moved = await send('PUT', `/api/admin/drops/${drop._id}`, admin, later);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({
      _id: drop._id,
      mode: 'draw',
      phase: 'upcoming',
      commitment: drop.commitment,
      opensAt: later.opensAt,
      closesAt: later.closesAt,
      sizes: [
        { size: '9', pairs: 3, sold: 0 },
        { size: '10', pairs: 1, sold: 0 },
      ],
    });
    // A new job for the new close; the old one, run at the old close, finds the drop not closed.
    const movedJob = await drawJobOf(drop._id);
    expect(movedJob!.id).not.toBe(firstJob!.id);
    expect(movedJob!.runAfter!.getTime()).toBeGreaterThan(Date.now() + 230 * 60_000);

    // First come instead: no draw, the waiting room's pace.
    const sale = await send(
      'PUT',
      `/api/admin/drops/${drop._id}`,
      admin,
      terms('Edit Me', { mode: 'first_come', admitPerMinute: 120, minutesToPay: 8 }),
    );
    expect(sale.statusCode, sale.body).toBe(200);
    expect(sale.json()).toMatchObject({ mode: 'first_come', admitPerMinute: 120, minutesToPay: 8 });
    expect(await drawJobOf(drop._id)).toBeNull();

    const audited = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.targetId, drop._id));
    expect(audited.map((row) => row.action).sort()).toEqual(['drop.edit', 'drop.edit', 'drop.schedule']);
  });

  it('refuses another shoe, pairs past the stock, a past opening, and any change once it opened', async () => {
    const drop = await scheduled('Edit Too');
    const put = (body: unknown) => send('PUT', `/api/admin/drops/${drop._id}`, admin, body);

    const otherShoe = await put(terms('Open Already'));
    expect(otherShoe.statusCode).toBe(400);
    expect(otherShoe.json().error.message).toBe(M.otherShoe);
    const tooMany = await put(terms('Edit Too', { sizes: [{ size: '10', pairs: 4 }] }));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.message).toBe(M.notEnoughStock('10', 3));
    const past = await put(terms('Edit Too', { opensAt: inMinutes(-60) }));
    expect(past.statusCode).toBe(400);
    expect(past.json().error.message).toBe(M.opensInPast);

    const open = await scheduled('Open Already', { opensAt: new Date().toISOString() });
    const tooLate = await send('PUT', `/api/admin/drops/${open._id}`, admin, terms('Open Already'));
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json().error.message).toBe(M.notEditable);

    const shopper = await send('PUT', `/api/admin/drops/${drop._id}`, '', terms('Edit Too'));
    expect(shopper.statusCode).toBe(401);
  });
});
