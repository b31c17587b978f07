import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainEvents, savedAddresses, users } from '../../../src/server/db/schema.js';
import { createAccountRepository } from '../../../src/server/modules/accounts/repository.js';
import { signUp, TEST_ORIGIN } from '../support/session.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * Saved addresses in the shopper's data download, and erased with the account (docs/your-data.md):
 * the addresses module erases its own rows on `account.deleted`, at once or by the sweep.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HOME = {
  name: "Sam O'Brien",
  line1: '100 Main St',
  line2: 'Apt. 4B',
  city: 'Winston-Salem',
  state: 'north carolina',
  postal_code: '27101',
  phone: '(336) 555-0134',
};

let requests = 0;
const send = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { origin: TEST_ORIGIN, cookie },
    remoteAddress: `10.94.${Math.floor(requests / 250)}.${(requests++ % 250) + 1}`,
  });

async function shopperWithAddresses() {
  const shopper = await signUp(t.app);
  for (const address of [HOME, { ...HOME, line1: '9 Elm St', line2: undefined, state: 'VA' }]) {
    expect((await send('POST', '/api/account/addresses', shopper.cookie, address)).statusCode).toBe(201);
  }
  return shopper;
}
const addressesOf = async (userId: string) =>
  (await t.database.db.select().from(savedAddresses).where(eq(savedAddresses.userId, userId))).length;
const accountDeleted = (userId: string) =>
  t.database.db
    .select()
    .from(domainEvents)
    .where(
      and(eq(domainEvents.type, 'account.deleted'), sql`${domainEvents.payload} ->> 'userId' = ${userId}`),
    );

describe('saved addresses and the shopper’s data', () => {
  it('are in the data download, as the account page lists them', async () => {
    const shopper = await shopperWithAddresses();
    const listed = (await send('GET', '/api/account/addresses', shopper.cookie)).json();
    const download = await send('GET', '/api/account/data', shopper.cookie);
    expect(download.statusCode).toBe(200);
    expect(download.json().savedAddresses).toEqual(listed);
    expect(download.json().savedAddresses[0]).toMatchObject({ ...HOME, stateCode: 'NC', isDefault: true });
  });

  it('are erased with the account, and erased again calmly when the event is handed over twice', async () => {
    const shopper = await shopperWithAddresses();
    const other = await shopperWithAddresses();
    const deleted = await send('POST', '/api/account/delete', shopper.cookie, { password: shopper.password });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await addressesOf(shopper.user._id)).toBe(0);
    // The user row stays (orders point at it): the addresses go by their owner's consumer, not a cascade.
    expect(await t.database.db.select().from(users).where(eq(users.id, shopper.user._id))).toHaveLength(1);
    expect(await addressesOf(other.user._id)).toBe(2);

    const [event] = await accountDeleted(shopper.user._id);
    await t.database.db
      .update(domainEvents)
      .set({ dispatchedAt: null, claimedUntil: null, createdAt: sql`now() - interval '1 hour'` })
      .where(eq(domainEvents.id, event!.id));
    await t.app.domainEvents.sweep();
    expect((await accountDeleted(shopper.user._id))[0]!.dispatchedAt).not.toBeNull();
    expect(await addressesOf(shopper.user._id)).toBe(0);
    expect(await addressesOf(other.user._id)).toBe(2);
  });

  it('are erased by the sweep when the shop stopped between the closing commit and the erasure', async () => {
    const shopper = await shopperWithAddresses();
    // The closing transaction on the raw database: committed with its event, never handed over.
    await createAccountRepository(t.database.db).close({
      userId: shopper.user._id,
      email: shopper.email,
      erasedEmail: 'erased-00112233445566ff@erased.invalid',
    });
    expect(await addressesOf(shopper.user._id)).toBe(2);
    const [event] = await accountDeleted(shopper.user._id);
    await t.database.db
      .update(domainEvents)
      .set({ createdAt: sql`now() - interval '1 hour'` })
      .where(eq(domainEvents.id, event!.id));
    await t.app.domainEvents.sweep();
    expect(await addressesOf(shopper.user._id)).toBe(0);
  });
});
