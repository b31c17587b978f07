import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dropEntries, users } from '../../../src/server/db/schema.js';
import { paymentMethodBody } from '../../fixtures/payment.js';
import { insertCatalog } from '../support/catalog-fixture.js';
import { signUp } from '../support/session.js';
import { createStaffTestApp } from '../support/staff-test-app.js';
import type { TestApp } from '../support/test-app.js';
import { createSender } from '../support/sender.js';

/**
 * Entries under concurrent requests, on the machine's PostgreSQL (PGlite runs one query at a time):
 * one card or one address enters a draw once however many accounts try it at the same moment, and
 * an entry racing the close is either refused or in the list the draw walks, never lost between.
 */
const ADMIN = { email: 'owner@draw-races.test', password: 'owner-password' };
const SHOPPERS = 24;

let t: TestApp;
let admin: string;
let ids: Map<string, string>;

beforeAll(async () => {
  ({ t, admin } = await createStaffTestApp(ADMIN, { signInFrom: '10.62.0.1', app: { postgres: true } }));
  ({ shoeIds: ids } = await insertCatalog(
    t.database.db,
    ['Stride'],
    [
      { name: 'Race One', brand: 'Stride', color: 'Red', price: 100, sizes: [['9', 20]] },
      { name: 'Race Two', brand: 'Stride', color: 'Blue', price: 100, sizes: [['9', 20]] },
      { name: 'Race Three', brand: 'Stride', color: 'Green', price: 100, sizes: [['9', 20]] },
    ],
  ));
});
afterAll(() => t.close());

const send = createSender(() => t.app, 63);

async function openDraw(shoe: string): Promise<string> {
  const response = await send('POST', '/api/admin/drops', admin, {
    shoeId: ids.get(shoe),
    mode: 'draw',
    opensAt: new Date().toISOString(),
    closesAt: new Date(Date.now() + 3_600_000).toISOString(),
    sizes: [{ size: '9', pairs: 5 }],
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json()._id;
}

/** Shoppers with verified emails, each with a payment method of `cvc(i)`'s card. */
async function shoppers(count: number, cvc: (i: number) => string) {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const shopper = await signUp(t.app);
      await t.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, shopper.user._id));
      const method = await send(
        'POST',
        '/api/payments/methods',
        shopper.cookie,
        paymentMethodBody({ cvc: cvc(i) }),
      );
      return { cookie: shopper.cookie, card: (method.json() as { id: string }).id };
    }),
  );
}

const entry = (dropId: string, shopper: { cookie: string; card: string }, line1: string) =>
  send('POST', `/api/drops/${dropId}/entries`, shopper.cookie, {
    size: '9',
    paymentMethodId: shopper.card,
    deliveryAddress: { name: 'Ana Lima', line1, city: 'Austin', state: 'TX', postal_code: '73301' },
  });

const entriesOf = async (dropId: string) =>
  t.database.db.select({ id: dropEntries.id }).from(dropEntries).where(eq(dropEntries.dropId, dropId));

describe('entries at the same moment', () => {
  it('one card, many accounts: one entry, every other try refused and flagged', async () => {
    const dropId = await openDraw('Race One');
    const all = await shoppers(SHOPPERS, () => '321');
    const answers = await Promise.all(
      all.map((shopper, i) => entry(dropId, shopper, `${i + 1} Card Street`)),
    );
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(SHOPPERS - 1);
    expect(await entriesOf(dropId)).toHaveLength(1);
    const [first] = (await send('GET', `/api/admin/drops/${dropId}/entries`, admin)).json() as {
      flags: unknown[];
    }[];
    expect(first!.flags).toHaveLength(SHOPPERS - 1);
  });

  it('one address, many accounts and cards: one entry', async () => {
    const dropId = await openDraw('Race Two');
    const all = await shoppers(SHOPPERS, (i) => String(400 + i));
    const answers = await Promise.all(all.map((shopper) => entry(dropId, shopper, '7 Same Road')));
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(1);
    expect(await entriesOf(dropId)).toHaveLength(1);
  });

  it('entries racing the close: each one answered 201 is in the drawn list, no other is', async () => {
    const dropId = await openDraw('Race Three');
    const all = await shoppers(SHOPPERS, (i) => String(500 + i));
    const racing = all.map((shopper, i) => entry(dropId, shopper, `${i + 1} Race Road`));
    const closed = send('POST', `/api/admin/drops/${dropId}/close`, admin);
    const answers = await Promise.all(racing);
    expect((await closed).statusCode).toBe(200);
    const accepted = answers
      .filter((answer) => answer.statusCode === 201)
      .map((answer) => answer.json().entry._id);
    expect(answers.every((answer) => answer.statusCode === 201 || answer.statusCode === 409)).toBe(true);
    const stored = (await entriesOf(dropId)).map((row) => row.id);
    expect(stored.sort()).toEqual([...accepted].sort());

    // The draw walked every stored entry: the winners are the first five of all of them by rank.
    await vi.waitFor(
      async () => expect((await send('GET', `/api/drops/${dropId}`, '')).json().phase).toBe('drawn'),
      { timeout: 30_000, interval: 50 },
    );
    const result = (await send('GET', `/api/drops/${dropId}/result`, '')).json() as {
      seed: string;
      entries: { id: string; outcome: string }[];
    };
    const rank = (id: string) => crypto.createHmac('sha256', result.seed).update(id).digest('hex');
    const firstFive = [...result.entries]
      .sort((a, b) => (rank(a.id) < rank(b.id) ? -1 : 1))
      .slice(0, 5)
      .map((entry) => entry.id);
    expect(
      result.entries
        .filter((entry) => entry.outcome === 'won')
        .map((entry) => entry.id)
        .sort(),
    ).toEqual(firstFive.sort());
  });
});
