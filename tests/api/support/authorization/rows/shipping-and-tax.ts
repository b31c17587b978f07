/** Matrix rows of the admin panel's shipping methods and sales tax (issue 31 items 5-6). */
import { expect } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { shippingMethods, taxRates } from '../../../../../src/server/db/schema.js';
import { OK, CREATED, staffOnly, type Role, type Row, get, post, put, del, ids } from '../roles.js';
import { db } from '../world.js';
import { uniqueLetters } from '../fixtures.js';

/** A state of its own per role, so that one role's change never meets another's. */
const STATE_OF: Record<Role, string> = {
  visitor: 'VT',
  user: 'UT',
  'other user': 'OR',
  'disabled user': 'DE',
  manager: 'MT',
  administrator: 'AK',
};

async function freshMethod(): Promise<string> {
  const [row] = await db()
    .insert(shippingMethods)
    .values({ name: uniqueLetters('Matrix Post'), priceCents: 500, minDays: 2, maxDays: 4, position: 50 })
    .returning({ id: shippingMethods.id });
  return row!.id;
}

const methodRow = async (id: string) =>
  (
    await db()
      .select({
        name: shippingMethods.name,
        priceCents: shippingMethods.priceCents,
        active: shippingMethods.active,
      })
      .from(shippingMethods)
      .where(eq(shippingMethods.id, id))
  )[0];

const methodOrder = async () =>
  (
    await db()
      .select({ id: shippingMethods.id })
      .from(shippingMethods)
      .orderBy(asc(shippingMethods.position), asc(shippingMethods.name))
  ).map((row) => row.id);

const rateRow = async (state: string) =>
  (
    await db()
      .select({ rate: taxRates.rateMilliPercent, taxShipping: taxRates.taxShipping })
      .from(taxRates)
      .where(eq(taxRates.stateCode, state))
  )[0];

export const SHIPPING_AND_TAX_ROWS: Row[] = [
  {
    route: 'GET /api/admin/shipping-methods',
    outcomes: staffOnly(OK),
    prepare: async () => ({ method: await freshMethod() }),
    request: () => get('/api/admin/shipping-methods'),
    check: (response, { fixture }) => expect(ids(response)).toContain(fixture.method),
  },
  {
    route: 'POST /api/admin/shipping-methods',
    outcomes: staffOnly(CREATED),
    prepare: async () => ({ name: uniqueLetters('Matrix Freight') }),
    request: ({ fixture }) =>
      post('/api/admin/shipping-methods', { name: fixture.name, price: '7.50', minDays: '2', maxDays: '6' }),
    state: async ({ fixture }) =>
      (
        await db()
          .select({ priceCents: shippingMethods.priceCents })
          .from(shippingMethods)
          .where(eq(shippingMethods.name, fixture.name!))
      ).length,
    after: () => 1,
  },
  {
    route: 'PUT /api/admin/shipping-methods/order',
    outcomes: staffOnly(OK),
    request: async () => put('/api/admin/shipping-methods/order', { ids: (await methodOrder()).reverse() }),
    state: () => methodOrder(),
    after: (_context, before) => [...(before as string[])].reverse(),
  },
  {
    route: 'PUT /api/admin/shipping-methods/{id}',
    outcomes: staffOnly(OK),
    prepare: async () => ({ method: await freshMethod(), name: uniqueLetters('Matrix Courier') }),
    request: ({ fixture }) =>
      put(`/api/admin/shipping-methods/${fixture.method}`, {
        name: fixture.name,
        price: '12',
        minDays: '1',
        maxDays: '2',
      }),
    state: ({ fixture }) => methodRow(fixture.method!),
    after: ({ fixture }) => ({ name: fixture.name, priceCents: 1200, active: true }),
  },
  {
    route: 'PUT /api/admin/shipping-methods/{id}/active',
    outcomes: staffOnly(OK),
    prepare: async () => ({ method: await freshMethod() }),
    request: ({ fixture }) => put(`/api/admin/shipping-methods/${fixture.method}/active`, { active: false }),
    state: ({ fixture }) => methodRow(fixture.method!),
    after: (_context, before) => ({ ...(before as object), active: false }),
  },
  {
    route: 'DELETE /api/admin/shipping-methods/{id}',
    outcomes: staffOnly(OK),
    prepare: async () => ({ method: await freshMethod() }),
    request: ({ fixture }) => del(`/api/admin/shipping-methods/${fixture.method}`),
    state: ({ fixture }) => methodRow(fixture.method!),
    after: () => undefined,
  },
  {
    route: 'GET /api/admin/tax-rates',
    outcomes: staffOnly(OK),
    prepare: async () => {
      await db().insert(taxRates).values({ stateCode: 'WY', rateMilliPercent: 4000 }).onConflictDoNothing();
      return { state: 'WY' };
    },
    request: () => get('/api/admin/tax-rates'),
    check: (response, { fixture }) =>
      expect((response.json() as { state: string }[]).map((rate) => rate.state)).toContain(fixture.state),
  },
  {
    route: 'PUT /api/admin/tax-rates/{state}',
    outcomes: staffOnly(OK),
    prepare: async ({ role }) => {
      await db().delete(taxRates).where(eq(taxRates.stateCode, STATE_OF[role]));
      return { state: STATE_OF[role] };
    },
    request: ({ fixture }) =>
      put(`/api/admin/tax-rates/${fixture.state}`, { rate: '6.125', taxShipping: true }),
    state: ({ fixture }) => rateRow(fixture.state!),
    after: () => ({ rate: 6125, taxShipping: true }),
  },
  {
    route: 'DELETE /api/admin/tax-rates/{state}',
    outcomes: staffOnly(OK),
    prepare: async ({ role }) => {
      const stateCode = `${STATE_OF[role]}`;
      await db()
        .insert(taxRates)
        .values({ stateCode, rateMilliPercent: 5000 })
        .onConflictDoUpdate({ target: taxRates.stateCode, set: { rateMilliPercent: 5000 } });
      return { state: stateCode };
    },
    request: ({ fixture }) => del(`/api/admin/tax-rates/${fixture.state}`),
    state: ({ fixture }) => rateRow(fixture.state!),
    after: () => undefined,
  },
];
