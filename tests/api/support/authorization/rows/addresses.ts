/** Matrix rows of saved delivery addresses (issue 31 item 4): each user's own, anyone else's a 404. */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { savedAddresses } from '../../../../../src/server/db/schema.js';
import {
  CREATED,
  DISABLED,
  OK,
  SIGN_IN_FIRST,
  ownAccount,
  usersOwn,
  type Row,
  del,
  get,
  ids,
  post,
  put,
} from '../roles.js';
import { db } from '../world.js';

const ADDRESS = {
  name: 'Ana Lima',
  line1: '500 Harbor Dr',
  city: 'San Diego',
  state: 'CA',
  postal_code: '92101',
};

/** An address of the account's, stored as the module would (not its default: the walk only reads that). */
async function storedAddress(account: { id: string }): Promise<Record<string, string>> {
  const [row] = await db()
    .insert(savedAddresses)
    .values({ userId: account.id, ...ADDRESS, postalCode: ADDRESS.postal_code })
    .returning({ id: savedAddresses.id });
  return { address: row!.id };
}
const addressRow = async (id: string) =>
  (await db().select().from(savedAddresses).where(eq(savedAddresses.id, id)))[0];
const addressCount = async (userId: string) =>
  (await db().select().from(savedAddresses).where(eq(savedAddresses.userId, userId))).length;
/** Leaves the account without addresses, so that the limit never decides a row. */
const noAddresses = (userId: string) => db().delete(savedAddresses).where(eq(savedAddresses.userId, userId));

export const ADDRESS_ROWS: Row[] = [
  {
    route: 'GET /api/account/addresses',
    outcomes: ownAccount,
    prepare: ({ owner }) => storedAddress(owner),
    request: () => get('/api/account/addresses'),
    // Each role sees its own addresses only.
    check: (response, { role, fixture }) =>
      expect(ids(response).includes(fixture.address!)).toBe(role === 'user'),
  },
  {
    route: 'POST /api/account/addresses',
    note: "saved to the caller's own account, never the user's",
    outcomes: {
      visitor: SIGN_IN_FIRST,
      user: CREATED,
      'other user': CREATED,
      'disabled user': DISABLED,
      manager: CREATED,
      administrator: CREATED,
    },
    prepare: async ({ owner, actor }) => {
      await noAddresses(owner.id);
      if (actor) await noAddresses(actor.id);
      return {};
    },
    request: () => post('/api/account/addresses', ADDRESS),
    state: ({ owner }) => addressCount(owner.id),
    after: ({ role }, before) => (role === 'user' ? (before as number) + 1 : before),
    check: (response) => expect(response.json().address).toMatchObject({ ...ADDRESS, isDefault: true }),
  },
  {
    route: 'PUT /api/account/addresses/{id}',
    note: "the user's address",
    // Someone else's address answers like one that does not exist.
    outcomes: usersOwn(OK),
    prepare: ({ owner }) => storedAddress(owner),
    request: ({ fixture }) =>
      put(`/api/account/addresses/${fixture.address}`, { ...ADDRESS, line1: '9 Changed St' }),
    state: async ({ fixture }) => (await addressRow(fixture.address!))?.line1,
    after: () => '9 Changed St',
  },
  {
    route: 'PUT /api/account/addresses/{id}/default',
    note: "the user's address",
    outcomes: usersOwn(OK),
    prepare: ({ owner }) => storedAddress(owner),
    request: ({ fixture }) => put(`/api/account/addresses/${fixture.address}/default`, {}),
    state: async ({ fixture }) => (await addressRow(fixture.address!))?.isDefault,
    after: () => true,
  },
  {
    route: 'DELETE /api/account/addresses/{id}',
    note: "the user's address",
    outcomes: usersOwn(OK),
    prepare: ({ owner }) => storedAddress(owner),
    request: ({ fixture }) => del(`/api/account/addresses/${fixture.address}`),
    state: async ({ fixture }) => (await addressRow(fixture.address!)) !== undefined,
    after: () => false,
  },
];
