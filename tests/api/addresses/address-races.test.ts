import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SAVED_ADDRESSES, type SavedAddress } from '../../../src/domain/contracts/addresses.js';
import { savedAddresses } from '../../../src/server/db/schema.js';
import { signUp, TEST_ORIGIN } from '../support/session.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * Saved addresses changed at the same moment (two tabs, a double click) on PostgreSQL, where
 * requests really run side by side: never two defaults (the partial unique index would answer a
 * 500), never none while there are addresses, never more than the limit.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { postgres: true });
});
afterAll(() => t.close());

const WORK = {
  name: 'Ana Lima',
  line1: '500 Harbor Dr',
  city: 'San Diego',
  state: 'CA',
  postal_code: '92101',
};

let requests = 0;
function send(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: object) {
  return t.app.inject({
    method,
    url: `/api/account/addresses${url}`,
    ...(payload === undefined ? {} : { payload }),
    headers: { origin: TEST_ORIGIN, cookie },
    remoteAddress: `10.95.${Math.floor(requests / 250)}.${(requests++ % 250) + 1}`,
  });
}
const list = async (cookie: string) => (await send('GET', '', cookie)).json() as SavedAddress[];
const line = (n: number) => ({ ...WORK, line1: `${n} Elm St` });
const defaults = async (userId: string) =>
  (await t.database.db.select().from(savedAddresses).where(eq(savedAddresses.userId, userId))).filter(
    (row) => row.isDefault,
  ).length;

describe('saved addresses changed at the same moment', () => {
  it('first addresses saved together: every one saved, exactly one the default', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { cookie, user } = await signUp(t.app);
      const answers = await Promise.all([1, 2, 3].map((n) => send('POST', '', cookie, line(n))));
      expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201]);
      expect(await defaults(user._id)).toBe(1);
    }
  });

  it('defaults picked together, and the default deleted while another is picked: one default', async () => {
    const { cookie, user } = await signUp(t.app);
    for (let n = 0; n < 6; n += 1) await send('POST', '', cookie, line(n));
    const saved = await list(cookie);
    for (let round = 0; round < 5; round += 1) {
      const picks = await Promise.all(
        saved.map((address) => send('PUT', `/${address._id}/default`, cookie, {})),
      );
      expect(picks.map((answer) => answer.statusCode)).toEqual(saved.map(() => 200));
      expect(await defaults(user._id)).toBe(1);
    }
    for (const other of saved.slice(1, 4)) {
      const current = (await list(cookie))[0]!;
      const answers = await Promise.all([
        send('DELETE', `/${current._id}`, cookie),
        send('PUT', `/${other._id}/default`, cookie, {}),
      ]);
      expect(answers.map((answer) => answer.statusCode)).not.toContain(500);
      expect(await defaults(user._id)).toBe(1);
    }
  });

  it(`saves at most ${MAX_SAVED_ADDRESSES} when many are saved together`, async () => {
    const { cookie } = await signUp(t.app);
    for (let n = 0; n < 4; n += 1) await send('POST', '', cookie, line(n));
    const answers = await Promise.all(
      Array.from({ length: MAX_SAVED_ADDRESSES }, (_, n) => send('POST', '', cookie, line(100 + n))),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(MAX_SAVED_ADDRESSES - 4);
    expect(statuses.filter((status) => status === 409)).toHaveLength(4);
    expect(await list(cookie)).toHaveLength(MAX_SAVED_ADDRESSES);
  });
});
