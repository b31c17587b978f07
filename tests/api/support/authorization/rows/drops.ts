/** Matrix rows of drops (issue 36): read by anyone, entered by a signed-in shopper, run by staff. */
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { dropEntries, dropQueue, drops, dropSizes, users } from '../../../../../src/server/db/schema.js';
import { createSignedTokens } from '../../../../../src/server/http/signed-token.js';
import {
  CREATED,
  DISABLED,
  OK,
  SIGN_IN_FIRST,
  anyone,
  get,
  ids,
  ownAccount,
  post,
  put,
  staffOnly,
  type Outcome,
  type Role,
  type Account,
  type Row,
  withHeaders,
} from '../roles.js';
import { CARD, db, SESSION_SECRET, t, testPayments } from '../world.js';
import { announceDropChange } from '../../drop-announce.js';
import { freshShoe } from '../fixtures.js';

const HOUR = 3_600_000;

/** A drop of a fresh shoe, written as the drops module would: open now unless told otherwise. */
async function freshDrop(
  changes: Partial<typeof drops.$inferInsert> = {},
): Promise<{ drop: string; shoe: string }> {
  const shoe = await freshShoe();
  const seed = crypto.randomBytes(32).toString('hex');
  const [row] = await db()
    .insert(drops)
    .values({
      shoeId: shoe,
      mode: 'draw',
      opensAt: new Date(Date.now() - HOUR),
      closesAt: new Date(Date.now() + HOUR),
      seed,
      commitment: crypto.createHash('sha256').update(seed).digest('hex'),
      ...changes,
    })
    .returning({ id: drops.id });
  await db().insert(dropSizes).values({ dropId: row!.id, size: '9', pairs: 2 });
  await announceDropChange(t.app, row!.id);
  return { drop: row!.id, shoe };
}

const dropStatus = async (id: string) =>
  (
    await db().select({ status: drops.status, closesAt: drops.closesAt }).from(drops).where(eq(drops.id, id))
  )[0];

const entriesOf = async (id: string) =>
  (await db().select({ id: dropEntries.id }).from(dropEntries).where(eq(dropEntries.dropId, id))).length;

const queuedIn = async (id: string) =>
  (await db().select({ id: dropQueue.userId }).from(dropQueue).where(eq(dropQueue.dropId, id))).length;

/** A waiting room's place as the shop signs it (its cookie), beside the actor's session. */
const places = createSignedTokens(SESSION_SECRET, 'drop-queue');
const withPlace = (actor: Account | undefined, place: { d: string; u: string; p: number }) =>
  `${actor ? `${actor.cookie}; ` : ''}drop_place=${places.sign(place)}`;

const deliveryAddress = {
  name: 'Ana Lima',
  line1: '12 Matrix Road',
  city: 'San Diego',
  state: 'CA',
  postal_code: '92101',
};

/** A shopper with a confirmed email and a card of their own; a visitor has neither. */
async function confirmedWithCard(actor: Account | undefined): Promise<string> {
  if (actor) await db().update(users).set({ emailVerified: true }).where(eq(users.id, actor.id));
  return actor ? (await testPayments.createPaymentMethod(actor.id, CARD)).id : 'pm_none';
}

/** A shopper enters with their own verified email, card and address; a visitor signs in first. */
const entrants: Record<Role, Outcome> = {
  visitor: SIGN_IN_FIRST,
  user: CREATED,
  'other user': CREATED,
  'disabled user': DISABLED,
  manager: CREATED,
  administrator: CREATED,
};

export const DROP_ROWS: Row[] = [
  {
    route: 'GET /api/drops',
    outcomes: anyone(OK),
    prepare: async () => freshDrop(),
    request: () => get('/api/drops'),
    check: (response, { fixture }) => expect(ids(response)).toContain(fixture.drop),
  },
  {
    route: 'GET /api/drops/{id}',
    outcomes: anyone(OK),
    prepare: async () => freshDrop(),
    request: ({ fixture }) => get(`/api/drops/${fixture.drop}`),
    // The seed is nobody's before the draw, staff's included.
    check: (response) => expect(response.json().seed).toBeNull(),
  },
  {
    route: 'GET /api/drops/{id}/result',
    note: 'a drawn drop',
    outcomes: anyone(OK),
    prepare: async () =>
      freshDrop({ status: 'drawn', closesAt: new Date(Date.now() - 1_000), drawnAt: new Date() }),
    request: ({ fixture }) => get(`/api/drops/${fixture.drop}/result`),
    check: (response) => expect(response.json().seed).toMatch(/^[0-9a-f]{64}$/),
  },
  {
    route: 'POST /api/drops/{id}/entries',
    note: 'an open draw, the actor’s email verified, their own card',
    outcomes: entrants,
    prepare: async ({ actor }) => ({ ...(await freshDrop()), card: await confirmedWithCard(actor) }),
    request: ({ fixture }) =>
      post(`/api/drops/${fixture.drop}/entries`, {
        size: '9',
        paymentMethodId: fixture.card,
        deliveryAddress,
      }),
    state: ({ fixture }) => entriesOf(fixture.drop!),
    after: (_context, before) => (before as number) + 1,
  },
  {
    route: 'POST /api/drops/{id}/queue',
    note: 'a first-come drop open now, the actor’s email verified',
    outcomes: { ...entrants, user: OK, 'other user': OK, manager: OK, administrator: OK },
    prepare: async ({ actor }) => {
      await confirmedWithCard(actor);
      return freshDrop({ mode: 'first_come' });
    },
    request: ({ fixture }) => post(`/api/drops/${fixture.drop}/queue`),
    state: ({ fixture }) => queuedIn(fixture.drop!),
    after: (_context, before) => (before as number) + 1,
  },
  {
    route: 'GET /api/drops/{id}/queue',
    note: 'with the owner’s signed place: the place is the credential, no session is read',
    outcomes: anyone(OK),
    prepare: async ({ owner }) => {
      const fixture = await freshDrop({ mode: 'first_come' });
      await db()
        .insert(dropQueue)
        .values({ dropId: fixture.drop, userId: owner.id, early: false, drawKey: 'k', place: 1 });
      return fixture;
    },
    request: ({ fixture, actor, owner }) =>
      withHeaders(get(`/api/drops/${fixture.drop}/queue`), {
        cookie: withPlace(actor, { d: fixture.drop!, u: owner.id, p: 1 }),
      }),
    check: (response) => expect(response.json().place).toBe(1),
  },
  {
    route: 'POST /api/drops/{id}/purchase',
    note: 'the actor’s own place, let in a moment ago, their own card',
    outcomes: entrants,
    prepare: async ({ actor }) => {
      const card = await confirmedWithCard(actor);
      return { ...(await freshDrop({ mode: 'first_come', opensAt: new Date(Date.now() - 1_000) })), card };
    },
    request: ({ fixture, actor }) =>
      withHeaders(
        post(`/api/drops/${fixture.drop}/purchase`, {
          size: '9',
          paymentMethodId: fixture.card,
          deliveryAddress,
        }),
        { cookie: withPlace(actor, { d: fixture.drop!, u: actor?.id ?? 'nobody', p: 1 }) },
      ),
    state: ({ fixture }) => entriesOf(fixture.drop!),
    after: (_context, before) => (before as number) + 1,
  },
  {
    route: 'GET /api/account/drop-entries',
    outcomes: ownAccount,
    request: () => get('/api/account/drop-entries'),
  },
  {
    route: 'GET /api/admin/drops',
    outcomes: staffOnly(OK),
    prepare: async () => freshDrop(),
    request: () => get('/api/admin/drops'),
    check: (response, { fixture }) => expect(ids(response)).toContain(fixture.drop),
  },
  {
    route: 'POST /api/admin/drops',
    outcomes: staffOnly(CREATED),
    prepare: async () => ({ shoe: await freshShoe() }),
    request: ({ fixture }) =>
      post('/api/admin/drops', {
        shoeId: fixture.shoe,
        mode: 'draw',
        opensAt: new Date(Date.now() + HOUR).toISOString(),
        closesAt: new Date(Date.now() + 2 * HOUR).toISOString(),
        sizes: [{ size: '9', pairs: 2 }],
      }),
    state: async ({ fixture }) =>
      (await db().select({ id: drops.id }).from(drops).where(eq(drops.shoeId, fixture.shoe!))).length,
    after: () => 1,
  },
  {
    route: 'GET /api/admin/drops/{id}',
    outcomes: staffOnly(OK),
    prepare: async () => freshDrop(),
    request: ({ fixture }) => get(`/api/admin/drops/${fixture.drop}`),
    check: (response) => expect(response.json().status).toBe('scheduled'),
  },
  {
    route: 'GET /api/admin/drops/{id}/entries',
    outcomes: staffOnly(OK),
    prepare: async () => freshDrop(),
    request: ({ fixture }) => get(`/api/admin/drops/${fixture.drop}/entries`),
    check: (response) => expect(response.json()).toEqual([]),
  },
  {
    route: 'PUT /api/admin/drops/{id}',
    note: 'a drop not open yet, its pairs doubled',
    outcomes: staffOnly(OK),
    prepare: async () =>
      freshDrop({ opensAt: new Date(Date.now() + HOUR), closesAt: new Date(Date.now() + 2 * HOUR) }),
    request: ({ fixture }) =>
      put(`/api/admin/drops/${fixture.drop}`, {
        shoeId: fixture.shoe,
        mode: 'draw',
        opensAt: new Date(Date.now() + HOUR).toISOString(),
        closesAt: new Date(Date.now() + 3 * HOUR).toISOString(),
        sizes: [{ size: '9', pairs: 4 }],
      }),
    state: async ({ fixture }) =>
      (
        await db()
          .select({ pairs: dropSizes.pairs })
          .from(dropSizes)
          .where(eq(dropSizes.dropId, fixture.drop!))
      )[0]!.pairs,
    after: () => 4,
  },
  {
    route: 'POST /api/admin/drops/{id}/close',
    note: 'an open draw with no entry',
    outcomes: staffOnly(OK),
    prepare: async () => freshDrop(),
    request: ({ fixture }) => post(`/api/admin/drops/${fixture.drop}/close`),
    // Closed now: its close is no longer ahead (the draw may have begun already).
    state: async ({ fixture }) => (await dropStatus(fixture.drop!))!.closesAt.getTime() > Date.now(),
    after: () => false,
  },
  {
    route: 'POST /api/admin/drops/{id}/cancel',
    outcomes: staffOnly(OK),
    prepare: async () =>
      freshDrop({ opensAt: new Date(Date.now() + HOUR), closesAt: new Date(Date.now() + 2 * HOUR) }),
    request: ({ fixture }) => post(`/api/admin/drops/${fixture.drop}/cancel`),
    state: async ({ fixture }) => (await dropStatus(fixture.drop!))!.status,
    after: () => 'cancelled',
  },
];
