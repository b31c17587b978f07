import crypto from 'node:crypto';
import { asc, count, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '../../src/domain/admin.js';
import { MESSAGES } from '../../src/domain/messages.js';
import { brands, orders, sessions, shoes, stockEntries, users } from '../../src/server/db/schema.js';
import { insertCatalog } from './support/catalog-fixture.js';
import { multipart } from './support/multipart.js';
import { cookieFrom, signIn, signUp, TEST_ORIGIN } from './support/session.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const ADMIN = { email: 'owner@auth.test', password: 'owner-password' };

let t: TestApp;
let png: Buffer;
let brandId: string;
const cookies: Record<'user' | 'manager' | 'administrator', string> = {
  user: '',
  manager: '',
  administrator: '',
};
let plainUserId: string;

beforeAll(async () => {
  t = await createTestApp(
    { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
    { bootstrapAdmin: true },
  );
  cookies.administrator = cookieFrom(await signIn(t.app, ADMIN.email, ADMIN.password));
  const user = await signUp(t.app);
  cookies.user = user.cookie;
  plainUserId = user.user._id;
  const manager = await signUp(t.app);
  await t.database.db.update(users).set({ manager: true }).where(eq(users.id, manager.user._id));
  cookies.manager = manager.cookie;
  const catalog = await insertCatalog(
    t.database.db,
    ['Velo'],
    [{ name: 'Anchor Shoe', brand: 'Velo', color: 'Blue', price: 90 }],
  );
  brandId = catalog.brandIds.get('Velo')!;
  png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a3' } })
    .png()
    .toBuffer();
});
afterAll(() => t.close());

// ---------------------------------------------------------------------------------------------
// Fresh fixtures: every test acts on its own shoe, brand, user or order.

let serial = 0;
/** A unique name made of letters only, as the admin forms require. */
function uniqueLetters(prefix: string): string {
  let n = ++serial;
  let letters = '';
  do {
    letters = String.fromCharCode(97 + (n % 26)) + letters;
    n = Math.floor(n / 26);
  } while (n > 0);
  return `${prefix} ${letters}`;
}

async function freshShoe(): Promise<string> {
  const [shoe] = await t.database.db
    .insert(shoes)
    .values({
      name: uniqueLetters('Fixture Shoe'),
      brandId,
      description: 'A shoe made for one test.',
      color: 'Red',
      priceCents: 5000,
      image: '/uploads/shoes/fixture.webp',
    })
    .returning({ id: shoes.id });
  await t.database.db.insert(stockEntries).values({ shoeId: shoe!.id, size: '9', quantity: 5 });
  return shoe!.id;
}

async function freshBrand(): Promise<string> {
  const [brand] = await t.database.db
    .insert(brands)
    .values({ name: uniqueLetters('Fixture Brand') })
    .returning({ id: brands.id });
  return brand!.id;
}

async function freshUser(): Promise<string> {
  const id = crypto.randomUUID();
  await t.database.db.insert(users).values({ id, email: `fixture.${id}@auth.test` });
  return id;
}

async function freshOrder(): Promise<string> {
  const idPayment = `pi_auth_${crypto.randomBytes(8).toString('hex')}`;
  await t.database.db
    .insert(orders)
    .values({ userId: plainUserId, email: 'fixture@auth.test', idPayment, amountCents: 5000 });
  return idPayment;
}

const shoeRow = async (id: string) =>
  (
    await t.database.db
      .select({
        name: shoes.name,
        priceCents: shoes.priceCents,
        onSale: shoes.onSale,
        version: shoes.version,
      })
      .from(shoes)
      .where(eq(shoes.id, id))
  )[0] ?? null;

const stockOf = async (id: string) =>
  (
    await t.database.db
      .select({ size: stockEntries.size, quantity: stockEntries.quantity })
      .from(stockEntries)
      .where(eq(stockEntries.shoeId, id))
      .orderBy(asc(stockEntries.size))
  ).map((entry) => [entry.size, entry.quantity]);

const shoesNamed = async (name: string) =>
  (await t.database.db.select({ n: count() }).from(shoes).where(eq(shoes.name, name)))[0]!.n;
const brandsNamed = async (name: string) =>
  (await t.database.db.select({ n: count() }).from(brands).where(eq(brands.name, name)))[0]!.n;
const brandExists = async (id: string) =>
  (await t.database.db.select({ n: count() }).from(brands).where(eq(brands.id, id)))[0]!.n === 1;
const userRow = async (id: string) =>
  (
    await t.database.db
      .select({ status: users.status, manager: users.manager })
      .from(users)
      .where(eq(users.id, id))
  )[0];
const orderStatus = async (idPayment: string) =>
  (
    await t.database.db.select({ status: orders.status }).from(orders).where(eq(orders.idPayment, idPayment))
  )[0]?.status;

// ---------------------------------------------------------------------------------------------
// The table: every admin endpoint, with a valid request and what it changes.

interface Endpoint {
  endpoint: string;
  /** Status of a manager's or the administrator's valid request. */
  ok: number;
  /** What the request acts on, made fresh for each test. */
  prepare?: () => Promise<string>;
  request: (fixture: string) => Promise<InjectOptions>;
  /** The part of the database the request writes (writes only). */
  state?: (fixture: string) => Promise<unknown>;
  /** That state after a successful request. */
  changed?: unknown;
  /** What a successful read answers. */
  answer?: (body: unknown) => void;
}

const shoeForm = (name: string) => ({
  brand: 'Velo',
  name,
  color: 'Green',
  price: '120',
  size: '9',
  q: '4',
  description: 'Light, quick and comfortable.',
});

const ENDPOINTS: Endpoint[] = [
  {
    endpoint: 'POST /api/shoes',
    ok: 201,
    prepare: async () => uniqueLetters('Created Shoe'),
    request: async (name) => {
      const form = await multipart(shoeForm(name), { name: 'shoe.png', type: 'image/png', bytes: png });
      return { method: 'POST', url: '/api/shoes', payload: form.payload, headers: form.headers };
    },
    state: async (name) => ({ shoes: await shoesNamed(name) }),
    changed: { shoes: 1 },
  },
  {
    endpoint: 'PUT /api/shoes/{id}',
    ok: 200,
    prepare: freshShoe,
    request: async (id) => {
      const form = await multipart({ ...shoeForm('Renamed Shoe'), price: '75', q: '2' });
      return { method: 'PUT', url: `/api/shoes/${id}`, payload: form.payload, headers: form.headers };
    },
    state: async (id) => ({ shoe: await shoeRow(id), stock: await stockOf(id) }),
    changed: {
      shoe: { name: 'Renamed Shoe', priceCents: 7500, onSale: false, version: 2 },
      stock: [['9', 2]],
    },
  },
  {
    endpoint: 'PUT /api/shoes/addSize/{id}',
    ok: 200,
    prepare: freshShoe,
    request: async (id) => ({
      method: 'PUT',
      url: `/api/shoes/addSize/${id}`,
      payload: { size: '10.5', q: '3' },
    }),
    state: stockOf,
    changed: [
      ['10.5', 3],
      ['9', 5],
    ],
  },
  {
    endpoint: 'DELETE /api/shoes/{id}',
    ok: 200,
    prepare: freshShoe,
    request: async (id) => ({ method: 'DELETE', url: `/api/shoes/${id}` }),
    state: shoeRow,
    changed: null,
  },
  {
    endpoint: 'PUT /api/admin/onsale/{id}',
    ok: 200,
    prepare: freshShoe,
    request: async (id) => ({ method: 'PUT', url: `/api/admin/onsale/${id}`, payload: { onSale: true } }),
    state: async (id) => (await shoeRow(id))?.onSale,
    changed: true,
  },
  {
    endpoint: 'POST /api/brands',
    ok: 201,
    prepare: async () => uniqueLetters('Created Brand'),
    request: async (name) => ({ method: 'POST', url: '/api/brands', payload: { name } }),
    state: brandsNamed,
    changed: 1,
  },
  {
    endpoint: 'DELETE /api/brands/{id}',
    ok: 200,
    prepare: freshBrand,
    request: async (id) => ({ method: 'DELETE', url: `/api/brands/${id}` }),
    state: brandExists,
    changed: false,
  },
  {
    endpoint: 'GET /api/users',
    ok: 200,
    request: async () => ({ method: 'GET', url: '/api/users?limit=4' }),
    answer: (body) => {
      expect(Array.isArray(body)).toBe(true);
      expect((body as unknown[]).length).toBeGreaterThan(0);
    },
  },
  {
    endpoint: 'PUT /api/users/{id}',
    ok: 200,
    prepare: freshUser,
    request: async (id) => ({ method: 'PUT', url: `/api/users/${id}`, payload: { status: 'Disabled' } }),
    state: userRow,
    changed: { status: 'Disabled', manager: false },
  },
  {
    endpoint: 'GET /api/cart',
    ok: 200,
    prepare: freshOrder,
    request: async () => ({ method: 'GET', url: '/api/cart?limit=4' }),
    answer: (body) => {
      expect(Array.isArray(body)).toBe(true);
      expect((body as unknown[]).length).toBeGreaterThan(0);
    },
  },
  {
    endpoint: 'PUT /api/cart/order/{idPayment}',
    ok: 200,
    prepare: freshOrder,
    request: async (idPayment) => ({
      method: 'PUT',
      url: `/api/cart/order/${idPayment}`,
      payload: { status: 'Received' },
    }),
    state: orderStatus,
    changed: 'Received',
  },
  {
    endpoint: 'GET /api/admin/stats',
    ok: 200,
    request: async () => ({ method: 'GET', url: '/api/admin/stats' }),
    answer: (body) =>
      expect(body).toMatchObject({ orders: expect.any(Number), salesByDay: expect.any(Array) }),
  },
  {
    endpoint: 'GET /api/admin/page-views',
    ok: 200,
    request: async () => ({ method: 'GET', url: '/api/admin/page-views' }),
    answer: (body) => expect(body).toMatchObject({ total: expect.any(Number), byDay: expect.any(Array) }),
  },
];

type Role = 'visitor' | 'user' | 'disabled manager' | 'manager' | 'administrator';
const ROLES: Role[] = ['visitor', 'user', 'disabled manager', 'manager', 'administrator'];
const REFUSALS: Partial<Record<Role, { status: number; code: string }>> = {
  visitor: { status: 401, code: 'unauthorized' },
  user: { status: 403, code: 'forbidden' },
  'disabled manager': { status: 403, code: 'account_disabled' },
};

/** A manager signed in before being disabled: its cookie is still in the browser. */
async function disabledManager(): Promise<{ cookie: string; id: string }> {
  const { cookie, user } = await signUp(t.app);
  await t.database.db.update(users).set({ manager: true, status: 'Disabled' }).where(eq(users.id, user._id));
  return { cookie, id: user._id };
}

const expectedOf = (role: Role, ok: number) => {
  const refusal = REFUSALS[role];
  return refusal ? `${refusal.status} ${refusal.code}` : String(ok);
};

describe.each(ENDPOINTS.map((endpoint) => [endpoint.endpoint, endpoint] as const))('%s', (_, endpoint) => {
  const cases = ROLES.map((role) => [role, expectedOf(role, endpoint.ok)] as const);

  it.each(cases)('%s gets %s', async (role) => {
    const fixture = endpoint.prepare ? await endpoint.prepare() : '';
    const before = endpoint.state ? await endpoint.state(fixture) : undefined;
    const disabled = role === 'disabled manager' ? await disabledManager() : undefined;
    const cookie =
      role === 'visitor' ? undefined : (disabled?.cookie ?? cookies[role as keyof typeof cookies]);

    const request = await endpoint.request(fixture);
    const response = await t.app.inject({
      ...request,
      headers: { ...request.headers, origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    });

    const refusal = REFUSALS[role];
    if (refusal) {
      expect(response.statusCode, response.body).toBe(refusal.status);
      expect(response.json().error.code).toBe(refusal.code);
      if (endpoint.state) expect(await endpoint.state(fixture)).toEqual(before);
      if (disabled) {
        expect(response.json().error.message).toBe(MESSAGES.identity.disabled);
        // Thrown out: the refused request ended every session the disabled manager held.
        expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, disabled.id))).toEqual(
          [],
        );
      }
      return;
    }
    expect(response.statusCode, response.body).toBe(endpoint.ok);
    if (endpoint.state) expect(await endpoint.state(fixture)).toEqual(endpoint.changed);
    endpoint.answer?.(response.json());
  });
});

// ---------------------------------------------------------------------------------------------

describe('who may change whom (PUT /api/users/{id})', () => {
  const put = (id: string, body: object, cookie: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/users/${id}`,
      payload: body,
      headers: { cookie, origin: TEST_ORIGIN },
    });
  const freshManager = async () => {
    const id = await freshUser();
    await t.database.db.update(users).set({ manager: true }).where(eq(users.id, id));
    return id;
  };
  let adminId: string;
  let managerId: string;

  beforeAll(async () => {
    const session = async (cookie: string) =>
      (await t.app.inject({ method: 'GET', url: '/api/account/session', headers: { cookie } })).json().user;
    adminId = (await session(cookies.administrator))._id;
    managerId = (await session(cookies.manager))._id;
  });

  it('a manager disables a plain user, and enables them again', async () => {
    const id = await freshUser();
    const disabled = await put(id, { status: 'Disabled' }, cookies.manager);
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json()).toMatchObject({ _id: id, status: 'Disabled', manager: false, role: 'user' });
    const enabled = await put(id, { status: 'Enabled' }, cookies.manager);
    expect(enabled.json()).toMatchObject({ status: 'Enabled' });
    expect(await userRow(id)).toEqual({ status: 'Enabled', manager: false });
  });

  it.each([
    ['disable another manager', 'manager', { status: 'Disabled' }],
    ['eliminate another manager', 'manager', { status: 'Eliminated' }],
    ['appoint a plain user manager', 'user', { manager: true }],
    ['dismiss another manager', 'manager', { manager: false }],
    ["set a plain user's manager flag to what it already is", 'user', { manager: false }],
    ['change a status and a manager flag at once', 'user', { status: 'Enabled', manager: true }],
    ['dismiss itself', 'self', { manager: false }],
    ['disable itself', 'self', { status: 'Disabled' }],
  ] as const)('a manager may not %s (403)', async (_label, target, body) => {
    const id =
      target === 'self' ? managerId : target === 'manager' ? await freshManager() : await freshUser();
    const before = await userRow(id);
    const response = await put(id, body, cookies.manager);
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json().error).toMatchObject({
      code: 'forbidden',
      message: ADMIN_MESSAGES.managersByAdminOnly,
    });
    expect(await userRow(id)).toEqual(before);
  });

  it('the administrator appoints, disables and dismisses managers', async () => {
    const id = await freshUser();
    expect((await put(id, { manager: true }, cookies.administrator)).json()).toMatchObject({
      manager: true,
      role: 'manager',
    });
    expect((await put(id, { status: 'Disabled' }, cookies.administrator)).json()).toMatchObject({
      status: 'Disabled',
      manager: true,
    });
    expect(
      (await put(id, { status: 'Enabled', manager: false }, cookies.administrator)).json(),
    ).toMatchObject({
      status: 'Enabled',
      manager: false,
      role: 'user',
    });
    expect(await userRow(id)).toEqual({ status: 'Enabled', manager: false });
  });

  it.each([
    ['administrator', { status: 'Disabled' }],
    ['administrator', { status: 'Eliminated' }],
    ['administrator', { manager: true }],
    ['administrator', { manager: false }],
    ['administrator', { status: 'Enabled' }],
    ['manager', { status: 'Disabled' }],
    ['manager', { manager: false }],
  ] as const)("the %s may not change the administrator's account: %j (409)", async (actor, body) => {
    const before = await userRow(adminId);
    const response = await put(adminId, body, cookies[actor]);
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().error.message).toBe(MESSAGES.admin.cannotDemoteAdmin);
    expect(await userRow(adminId)).toEqual(before);
    // The administrator still works.
    const still = await t.app.inject({
      method: 'GET',
      url: '/api/admin/stats',
      headers: { cookie: cookies.administrator },
    });
    expect(still.statusCode).toBe(200);
  });

  it('a manager who is disabled is thrown out: refused, every session ended, no way back in', async () => {
    const manager = await signUp(t.app);
    expect((await put(manager.user._id, { manager: true }, cookies.administrator)).statusCode).toBe(200);
    const second = cookieFrom(await signIn(t.app, manager.email, manager.password));
    const listUsers = (cookie: string) =>
      t.app.inject({ method: 'GET', url: '/api/users', headers: { cookie } });
    expect((await listUsers(manager.cookie)).statusCode).toBe(200);
    expect((await listUsers(second)).statusCode).toBe(200);

    expect((await put(manager.user._id, { status: 'Disabled' }, cookies.administrator)).statusCode).toBe(200);

    const session = await t.app.inject({
      method: 'GET',
      url: '/api/account/session',
      headers: { cookie: manager.cookie },
    });
    expect(session.json().user).toBeNull();
    const refused = await listUsers(manager.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'account_disabled',
      message: MESSAGES.identity.disabled,
    });
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, manager.user._id))).toEqual(
      [],
    );
    // Both sessions are gone: the next requests are a visitor's.
    expect((await listUsers(manager.cookie)).statusCode).toBe(401);
    expect((await listUsers(second)).statusCode).toBe(401);
    const again = await signIn(t.app, manager.email, manager.password);
    expect(again.statusCode).toBe(403);
    expect(again.json().error.message).toBe(MESSAGES.identity.disabled);
  });
});
