import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SAVED_ADDRESSES, type SavedAddress } from '../../../src/domain/contracts/addresses.js';
import { MESSAGES } from '../../../src/domain/messages.js';
import { savedAddresses } from '../../../src/server/db/schema.js';
import { signUp, TEST_ORIGIN } from '../support/session.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * Saved delivery addresses (issue 31 item 4): each rule of the cart's form with its message, one
 * user's addresses only theirs, exactly one default while there are any, and the limit.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HOME = {
  name: "Sam O'Brien",
  line1: '1600 Pennsylvania Ave. NW',
  line2: 'Apt #2',
  city: 'Winston-Salem',
  state: 'North Carolina',
  postal_code: '27101-1234',
  phone: '(336) 555-0134',
};
const WORK = {
  name: 'Ana Lima',
  line1: '500 Harbor Dr',
  city: 'San Diego',
  state: 'CA',
  postal_code: '92101',
};

let requests = 0;
function send(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie?: string, payload?: unknown) {
  return t.app.inject({
    method,
    url: `/api/account/addresses${url}`,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    remoteAddress: `10.93.${Math.floor(requests / 250)}.${(requests++ % 250) + 1}`,
  });
}
const list = async (cookie: string) => (await send('GET', '', cookie)).json() as SavedAddress[];
async function add(cookie: string, address: object = WORK): Promise<SavedAddress> {
  const answer = await send('POST', '', cookie, address);
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().address as SavedAddress;
}
const defaults = async (userId: string) =>
  (await t.database.db.select().from(savedAddresses).where(eq(savedAddresses.userId, userId))).filter(
    (row) => row.isDefault,
  ).length;

describe('saved addresses', () => {
  it('saves, lists, edits and deletes the signed-in user’s addresses, as typed with the state’s code', async () => {
    const { cookie } = await signUp(t.app);
    expect(await list(cookie)).toEqual([]);

    const created = await send('POST', '', cookie, { ...HOME, name: '  Sam O\u00a0Brien ' });
    expect(created.statusCode).toBe(201);
    const home = created.json().address as SavedAddress;
    expect(created.json().message).toBe(MESSAGES.addresses.added);
    expect(home).toMatchObject({ ...HOME, name: 'Sam O Brien', stateCode: 'NC', isDefault: true });

    const work = await add(cookie);
    // Line 2 and the phone are left out when not given, never empty strings.
    expect(work).not.toHaveProperty('line2');
    expect(work).not.toHaveProperty('phone');
    expect(work).toMatchObject({ stateCode: 'CA', isDefault: false });
    expect((await list(cookie)).map((address) => address._id)).toEqual([home._id, work._id]);

    const edited = await send('PUT', `/${work._id}`, cookie, {
      ...WORK,
      line2: 'Suite 400',
      state: 'nevada',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      message: MESSAGES.addresses.updated,
      address: { _id: work._id, line2: 'Suite 400', state: 'nevada', stateCode: 'NV', isDefault: false },
    });
    // An edit that leaves line 2 out removes it.
    const cleared = await send('PUT', `/${work._id}`, cookie, { ...WORK, line2: '  ' });
    expect(cleared.json().address).not.toHaveProperty('line2');

    const deleted = await send('DELETE', `/${work._id}`, cookie);
    expect(deleted.json()).toEqual({ message: MESSAGES.addresses.deleted });
    expect((await list(cookie)).map((address) => address._id)).toEqual([home._id]);
    expect((await send('DELETE', `/${work._id}`, cookie)).statusCode).toBe(404);
  });

  it('has one default: the first saved, the one picked, then the newest other when the default goes', async () => {
    const { cookie, user } = await signUp(t.app);
    const first = await add(cookie, HOME);
    const second = await add(cookie);
    const third = await add(cookie, { ...WORK, line1: '12 Ocean Blvd' });
    expect([first.isDefault, second.isDefault, third.isDefault]).toEqual([true, false, false]);

    const picked = await send('PUT', `/${second._id}/default`, cookie, {});
    expect(picked.statusCode).toBe(200);
    expect(picked.json()).toMatchObject({
      message: MESSAGES.addresses.madeDefault,
      address: { isDefault: true },
    });
    let listed = await list(cookie);
    expect(listed.map((address) => [address._id, address.isDefault])).toEqual([
      [second._id, true],
      [third._id, false],
      [first._id, false],
    ]);
    // Making the default the default again changes nothing; an edit keeps it the default.
    expect((await send('PUT', `/${second._id}/default`, cookie, {})).statusCode).toBe(200);
    expect((await send('PUT', `/${second._id}`, cookie, WORK)).json().address.isDefault).toBe(true);

    // Deleting the default: the most recently added of the others becomes it.
    await send('DELETE', `/${second._id}`, cookie);
    listed = await list(cookie);
    expect(listed.map((address) => [address._id, address.isDefault])).toEqual([
      [third._id, true],
      [first._id, false],
    ]);
    // Deleting one that is not the default leaves the default alone.
    await send('DELETE', `/${first._id}`, cookie);
    expect((await list(cookie)).map((address) => address.isDefault)).toEqual([true]);
    await send('DELETE', `/${third._id}`, cookie);
    expect(await list(cookie)).toEqual([]);
    // The next one saved is the default again.
    expect((await add(cookie)).isDefault).toBe(true);
    expect(await defaults(user._id)).toBe(1);
  });

  it(`keeps at most ${MAX_SAVED_ADDRESSES} addresses, and says so`, async () => {
    const { cookie } = await signUp(t.app);
    for (let n = 0; n < MAX_SAVED_ADDRESSES; n += 1) await add(cookie, { ...WORK, line1: `${n} Pine St` });
    const refused = await send('POST', '', cookie, HOME);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({
      code: 'address_limit',
      message: MESSAGES.addresses.limit(MAX_SAVED_ADDRESSES),
    });
    expect(MESSAGES.addresses.limit(MAX_SAVED_ADDRESSES)).toContain(String(MAX_SAVED_ADDRESSES));
    expect(await list(cookie)).toHaveLength(MAX_SAVED_ADDRESSES);
    // Deleting one makes room again.
    await send('DELETE', `/${(await list(cookie))[3]!._id}`, cookie);
    await add(cookie, HOME);
  });

  it("answers 404 for another user's address, an unknown one or a malformed id, and changes nothing", async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const home = await add(owner.cookie, HOME);
    const mine = await add(other.cookie);
    const before = await list(owner.cookie);
    for (const id of [home._id, '00000000-0000-4000-8000-000000000000', 'not-an-id', "1' OR '1'='1"]) {
      for (const [method, url, body] of [
        ['PUT', `/${encodeURIComponent(id)}`, WORK],
        ['PUT', `/${encodeURIComponent(id)}/default`, {}],
        ['DELETE', `/${encodeURIComponent(id)}`, undefined],
      ] as const) {
        const answer = await send(method, url, other.cookie, body);
        expect(answer.statusCode, `${method} ${url}`).toBe(404);
        expect(answer.json().error).toEqual({ code: 'not_found', message: MESSAGES.addresses.notFound });
      }
    }
    expect(await list(owner.cookie)).toEqual(before);
    // Each sees only their own.
    expect((await list(other.cookie)).map((address) => address._id)).toEqual([mine._id]);
    expect((await list(other.cookie))[0]!.isDefault).toBe(true);
  });

  it('refuses visitors with 401, as every account endpoint does', async () => {
    const { cookie } = await signUp(t.app);
    const { _id } = await add(cookie);
    for (const [method, url, body] of [
      ['GET', '', undefined],
      ['POST', '', HOME],
      ['PUT', `/${_id}`, HOME],
      ['PUT', `/${_id}/default`, {}],
      ['DELETE', `/${_id}`, undefined],
    ] as const) {
      const answer = await send(method, url, undefined, body);
      expect(answer.statusCode, `${method} ${url}`).toBe(401);
      expect(answer.json().error.code).toBe('unauthorized');
    }
    expect(await list(cookie)).toHaveLength(1);
  });
});
