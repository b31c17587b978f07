/** Matrix rows of the admin panel: catalogue writes, users, dashboard, discount codes, cart reminders. */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { auditLog, cartReminderSettings, discountCodes } from '../../../../../src/server/db/schema.js';
import { multipart } from '../../multipart.js';
import { uniqueEmail } from '../../session.js';
import {
  OK,
  CREATED,
  NOT_FOUND,
  anyone,
  staffOnly,
  type Row,
  get,
  post,
  put,
  del,
  ids,
  shoeForm,
} from '../roles.js';
import { png, db } from '../world.js';
import {
  uniqueLetters,
  uniqueCode,
  freshCode,
  codeRow,
  freshShoe,
  freshBrand,
  freshUser,
} from '../fixtures.js';
import { userRow, usersWithEmail, shoeRow, stockOf, shoesNamed, brandsNamed, brandExists } from '../state.js';

export const ADMIN_ROWS: Row[] = [
  // Admin panel: catalogue writes.
  {
    route: 'POST /api/shoes',
    outcomes: staffOnly(CREATED),
    prepare: async () => ({ name: uniqueLetters('Created Shoe') }),
    request: async ({ fixture }) => {
      const form = await multipart(shoeForm(fixture.name!), {
        name: 'shoe.png',
        type: 'image/png',
        bytes: png,
      });
      return { method: 'POST', url: '/api/shoes', payload: form.payload, headers: form.headers };
    },
    state: ({ fixture }) => shoesNamed(fixture.name!),
    after: () => 1,
  },
  {
    route: 'PUT /api/shoes/{id}',
    outcomes: staffOnly(OK),
    prepare: async () => ({ shoe: await freshShoe() }),
    request: async ({ fixture }) => {
      const form = await multipart({ ...shoeForm('Renamed Shoe'), price: '75', q: '2' });
      return {
        method: 'PUT',
        url: `/api/shoes/${fixture.shoe}`,
        payload: form.payload,
        headers: form.headers,
      };
    },
    state: async ({ fixture }) => ({
      shoe: await shoeRow(fixture.shoe!),
      stock: await stockOf(fixture.shoe!),
    }),
    after: () => ({
      shoe: { name: 'Renamed Shoe', priceCents: 7500, onSale: false, version: 2 },
      stock: [['9', 2]],
    }),
  },
  {
    route: 'PUT /api/shoes/addSize/{id}',
    outcomes: staffOnly(OK),
    prepare: async () => ({ shoe: await freshShoe() }),
    request: ({ fixture }) => put(`/api/shoes/addSize/${fixture.shoe}`, { size: '10.5', q: '3' }),
    state: ({ fixture }) => stockOf(fixture.shoe!),
    after: () => [
      ['10.5', 3],
      ['9', 5],
    ],
  },
  {
    route: 'DELETE /api/shoes/{id}',
    outcomes: staffOnly(OK),
    prepare: async () => ({ shoe: await freshShoe() }),
    request: ({ fixture }) => del(`/api/shoes/${fixture.shoe}`),
    state: ({ fixture }) => shoeRow(fixture.shoe!),
    after: () => null,
  },
  {
    route: 'PUT /api/admin/onsale/{id}',
    outcomes: staffOnly(OK),
    prepare: async () => ({ shoe: await freshShoe() }),
    request: ({ fixture }) => put(`/api/admin/onsale/${fixture.shoe}`, { onSale: true }),
    state: async ({ fixture }) => (await shoeRow(fixture.shoe!))?.onSale,
    after: () => true,
  },
  {
    route: 'POST /api/brands',
    outcomes: staffOnly(CREATED),
    prepare: async () => ({ name: uniqueLetters('Created Brand') }),
    request: ({ fixture }) => post('/api/brands', { name: fixture.name }),
    state: ({ fixture }) => brandsNamed(fixture.name!),
    after: () => 1,
  },
  {
    route: 'DELETE /api/brands/{id}',
    outcomes: staffOnly(OK),
    prepare: async () => ({ brand: await freshBrand() }),
    request: ({ fixture }) => del(`/api/brands/${fixture.brand}`),
    state: ({ fixture }) => brandExists(fixture.brand!),
    after: () => false,
  },

  // Admin panel: users, dashboard.
  {
    route: 'GET /api/users',
    outcomes: staffOnly(OK),
    request: () => get('/api/users?limit=4'),
    check: (response) => expect(ids(response).length).toBeGreaterThan(0),
  },
  {
    route: 'PUT /api/users/{id}',
    note: 'disable a plain user',
    outcomes: staffOnly(OK),
    prepare: freshUser,
    request: ({ fixture }) => put(`/api/users/${fixture.id}`, { status: 'Disabled' }),
    state: async ({ fixture }) => {
      const row = await userRow(fixture.id!);
      return { status: row!.status, manager: row!.manager };
    },
    after: () => ({ status: 'Disabled', manager: false }),
  },
  {
    route: 'GET /api/admin/stats',
    outcomes: staffOnly(OK),
    request: () => get('/api/admin/stats'),
    check: (response) =>
      expect(response.json()).toMatchObject({ orders: expect.any(Number), salesByDay: expect.any(Array) }),
  },
  {
    route: 'GET /api/admin/page-views',
    outcomes: staffOnly(OK),
    request: () => get('/api/admin/page-views'),
    check: (response) =>
      expect(response.json()).toMatchObject({ total: expect.any(Number), byDay: expect.any(Array) }),
  },

  // Admin panel: discount codes.
  {
    route: 'GET /api/admin/discounts',
    outcomes: staffOnly(OK),
    prepare: async () => ({ code: await freshCode() }),
    request: () => get('/api/admin/discounts?limit=100'),
    check: (response, { fixture }) => expect(ids(response)).toContain(fixture.code),
  },
  {
    route: 'GET /api/admin/discounts/{id}',
    outcomes: staffOnly(OK),
    prepare: async () => ({ code: await freshCode() }),
    request: ({ fixture }) => get(`/api/admin/discounts/${fixture.code}`),
    check: (response, { fixture }) => expect(response.json()._id).toBe(fixture.code),
  },
  {
    route: 'POST /api/admin/discounts',
    outcomes: staffOnly(CREATED),
    prepare: async () => ({ name: uniqueCode() }),
    request: ({ fixture }) =>
      post('/api/admin/discounts', { code: fixture.name, kind: 'percent', value: '15', target: 'cart' }),
    state: async ({ fixture }) =>
      (
        await db()
          .select({ id: discountCodes.id })
          .from(discountCodes)
          .where(eq(discountCodes.code, fixture.name!))
      ).length,
    after: () => 1,
  },
  {
    route: 'PUT /api/admin/discounts/{id}',
    outcomes: staffOnly(OK),
    prepare: async () => ({ code: await freshCode(), name: uniqueCode() }),
    request: ({ fixture }) =>
      put(`/api/admin/discounts/${fixture.code}`, {
        code: fixture.name,
        kind: 'fixed',
        value: '5',
        target: 'cart',
      }),
    state: ({ fixture }) => codeRow(fixture.code!),
    after: () => ({ kind: 'fixed', active: true }),
  },
  {
    route: 'PUT /api/admin/discounts/{id}/active',
    outcomes: staffOnly(OK),
    prepare: async () => ({ code: await freshCode() }),
    request: ({ fixture }) => put(`/api/admin/discounts/${fixture.code}/active`, { active: false }),
    state: ({ fixture }) => codeRow(fixture.code!),
    after: () => ({ kind: 'percent', active: false }),
  },

  // Admin panel: the cart reminders' card (issue 35 item 2).
  {
    route: 'GET /api/admin/cart-reminders',
    outcomes: staffOnly(OK),
    request: () => get('/api/admin/cart-reminders'),
    check: (response) =>
      expect(response.json()).toMatchObject({
        settings: { secondEnabled: expect.any(Boolean), kind: expect.any(String) },
        reminded: expect.any(Number),
        recovered: expect.any(Number),
        recoveredRevenue: expect.any(Number),
        codesSent: expect.any(Number),
        codesUsed: expect.any(Number),
      }),
  },
  {
    route: 'PUT /api/admin/cart-reminders/settings',
    note: 'the second reminder on, with a $5 code for 14 days (audited)',
    outcomes: staffOnly(OK),
    prepare: async () => {
      // Back to the defaults (no row: off, 10%, 7 days) before each role.
      await db().delete(cartReminderSettings);
      return {};
    },
    request: () =>
      put('/api/admin/cart-reminders/settings', {
        secondEnabled: true,
        kind: 'fixed',
        value: 500,
        expiryDays: 14,
      }),
    state: async () => ({
      settings: (
        await db()
          .select({
            secondEnabled: cartReminderSettings.secondEnabled,
            kind: cartReminderSettings.kind,
            value: cartReminderSettings.value,
            expiryDays: cartReminderSettings.expiryDays,
          })
          .from(cartReminderSettings)
      )[0],
      audited: (
        await db().select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.action, 'reminders.settings'))
      ).length,
    }),
    after: (_context, before) => ({
      settings: { secondEnabled: true, kind: 'fixed', value: 500, expiryDays: 14 },
      audited: (before as { audited: number }).audited + 1,
    }),
    check: (response) =>
      expect(response.json().settings).toEqual({
        secondEnabled: true,
        kind: 'fixed',
        value: 500,
        expiryDays: 14,
      }),
  },

  // better-auth behind /api/auth/*: only Google sign-in's start, callback and error page go through.
  {
    route: 'GET /api/auth/*',
    note: 'its error page, exposed',
    outcomes: anyone(OK),
    request: () => get('/api/auth/error'),
    check: (response) => expect(response.headers['content-type']).toMatch(/^text\/html/),
  },
  {
    route: 'GET /api/auth/*',
    note: 'get-session, not exposed',
    outcomes: anyone(NOT_FOUND),
    request: () => get('/api/auth/get-session'),
  },
  {
    route: 'POST /api/auth/*',
    note: 'update-user with manager and status, not exposed',
    outcomes: anyone(NOT_FOUND),
    request: () => post('/api/auth/update-user', { name: 'Matrix', manager: true, status: 'Enabled' }),
    state: ({ owner }) => userRow(owner.id),
  },
  {
    route: 'POST /api/auth/*',
    note: 'sign-up/email around our rules, not exposed',
    outcomes: anyone(NOT_FOUND),
    prepare: async () => ({ email: uniqueEmail('bypass') }),
    request: ({ fixture }) =>
      post('/api/auth/sign-up/email', {
        email: fixture.email,
        password: 'secret123',
        name: 'X',
        manager: true,
      }),
    state: ({ fixture }) => usersWithEmail(fixture.email!),
  },
];
