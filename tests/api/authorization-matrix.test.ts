// One file because its last test needs every row of the table to prove each registered route has
// one. It should not stay so: issue 30 item 6 splits it by area while keeping that check.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type * as FastifyModule from 'fastify';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../src/domain/messages.js';
import { buildApp } from '../../src/server/app.js';
import { loadConfig, ROOT_DIR } from '../../src/server/config.js';
import {
  accounts as credentials,
  brands,
  contactMessages,
  discountCodes,
  favorites,
  mailOutbox,
  newsletterSubscribers,
  orderLines,
  orderRefunds,
  orders,
  orderShipments,
  pageViews,
  restockRequests,
  returnRequests,
  reviews,
  sessions,
  shoes,
  passkeys,
  stockEntries,
  twoFactors,
  users,
} from '../../src/server/db/schema.js';
import { createTestPaymentProvider } from '../../src/server/payments/test-payment-provider.js';
import { paymentMethodBody } from '../fixtures/payment.js';
import { insertCatalog } from './support/catalog-fixture.js';
import { multipart } from './support/multipart.js';
import { cookieFrom, signIn, signUp, TEST_ORIGIN, uniqueEmail } from './support/session.js';
import { staffSession } from './support/staff.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * Who may call what: one table with a row per API endpoint and the expected outcome for each of
 * six roles, walked endpoint x role; then mass assignment (fields a body may not set); then a check
 * that the table has a row for every route the app registers.
 */

// ---------------------------------------------------------------------------------------------
// Every route the apps of this file register, as `METHOD /path`: each Fastify instance gets an
// onRoute hook the moment it is created, so a new endpoint without a row fails the last test.

const registered = vi.hoisted(() => new Set<string>());
vi.mock('fastify', async (importOriginal) => {
  const fastify = await importOriginal<typeof FastifyModule>();
  const create = (...args: unknown[]) => {
    const app = (fastify.default as (...options: unknown[]) => FastifyInstance)(...args);
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) registered.add(`${method} ${route.url}`);
    });
    return app;
  };
  return { ...fastify, default: create };
});

const ADMIN = { email: 'owner@matrix.test', password: 'owner-password' };
/** Known, so that a second app shares the sessions and payment methods can be minted for anyone. */
const SESSION_SECRET = 'authorization-matrix-session-secret-0123456789';
const WEBHOOK_SECRET = 'whsec_matrix_secret';
const CARD = paymentMethodBody();

let t: TestApp;
/** The same shop with PAYMENTS=stripe on the same database: it adds Stripe's webhook. */
let stripeApp: FastifyInstance;
let stripeDataDir: string;
let png: Buffer;
let brandId: string;
/** A shoe the user and the disabled user bought (Received), reviewed and keep among favorites. */
let anchorShoe: string;

const db = () => t.database.db;
const testPayments = createTestPaymentProvider(SESSION_SECRET);

let addresses = 0;
/** Each request from its own address: per-address rate limits are not what this file is about. */
const nextAddress = () => `10.77.${Math.floor(addresses / 250) % 250}.${(addresses++ % 250) + 1}`;

// ---------------------------------------------------------------------------------------------
// The six roles.

const ROLES = ['visitor', 'user', 'other user', 'disabled user', 'manager', 'administrator'] as const;
type Role = (typeof ROLES)[number];
type SignedInRole = Exclude<Role, 'visitor'>;

interface Account {
  id: string;
  email: string;
  password: string;
  cookie: string;
}
/**
 * - user: a shopper with a Received order, a review and a favorite, acting on their own things;
 * - other user: another shopper, acting on the user's things (ids of the user's order, review...);
 * - disabled user: an account with status Disabled that still holds a session cookie and acts on
 *   its own order, review and favorites. It also holds the manager flag, so that every refusal it
 *   gets can only come from its status;
 * - manager (`manager: true`) and administrator (ADMIN_EMAIL): acting on the user's things.
 */
const accounts = {} as Record<SignedInRole, Account>;
const purchases = new Map<string, { orderId: string; idPayment: string; reviewId: string }>();
const purchaseOf = (account: Account) => purchases.get(account.id)!;

/** The sessions of the five signed-in roles; a test that ends one (sign-out, refusal...) gets it back. */
let baselineSessions: (typeof sessions.$inferSelect)[] = [];
const restoreSessions = () => db().insert(sessions).values(baselineSessions).onConflictDoNothing();

// ---------------------------------------------------------------------------------------------
// Outcomes: a status, and for a refusal the error code of the answer.

const OK = '200';
/** Answered 200, acting on the caller's own account: the user's data is untouched. */
const OWN_ONLY = '200 (own account only)';
const CREATED = '201';
const NO_CONTENT = '204';
const BAD_SIGNATURE = '400 bad_signature';
const NOT_THEIR_CARD = '400 invalid_payment_method';
const SIGN_IN_FIRST = '401 unauthorized';
const FORBIDDEN = '403 forbidden';
const DISABLED = '403 account_disabled';
const NOT_BOUGHT = '403 not_bought';
const NOT_FOUND = '404 not_found';
const CONFLICT = '409 conflict';
const WRONG_PASSWORD = '400 wrong_password';
const NOT_THE_ADMINISTRATOR = '403 administrator';
const TWO_FACTOR_ON = '409 two_factor_on';
const TWO_FACTOR_OFF = '409 two_factor_off';
const SIGN_IN_EXPIRED = '401 sign_in_expired';
const PASSKEY_EXPIRED = '400 passkey_expired';
type Outcome =
  | typeof OK
  | typeof OWN_ONLY
  | typeof CREATED
  | typeof NO_CONTENT
  | typeof BAD_SIGNATURE
  | typeof NOT_THEIR_CARD
  | typeof SIGN_IN_FIRST
  | typeof FORBIDDEN
  | typeof DISABLED
  | typeof NOT_BOUGHT
  | typeof NOT_FOUND
  | typeof CONFLICT
  | typeof WRONG_PASSWORD
  | typeof NOT_THE_ADMINISTRATOR
  | typeof TWO_FACTOR_ON
  | typeof TWO_FACTOR_OFF
  | typeof SIGN_IN_EXPIRED
  | typeof PASSKEY_EXPIRED;

/** The same outcome for all six roles. */
const anyone = (outcome: Outcome): Record<Role, Outcome> => ({
  visitor: outcome,
  user: outcome,
  'other user': outcome,
  'disabled user': outcome,
  manager: outcome,
  administrator: outcome,
});
/** Admin panel endpoints: administrator or manager; everyone else refused before any body is read. */
const staffOnly = (ok: Outcome): Record<Role, Outcome> => ({
  visitor: SIGN_IN_FIRST,
  user: FORBIDDEN,
  'other user': FORBIDDEN,
  'disabled user': DISABLED,
  manager: ok,
  administrator: ok,
});
/** Endpoints that act on the signed-in account itself (no id in the path). */
const ownAccount: Record<Role, Outcome> = {
  visitor: SIGN_IN_FIRST,
  user: OK,
  'other user': OWN_ONLY,
  'disabled user': DISABLED,
  manager: OWN_ONLY,
  administrator: OWN_ONLY,
};

/**
 * Something of the user's named by its id (a session, a passkey, an order asked back): anyone
 * else's request answers like one that does not exist, staff's too.
 */
const usersOwn = (ok: Outcome): Record<Role, Outcome> => ({
  visitor: SIGN_IN_FIRST,
  user: ok,
  'other user': NOT_FOUND,
  'disabled user': DISABLED,
  manager: NOT_FOUND,
  administrator: NOT_FOUND,
});

// ---------------------------------------------------------------------------------------------
// Fixtures, made fresh by a row's prepare() when a request consumes what it acts on.

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

let codes = 0;
/** A discount code in capitals, unique to this run. */
const uniqueCode = () => `MATRIX${Date.now().toString(36).toUpperCase()}${++codes}`;

async function freshCode(): Promise<string> {
  const [code] = await db()
    .insert(discountCodes)
    .values({ code: uniqueCode(), kind: 'percent', percent: 10, target: 'cart' })
    .returning({ id: discountCodes.id });
  return code!.id;
}

const codeRow = async (id: string) =>
  (
    await db()
      .select({ kind: discountCodes.kind, active: discountCodes.active })
      .from(discountCodes)
      .where(eq(discountCodes.id, id))
  )[0];

async function freshShoe(): Promise<string> {
  const [shoe] = await db()
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
  await db().insert(stockEntries).values({ shoeId: shoe!.id, size: '9', quantity: 5 });
  return shoe!.id;
}

async function freshBrand(): Promise<string> {
  const [brand] = await db()
    .insert(brands)
    .values({ name: uniqueLetters('Fixture Brand') })
    .returning({ id: brands.id });
  return brand!.id;
}

/** A user row without a password (targets of admin changes, password resets). */
async function freshUser(): Promise<{ id: string; email: string }> {
  const id = crypto.randomUUID();
  const email = `fixture.${id}@matrix.test`;
  await db().insert(users).values({ id, email });
  return { id, email };
}

/** An order of `owner`'s, optionally with one line of `shoeId`. */
async function orderFor(
  owner: { id: string; email: string },
  { status = 'Pending', shoeId }: { status?: 'Pending' | 'Received'; shoeId?: string } = {},
): Promise<{ id: string; idPayment: string; lineId: string }> {
  const idPayment = `pi_matrix_${crypto.randomBytes(8).toString('hex')}`;
  const [order] = await db()
    .insert(orders)
    .values({
      userId: owner.id,
      email: owner.email,
      idPayment,
      amountCents: 5000,
      status,
      receivedAt: status === 'Received' ? new Date() : null,
      firstReceivedAt: status === 'Received' ? new Date() : null,
    })
    .returning({ id: orders.id });
  let lineId = '';
  if (shoeId) {
    const [line] = await db()
      .insert(orderLines)
      .values({
        orderId: order!.id,
        shoeId,
        name: 'Fixture Shoe',
        image: '/uploads/shoes/fixture.webp',
        size: '9',
        quantity: 1,
        unitPriceCents: 5000,
      })
      .returning({ id: orderLines.id });
    lineId = line!.id;
  }
  return { id: order!.id, idPayment, lineId };
}

/** A return the user asked for on a Received order, waiting for the staff's answer. */
async function returnFor(owner: { id: string; email: string }): Promise<Record<string, string>> {
  const order = await orderFor(owner, { status: 'Received', shoeId: anchorShoe });
  const [asked] = await db()
    .insert(returnRequests)
    .values({ orderId: order.id, lines: [{ lineId: order.lineId, quantity: 1 }], reason: 'damaged' })
    .returning({ id: returnRequests.id });
  return { ...order, returnId: asked!.id };
}

const returnStatus = async (id: string) =>
  (
    await db().select({ status: returnRequests.status }).from(returnRequests).where(eq(returnRequests.id, id))
  )[0]?.status;

async function reviewBy(owner: Account, shoeId: string): Promise<string> {
  const [review] = await db()
    .insert(reviews)
    .values({ userId: owner.id, shoeId, review: 'Written for one test.', rating: 3 })
    .returning({ id: reviews.id });
  return review!.id;
}

/** A test-mode payment method of `userId`'s, signed like the app's own (DESIGN.md §2: bound to its owner). */
const paymentMethod = async (userId: string) => (await testPayments.createPaymentMethod(userId, CARD)).id;
const ownerOfMethod = (id: string): string =>
  JSON.parse(Buffer.from(id.replace(/^pm_/, '').split('.')[0]!, 'base64url').toString('utf8')).user;

/** Asks for a reset link for a fresh user and reads its token from the mail. */
async function resetToken(): Promise<{ id: string; email: string; token: string }> {
  const user = await freshUser();
  const asked = await t.app.inject({
    method: 'POST',
    url: '/api/account/forget',
    payload: { email: user.email },
    headers: { origin: TEST_ORIGIN },
    remoteAddress: nextAddress(),
  });
  expect(asked.statusCode, asked.body).toBe(200);
  const [mail] = await db().select().from(mailOutbox).where(eq(mailOutbox.to, user.email));
  const token = decodeURIComponent(mail!.text.match(/reset-password\?token=([\w%-]+)/)![1]!);
  return { ...user, token };
}

/** Runs `action` with `account` enabled (the disabled user's own fixtures are made so). */
async function asEnabled<T>(account: Account, action: () => Promise<T>): Promise<T> {
  const { status } = (await userRow(account.id))!;
  if (status === 'Enabled') return action();
  await db().update(users).set({ status: 'Enabled' }).where(eq(users.id, account.id));
  try {
    return await action();
  } finally {
    await db().update(users).set({ status }).where(eq(users.id, account.id));
  }
}

// ---------------------------------------------------------------------------------------------
// State readers: what a request would change.

const countWhere = async (query: Promise<{ n: number }[]>) => (await query)[0]!.n;
/** Whether the account has two-step sign-in on, and how many authenticator records it has. */
const twoFactorOf = async (id: string) => {
  const [row] = await db().select({ on: users.twoFactorEnabled }).from(users).where(eq(users.id, id));
  const [records] = await db().select({ n: count() }).from(twoFactors).where(eq(twoFactors.userId, id));
  return { on: row!.on, records: records!.n };
};
const userRow = async (id: string) =>
  (
    await db()
      .select({ name: users.name, status: users.status, manager: users.manager, image: users.image })
      .from(users)
      .where(eq(users.id, id))
  )[0];
const passwordOf = async (userId: string) =>
  (
    await db()
      .select({ password: credentials.password })
      .from(credentials)
      .where(and(eq(credentials.userId, userId), eq(credentials.providerId, 'credential')))
  )[0]?.password ?? null;
const sessionCount = (userId: string) =>
  countWhere(db().select({ n: count() }).from(sessions).where(eq(sessions.userId, userId)));
/** Whether the session behind the account's cookie still exists. */
const cookieSessionAlive = async (account: Account) => {
  const ids = baselineSessions.filter((row) => row.userId === account.id).map((row) => row.id);
  return (await countWhere(db().select({ n: count() }).from(sessions).where(inArray(sessions.id, ids)))) > 0;
};
/**
 * Another session of the account (a second device), beside the one the walk signs in with. Always
 * the user's: a disabled account's refusal ends every session it holds, its own second one too.
 */
/** A passkey of `account`'s, stored as better-auth keeps one after a registration. */
async function storedPasskey(account: { id: string }): Promise<Record<string, string>> {
  const id = `matrix-${crypto.randomBytes(8).toString('hex')}`;
  await db()
    .insert(passkeys)
    .values({
      id,
      name: 'Matrix key',
      userId: account.id,
      publicKey: 'cHVibGljLWtleQ',
      credentialID: `credential-${id}`,
      deviceType: 'singleDevice',
    });
  return { passkey: id };
}
const passkeyExists = async (id: string) =>
  (await db().select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.id, id))).length === 1;
/** A WebAuthn answer of the right shape, whose challenge the shop never gave. */
const webAuthnAnswer = (response: Record<string, string>) => ({
  id: 'AAAA',
  rawId: 'AAAA',
  type: 'public-key',
  response,
});

async function secondSession(account: { id: string }): Promise<Record<string, string>> {
  const id = `matrix-${crypto.randomBytes(8).toString('hex')}`;
  await db()
    .insert(sessions)
    .values({
      id,
      token: crypto.randomBytes(24).toString('hex'),
      userId: account.id,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
  return { session: id };
}
const sessionAlive = async (id: string) =>
  (await countWhere(db().select({ n: count() }).from(sessions).where(eq(sessions.id, id)))) > 0;
const usersWithEmail = (email: string) =>
  countWhere(db().select({ n: count() }).from(users).where(eq(users.email, email)));
const mailsTo = (email: string) =>
  countWhere(db().select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.to, email)));
const favoriteCount = (userId: string, shoeId: string) =>
  countWhere(
    db()
      .select({ n: count() })
      .from(favorites)
      .where(and(eq(favorites.userId, userId), eq(favorites.shoeId, shoeId))),
  );
const reviewCount = (shoeId: string) =>
  countWhere(db().select({ n: count() }).from(reviews).where(eq(reviews.shoeId, shoeId)));
const reviewRow = async (id: string) =>
  (
    await db()
      .select({ review: reviews.review, rating: reviews.rating })
      .from(reviews)
      .where(eq(reviews.id, id))
  )[0] ?? null;
/** How many of `userId`'s orders hold `shoeId`. */
const ordersOfShoe = (userId: string, shoeId: string) =>
  countWhere(
    db()
      .select({ n: count() })
      .from(orders)
      .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
      .where(and(eq(orders.userId, userId), eq(orderLines.shoeId, shoeId))),
  );
const orderStatus = async (idPayment: string) =>
  (await db().select({ status: orders.status }).from(orders).where(eq(orders.idPayment, idPayment)))[0]
    ?.status;
const shoeRow = async (id: string) =>
  (
    await db()
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
    await db()
      .select({ size: stockEntries.size, quantity: stockEntries.quantity })
      .from(stockEntries)
      .where(eq(stockEntries.shoeId, id))
      .orderBy(asc(stockEntries.size))
  ).map((entry) => [entry.size, entry.quantity]);
const shoesNamed = (name: string) =>
  countWhere(db().select({ n: count() }).from(shoes).where(eq(shoes.name, name)));
const brandsNamed = (name: string) =>
  countWhere(db().select({ n: count() }).from(brands).where(eq(brands.name, name)));
const brandExists = async (id: string) =>
  (await countWhere(db().select({ n: count() }).from(brands).where(eq(brands.id, id)))) === 1;
const subscribers = (email: string) =>
  countWhere(
    db().select({ n: count() }).from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)),
  );
const unsubscribed = async (token: string) =>
  (
    await db()
      .select({ at: newsletterSubscribers.unsubscribedAt })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.unsubscribeToken, token))
  )[0]!.at !== null;
const contactsNamed = (name: string) =>
  countWhere(db().select({ n: count() }).from(contactMessages).where(eq(contactMessages.name, name)));
const viewsOf = async (route: string) =>
  (
    await db()
      .select({ n: sql<number>`coalesce(sum(${pageViews.views}), 0)`.mapWith(Number) })
      .from(pageViews)
      .where(eq(pageViews.route, route))
  )[0]!.n;

// ---------------------------------------------------------------------------------------------
// The table.

interface Context {
  role: Role;
  /** Who sends the request: undefined for a visitor. */
  actor: Account | undefined;
  /** Whose things the request names: the user's, except for the disabled user, who names their own. */
  owner: Account;
  /** What prepare() made for this test. */
  fixture: Record<string, string>;
}

interface Row {
  /** The route as the app registers it: method and path, parameters in braces. */
  route: string;
  /** What this row asks, when it needs saying (a route may have several rows). */
  note?: string;
  outcomes: Record<Role, Outcome>;
  /** Sent to the PAYMENTS=stripe app (same database and sessions). */
  app?: 'stripe';
  prepare?: (context: Omit<Context, 'fixture'>) => Promise<Record<string, string>>;
  /** The request, without cookie, Origin and address: the walk adds those. */
  request: (context: Context) => InjectOptions | Promise<InjectOptions>;
  /**
   * What the request would change. After a refusal or an OWN_ONLY answer it reads as before;
   * after a success, as `after(before)` (as before when there is no `after`: reads change nothing).
   */
  state?: (context: Context) => Promise<unknown>;
  after?: (context: Context, before: unknown) => unknown;
  /** What a successful answer says. */
  check?: (response: LightMyRequestResponse, context: Context) => void;
}

const get = (url: string): InjectOptions => ({ method: 'GET', url });
const post = (url: string, payload?: object): InjectOptions => ({
  method: 'POST',
  url,
  ...(payload ? { payload } : {}),
});
const put = (url: string, payload: object): InjectOptions => ({ method: 'PUT', url, payload });
const withHeaders = (options: InjectOptions, headers: Record<string, string>): InjectOptions => ({
  ...options,
  headers: { ...(options.headers as Record<string, string> | undefined), ...headers },
});
const del = (url: string, payload?: object): InjectOptions => ({
  method: 'DELETE',
  url,
  ...(payload ? { payload } : {}),
});
const ids = (response: LightMyRequestResponse) =>
  (response.json() as { _id: string }[]).map((item) => item._id);

const shoeForm = (name: string) => ({
  brand: 'Velo',
  name,
  color: 'Green',
  price: '120',
  size: '9',
  q: '4',
  description: 'Light, quick and comfortable.',
});
const webhookEvent = JSON.stringify({
  id: 'evt_matrix',
  object: 'event',
  type: 'payment_intent.succeeded',
  data: { object: {} },
});

const ROWS: Row[] = [
  // Catalogue: public reads.
  {
    route: 'GET /api/shoes',
    outcomes: anyone(OK),
    request: () => get('/api/shoes'),
    check: (response) => expect(ids(response)).toContain(anchorShoe),
  },
  {
    route: 'GET /api/shoes/onSale',
    outcomes: anyone(OK),
    request: () => get('/api/shoes/onSale'),
    check: (response) => expect(ids(response)).toContain(anchorShoe),
  },
  {
    route: 'GET /api/shoes/facets',
    outcomes: anyone(OK),
    request: () => get('/api/shoes/facets?size=9&scope=brand&brand=Velo'),
    check: (response) => {
      const facets = response.json() as {
        sizes: { value: string; count: number }[];
        brands: { value: string }[];
      };
      expect(facets.sizes).toHaveLength(12);
      expect(facets.brands.map((brand) => brand.value)).toEqual(['Velo']);
    },
  },
  {
    route: 'GET /api/shoes/colors',
    outcomes: anyone(OK),
    request: () => get('/api/shoes/colors'),
    check: (response) => expect(response.json()).toContain('Blue'),
  },
  {
    route: 'GET /api/shoes/{id}',
    outcomes: anyone(OK),
    request: () => get(`/api/shoes/${anchorShoe}`),
    check: (response) => expect(response.json()._id).toBe(anchorShoe),
  },
  {
    route: 'GET /api/brands',
    outcomes: anyone(OK),
    request: () => get('/api/brands'),
    check: (response) => expect(ids(response)).toContain(brandId),
  },

  // Newsletter, contact and analytics: public writes; a session (even a disabled one) plays no part.
  {
    route: 'POST /api/mail/newsletter',
    outcomes: anyone(OK),
    prepare: async () => ({ email: uniqueEmail('reader') }),
    request: ({ fixture }) => post('/api/mail/newsletter', { email: fixture.email }),
    state: ({ fixture }) => subscribers(fixture.email!),
    after: () => 1,
  },
  {
    route: 'GET /api/mail/newsletter/unsubscribe',
    note: 'with the token of a welcome mail',
    outcomes: anyone(OK),
    prepare: async () => {
      const token = crypto.randomBytes(18).toString('base64url');
      await db()
        .insert(newsletterSubscribers)
        .values({ email: uniqueEmail('reader'), unsubscribeToken: token });
      return { token };
    },
    request: ({ fixture }) => get(`/api/mail/newsletter/unsubscribe?token=${fixture.token}`),
    state: ({ fixture }) => unsubscribed(fixture.token!),
    after: () => true,
  },
  {
    route: 'POST /api/restock',
    note: 'a sold-out size of a fresh shoe, waited for',
    outcomes: anyone(OK),
    prepare: async () => {
      const shoe = await freshShoe();
      await db().insert(stockEntries).values({ shoeId: shoe, size: '12', quantity: 0 });
      return { shoe, email: uniqueEmail('waiting') };
    },
    request: ({ fixture }) =>
      post('/api/restock', { email: fixture.email, shoeId: fixture.shoe, size: '12' }),
    state: async ({ fixture }) =>
      (await db().select().from(restockRequests).where(eq(restockRequests.shoeId, fixture.shoe!))).length,
    after: () => 1,
  },
  {
    route: 'GET /api/restock/unsubscribe',
    note: 'with the token of a restock mail',
    outcomes: anyone(OK),
    prepare: async () => {
      const shoe = await freshShoe();
      const token = crypto.randomBytes(18).toString('base64url');
      await db()
        .insert(restockRequests)
        .values({ email: uniqueEmail('waiting'), shoeId: shoe, size: '12', unsubscribeToken: token });
      return { shoe, token };
    },
    request: ({ fixture }) => get(`/api/restock/unsubscribe?token=${fixture.token}`),
    state: async ({ fixture }) =>
      (await db().select().from(restockRequests).where(eq(restockRequests.shoeId, fixture.shoe!))).length,
    after: () => 0,
  },
  {
    route: 'POST /api/mail/contactUs',
    outcomes: anyone(OK),
    prepare: async () => ({ name: uniqueLetters('Writer') }),
    request: ({ fixture }) =>
      post('/api/mail/contactUs', {
        name: fixture.name,
        email: 'writer@matrix.test',
        message: 'A question long enough to be sent to the shop.',
      }),
    state: ({ fixture }) => contactsNamed(fixture.name!),
    after: () => 1,
  },
  {
    route: 'POST /api/analytics/page-view',
    outcomes: anyone(NO_CONTENT),
    request: () => post('/api/analytics/page-view', { path: '/TermsOfService' }),
    state: () => viewsOf('/TermsOfService'),
    after: (_context, before) => (before as number) + 1,
  },

  // Accounts.
  {
    route: 'GET /api/account/session',
    outcomes: anyone(OK),
    request: () => get('/api/account/session'),
    // A disabled user's cookie reads as nobody's.
    check: (response, { role, actor }) =>
      expect(response.json().user?._id ?? null).toBe(role === 'disabled user' ? null : (actor?.id ?? null)),
  },
  {
    route: 'GET /api/account/sessions',
    outcomes: ownAccount,
    prepare: () => secondSession(accounts.user),
    request: () => get('/api/account/sessions'),
    // Each role sees its own sessions only: the user's second device is the user's to see.
    check: (response, { role, fixture }) =>
      expect(ids(response).includes(fixture.session!)).toBe(role === 'user'),
  },
  {
    route: 'DELETE /api/account/sessions/{id}',
    note: "the user's other session",
    // Someone else's session answers like one that has ended.
    outcomes: usersOwn(OK),
    prepare: () => secondSession(accounts.user),
    request: ({ fixture }) => del(`/api/account/sessions/${fixture.session}`),
    state: ({ fixture }) => sessionAlive(fixture.session!),
    after: () => false,
  },
  {
    route: 'POST /api/account/sessions/sign-out-others',
    note: "the user's other session stays unless the user asks",
    outcomes: ownAccount,
    prepare: () => secondSession(accounts.user),
    request: () => post('/api/account/sessions/sign-out-others'),
    state: ({ fixture }) => sessionAlive(fixture.session!),
    after: () => false,
  },
  {
    route: 'GET /api/account/providers',
    outcomes: anyone(OK),
    request: () => get('/api/account/providers'),
    check: (response) => expect(response.json()).toEqual({ google: false }),
  },
  {
    route: 'POST /api/account/sign-up',
    note: 'a new address',
    outcomes: anyone(OK),
    prepare: async () => ({ email: uniqueEmail('newcomer') }),
    request: ({ fixture }) => post('/api/account/sign-up', { email: fixture.email, password: 'secret123' }),
    state: ({ fixture }) => usersWithEmail(fixture.email!),
    after: () => 1,
  },
  {
    route: 'POST /api/account/sign-in',
    note: "with their own password; a visitor with the user's",
    outcomes: {
      visitor: OK,
      user: OK,
      'other user': OWN_ONLY,
      'disabled user': DISABLED,
      manager: OWN_ONLY,
      administrator: OWN_ONLY,
    },
    request: ({ actor, owner }) =>
      post('/api/account/sign-in', { email: (actor ?? owner).email, password: (actor ?? owner).password }),
    state: ({ owner }) => sessionCount(owner.id),
    after: (_context, before) => (before as number) + 1,
  },
  {
    route: 'POST /api/account/sign-out',
    outcomes: {
      visitor: OWN_ONLY,
      user: OK,
      'other user': OWN_ONLY,
      'disabled user': OK,
      manager: OWN_ONLY,
      administrator: OWN_ONLY,
    },
    request: () => post('/api/account/sign-out'),
    state: ({ owner }) => cookieSessionAlive(owner),
    after: () => false,
  },
  {
    route: 'POST /api/account/forget',
    note: "another account's address",
    outcomes: anyone(OK),
    prepare: freshUser,
    request: ({ fixture }) => post('/api/account/forget', { email: fixture.email }),
    // The link goes to the account's own address, whoever asks.
    state: ({ fixture }) => mailsTo(fixture.email!),
    after: () => 1,
  },
  {
    route: 'POST /api/account/reset-password',
    note: "with a reset link's token",
    outcomes: anyone(OK),
    prepare: resetToken,
    request: ({ fixture }) =>
      post('/api/account/reset-password', { token: fixture.token, newPassword: 'chosen-again-1' }),
    state: ({ fixture }) => passwordOf(fixture.id!),
    after: () => expect.stringMatching(/^scrypt\$/),
  },
  {
    route: 'PUT /api/account/name',
    outcomes: ownAccount,
    prepare: async () => ({ name: uniqueLetters('Renamed') }),
    request: ({ fixture }) => put('/api/account/name', { name: fixture.name! }),
    state: async ({ owner }) => (await userRow(owner.id))!.name,
    after: ({ fixture }) => fixture.name,
  },
  {
    route: 'PUT /api/account/password',
    note: 'the same password again',
    outcomes: ownAccount,
    request: ({ actor, owner }) =>
      put('/api/account/password', {
        currentPassword: (actor ?? owner).password,
        newPassword: (actor ?? owner).password,
      }),
    state: ({ owner }) => passwordOf(owner.id),
    after: (_context, before) => expect.not.stringContaining(before as string),
  },
  {
    route: 'GET /api/account/data',
    outcomes: ownAccount,
    request: () => get('/api/account/data'),
    // Each role downloads its own data, never the user's.
    check: (response, { owner, actor }) => expect(response.json().profile.id).toBe((actor ?? owner).id),
  },
  {
    route: 'POST /api/account/sign-in/two-factor',
    note: 'a code without a pending sign-in (no password step first)',
    outcomes: anyone(SIGN_IN_EXPIRED),
    request: () => post('/api/account/sign-in/two-factor', { code: '123456' }),
    state: ({ owner }) => sessionCount(owner.id),
  },
  {
    // The walk's staff have two-step sign-in on (the admin panel needs it); the shoppers do not.
    route: 'POST /api/account/two-factor/setup',
    note: 'with a wrong password',
    outcomes: {
      visitor: SIGN_IN_FIRST,
      user: WRONG_PASSWORD,
      'other user': WRONG_PASSWORD,
      'disabled user': DISABLED,
      manager: TWO_FACTOR_ON,
      administrator: TWO_FACTOR_ON,
    },
    request: () => post('/api/account/two-factor/setup', { password: 'not-the-password' }),
    state: ({ owner }) => twoFactorOf(owner.id),
  },
  {
    route: 'POST /api/account/two-factor/confirm',
    note: 'with no setup waiting',
    outcomes: {
      visitor: SIGN_IN_FIRST,
      user: TWO_FACTOR_OFF,
      'other user': TWO_FACTOR_OFF,
      'disabled user': DISABLED,
      manager: TWO_FACTOR_ON,
      administrator: TWO_FACTOR_ON,
    },
    request: () => post('/api/account/two-factor/confirm', { code: '123456' }),
    state: ({ owner }) => twoFactorOf(owner.id),
  },
  ...(['disable', 'recovery-codes'] as const).map((action): Row => ({
    route: `POST /api/account/two-factor/${action}`,
    note: 'with a wrong password',
    outcomes: {
      visitor: SIGN_IN_FIRST,
      user: TWO_FACTOR_OFF,
      'other user': TWO_FACTOR_OFF,
      'disabled user': DISABLED,
      manager: WRONG_PASSWORD,
      administrator: WRONG_PASSWORD,
    },
    request: () => post(`/api/account/two-factor/${action}`, { password: 'not-the-password' }),
    state: async ({ actor, owner }) => twoFactorOf((actor ?? owner).id),
  })),
  {
    route: 'GET /api/account/passkeys',
    outcomes: ownAccount,
    prepare: () => storedPasskey(accounts.user),
    request: () => get('/api/account/passkeys'),
    check: (response, { actor, fixture }) => {
      const ids = (response.json() as { _id: string }[]).map((passkey) => passkey._id);
      expect(ids.includes(fixture.passkey!)).toBe(actor === accounts.user);
    },
  },
  {
    route: 'POST /api/account/passkeys/options',
    note: 'with a wrong password',
    outcomes: {
      visitor: SIGN_IN_FIRST,
      user: WRONG_PASSWORD,
      'other user': WRONG_PASSWORD,
      'disabled user': DISABLED,
      manager: WRONG_PASSWORD,
      administrator: WRONG_PASSWORD,
    },
    request: () => post('/api/account/passkeys/options', { password: 'not-the-password' }),
  },
  {
    route: 'POST /api/account/passkeys',
    note: 'an answer to a challenge the shop never gave',
    outcomes: {
      visitor: SIGN_IN_FIRST,
      user: PASSKEY_EXPIRED,
      'other user': PASSKEY_EXPIRED,
      'disabled user': DISABLED,
      manager: PASSKEY_EXPIRED,
      administrator: PASSKEY_EXPIRED,
    },
    request: () =>
      post('/api/account/passkeys', {
        response: webAuthnAnswer({ clientDataJSON: 'AAAA', attestationObject: 'AAAA' }),
      }),
    state: async ({ owner }) =>
      (await db().select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, owner.id))).length,
  },
  {
    route: 'DELETE /api/account/passkeys/{id}',
    note: "the user's passkey",
    // Someone else's passkey answers like one that is gone.
    outcomes: usersOwn(OK),
    prepare: () => storedPasskey(accounts.user),
    request: ({ fixture }) => del(`/api/account/passkeys/${fixture.passkey}`),
    state: ({ fixture }) => passkeyExists(fixture.passkey!),
    after: () => false,
  },
  {
    route: 'POST /api/account/sign-in/passkey/options',
    outcomes: anyone(OK),
    request: () => post('/api/account/sign-in/passkey/options'),
    check: (response) => expect(response.json()).toMatchObject({ challenge: expect.any(String) }),
  },
  {
    route: 'POST /api/account/sign-in/passkey',
    note: 'an answer to a challenge the shop never gave',
    outcomes: anyone(PASSKEY_EXPIRED),
    request: () =>
      post('/api/account/sign-in/passkey', {
        response: webAuthnAnswer({ clientDataJSON: 'AAAA', authenticatorData: 'AAAA', signature: 'AAAA' }),
      }),
    state: ({ owner }) => sessionCount(owner.id),
  },
  {
    route: 'POST /api/account/delete',
    // The walk's accounts must survive it: a wrong password, refused for all (tests/api/your-data.test.ts
    // deletes accounts); the administrator's refusal comes before the password is looked at.
    note: 'with a wrong password',
    outcomes: {
      visitor: SIGN_IN_FIRST,
      user: WRONG_PASSWORD,
      'other user': WRONG_PASSWORD,
      'disabled user': DISABLED,
      manager: WRONG_PASSWORD,
      administrator: NOT_THE_ADMINISTRATOR,
    },
    request: () => post('/api/account/delete', { password: 'not-the-password' }),
    state: async ({ owner }) => (await userRow(owner.id))!.status,
  },
  {
    route: 'POST /api/account/image',
    outcomes: ownAccount,
    request: async () => {
      const form = await multipart({}, { name: 'me.png', type: 'image/png', bytes: png });
      return { method: 'POST', url: '/api/account/image', payload: form.payload, headers: form.headers };
    },
    state: async ({ owner }) => (await userRow(owner.id))!.image,
    after: ({ owner }) => expect.stringContaining(`/avatars/${owner.id}-`),
  },
  {
    route: 'POST /api/users',
    note: "the sync call, naming the user's email and id in its body",
    outcomes: ownAccount,
    request: ({ owner }) => post('/api/users', { email: owner.email, idUser: owner.id }),
    state: ({ owner }) => userRow(owner.id),
    check: (response, { actor }) => expect(response.json()._id).toBe(actor!.id),
  },

  // Payments and orders.
  {
    route: 'GET /api/payments/config',
    outcomes: anyone(OK),
    request: () => get('/api/payments/config'),
    check: (response) => expect(response.json()).toEqual({ provider: 'test', publishableKey: null }),
  },
  {
    route: 'POST /api/payments/methods',
    outcomes: ownAccount,
    request: () => post('/api/payments/methods', CARD),
    // The method is bound to whoever asked for it: nobody else can pay with it.
    check: (response, { actor }) => expect(ownerOfMethod(response.json().id)).toBe(actor!.id),
  },
  {
    route: 'POST /api/cart/checkout',
    note: 'with their own payment method',
    outcomes: ownAccount,
    prepare: async ({ actor, owner }) => ({
      shoe: await freshShoe(),
      method: await paymentMethod((actor ?? owner).id),
    }),
    request: ({ fixture }) =>
      post('/api/cart/checkout', {
        id: fixture.method,
        shoes: [{ _id: fixture.shoe, size: '9', quantity: 1 }],
        amount: 5000,
      }),
    state: ({ owner, fixture }) => ordersOfShoe(owner.id, fixture.shoe!),
    after: () => 1,
    check: (response, { actor }) => expect(response.json().order.email).toBe(actor!.email),
  },
  {
    route: 'POST /api/cart/checkout',
    note: "paying with the user's payment method",
    outcomes: {
      visitor: SIGN_IN_FIRST,
      user: OK,
      'other user': NOT_THEIR_CARD,
      'disabled user': DISABLED,
      manager: NOT_THEIR_CARD,
      administrator: NOT_THEIR_CARD,
    },
    prepare: async ({ owner }) => ({ shoe: await freshShoe(), method: await paymentMethod(owner.id) }),
    request: ({ fixture }) =>
      post('/api/cart/checkout', {
        id: fixture.method,
        shoes: [{ _id: fixture.shoe, size: '9', quantity: 1 }],
        amount: 5000,
      }),
    state: async ({ owner, fixture }) => ({
      orders: await ordersOfShoe(owner.id, fixture.shoe!),
      stock: await stockOf(fixture.shoe!),
    }),
    after: () => ({ orders: 1, stock: [['9', 4]] }),
  },
  {
    route: 'POST /api/cart/checkout',
    note: "replaying the user's paid checkout with its Idempotency-Key",
    outcomes: {
      visitor: SIGN_IN_FIRST,
      // The first answer again, and no second order.
      user: OK,
      // Never the user's stored answer (their order, their email).
      'other user': CONFLICT,
      'disabled user': DISABLED,
      manager: CONFLICT,
      administrator: CONFLICT,
    },
    prepare: async ({ owner }) => {
      const shoe = await freshShoe();
      const body = {
        id: await paymentMethod(owner.id),
        shoes: [{ _id: shoe, size: '9', quantity: 1 }],
        amount: 5000,
      };
      const key = `matrix-replay-${crypto.randomBytes(8).toString('hex')}`;
      const paid = await asEnabled(owner, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/cart/checkout',
          payload: body,
          headers: { origin: TEST_ORIGIN, cookie: owner.cookie, 'idempotency-key': key },
          remoteAddress: nextAddress(),
        }),
      );
      expect(paid.statusCode, paid.body).toBe(200);
      return { shoe, key, body: JSON.stringify(body), order: paid.json().order._id };
    },
    request: ({ fixture }) => ({
      method: 'POST',
      url: '/api/cart/checkout',
      payload: fixture.body!,
      headers: { 'content-type': 'application/json', 'idempotency-key': fixture.key! },
    }),
    state: async ({ fixture }) => ({
      orders: await countWhere(
        db()
          .select({ n: count() })
          .from(orders)
          .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
          .where(eq(orderLines.shoeId, fixture.shoe!)),
      ),
      stock: await stockOf(fixture.shoe!),
    }),
    check: (response, { fixture }) => expect(response.json().order._id).toBe(fixture.order),
  },
  {
    route: 'POST /api/cart/quote',
    outcomes: anyone(OK),
    request: () => post('/api/cart/quote', { shoes: [{ _id: anchorShoe, size: '9', quantity: 1 }] }),
    check: (response) => expect(response.json()).toMatchObject({ discount: 0, code: null, message: null }),
  },
  {
    route: 'GET /api/cart',
    outcomes: staffOnly(OK),
    request: () => get('/api/cart?limit=4'),
    check: (response) => expect(ids(response).length).toBeGreaterThan(0),
  },
  {
    route: 'GET /api/cart/{userId}',
    note: "the user's orders",
    outcomes: {
      visitor: SIGN_IN_FIRST,
      user: OK,
      'other user': FORBIDDEN,
      'disabled user': DISABLED,
      manager: OK,
      administrator: OK,
    },
    request: ({ owner }) => get(`/api/cart/${owner.id}`),
    check: (response, { owner }) =>
      expect(response.json().map((order: { idPayment: string }) => order.idPayment)).toContain(
        purchaseOf(owner).idPayment,
      ),
  },
  {
    route: 'GET /api/cart/order/{orderId}',
    note: "the user's order",
    outcomes: {
      visitor: SIGN_IN_FIRST,
      user: OK,
      // Someone else's order answers like a missing one.
      'other user': NOT_FOUND,
      'disabled user': DISABLED,
      manager: OK,
      administrator: OK,
    },
    request: ({ owner }) => get(`/api/cart/order/${purchaseOf(owner).orderId}`),
    check: (response, { owner }) => expect(response.json().idPayment).toBe(purchaseOf(owner).idPayment),
  },
  {
    route: 'PUT /api/cart/order/{idPayment}',
    note: "the user's order, to Received",
    outcomes: staffOnly(OK),
    prepare: ({ owner }) => orderFor(owner),
    request: ({ fixture }) => put(`/api/cart/order/${fixture.idPayment}`, { status: 'Received' }),
    state: ({ fixture }) => orderStatus(fixture.idPayment!),
    after: () => 'Received',
  },
  {
    route: 'PUT /api/cart/order/{idPayment}/shipment',
    note: "the user's order, shipped",
    outcomes: staffOnly(OK),
    prepare: ({ owner }) => orderFor(owner),
    request: ({ fixture }) =>
      put(`/api/cart/order/${fixture.idPayment}/shipment`, {
        carrier: 'UPS',
        trackingNumber: '1Z999AA10123456784',
      }),
    state: async ({ fixture }) =>
      (
        await db()
          .select({ carrier: orderShipments.carrier })
          .from(orderShipments)
          .innerJoin(orders, eq(orders.id, orderShipments.orderId))
          .where(eq(orders.idPayment, fixture.idPayment!))
      )[0]?.carrier ?? null,
    after: () => 'UPS',
  },
  {
    route: 'POST /api/cart/order/{idPayment}/refunds',
    note: "part of the user's order, refunded",
    outcomes: staffOnly(OK),
    prepare: ({ owner }) => orderFor(owner),
    request: ({ fixture }) =>
      withHeaders(post(`/api/cart/order/${fixture.idPayment}/refunds`, { reason: 'Matrix', amount: 100 }), {
        'idempotency-key': `matrix-${crypto.randomUUID()}`,
      }),
    state: async ({ fixture }) =>
      (
        await db()
          .select({ amount: orderRefunds.amountCents, status: orderRefunds.status })
          .from(orderRefunds)
          .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
          .where(eq(orders.idPayment, fixture.idPayment!))
      ).map((row) => [row.amount, row.status]),
    after: () => [[100, 'succeeded']],
  },
  {
    route: 'GET /api/cart/order/{idPayment}/events',
    note: "the user's order's audit trail",
    outcomes: staffOnly(OK),
    prepare: ({ owner }) => orderFor(owner),
    request: ({ fixture }) => get(`/api/cart/order/${fixture.idPayment}/events`),
    check: (response) => expect(response.json()).toEqual(expect.any(Array)),
  },
  {
    route: 'POST /api/cart/order/{idPayment}/returns',
    note: "a pair of the user's Received order, asked back",
    // Only the order's shopper asks: anyone else's request answers like a missing order.
    outcomes: usersOwn(CREATED),
    prepare: async ({ owner }) => {
      const order = await orderFor(owner, { status: 'Received', shoeId: anchorShoe });
      return { idPayment: order.idPayment, orderId: order.id, lineId: order.lineId };
    },
    request: ({ fixture }) =>
      post(`/api/cart/order/${fixture.idPayment}/returns`, {
        lines: [{ lineId: fixture.lineId, quantity: 1 }],
        reason: 'wrong_size',
      }),
    state: async ({ fixture }) =>
      (await db().select().from(returnRequests).where(eq(returnRequests.orderId, fixture.orderId!))).length,
    after: () => 1,
  },
  {
    route: 'GET /api/admin/audit',
    outcomes: staffOnly(OK),
    request: () => get('/api/admin/audit?limit=5'),
    check: (response) => expect(response.json().length).toBeLessThanOrEqual(5),
  },
  {
    route: 'GET /api/admin/returns',
    outcomes: staffOnly(OK),
    prepare: ({ owner }) => returnFor(owner),
    request: ({ fixture }) => get(`/api/admin/returns?q=${fixture.idPayment}`),
    check: (response, { fixture }) => expect(ids(response)).toEqual([fixture.returnId]),
  },
  {
    route: 'POST /api/admin/returns/{id}/decision',
    note: "the user's return, approved (a refund of its pair)",
    outcomes: staffOnly(OK),
    prepare: ({ owner }) => returnFor(owner),
    request: ({ fixture }) =>
      post(`/api/admin/returns/${fixture.returnId}/decision`, { decision: 'approve' }),
    state: ({ fixture }) => returnStatus(fixture.returnId!),
    after: () => 'approved',
  },

  // Favorites: keyed by the user's id.
  {
    route: 'GET /api/favorites/{uid}',
    note: "the user's favorites",
    outcomes: {
      visitor: SIGN_IN_FIRST,
      user: OK,
      'other user': FORBIDDEN,
      'disabled user': DISABLED,
      manager: FORBIDDEN,
      administrator: FORBIDDEN,
    },
    request: ({ owner }) => get(`/api/favorites/${owner.id}`),
    check: (response) => expect(ids(response)).toContain(anchorShoe),
  },
  {
    route: 'POST /api/favorites/{uid}',
    note: "to the user's favorites",
    outcomes: {
      visitor: SIGN_IN_FIRST,
      user: OK,
      'other user': FORBIDDEN,
      'disabled user': DISABLED,
      manager: FORBIDDEN,
      administrator: FORBIDDEN,
    },
    prepare: async () => ({ shoe: await freshShoe() }),
    request: ({ owner, fixture }) => post(`/api/favorites/${owner.id}`, { shoeId: fixture.shoe }),
    state: ({ owner, fixture }) => favoriteCount(owner.id, fixture.shoe!),
    after: () => 1,
  },
  {
    route: 'DELETE /api/favorites/{uid}',
    note: "from the user's favorites",
    outcomes: {
      visitor: SIGN_IN_FIRST,
      user: OK,
      'other user': FORBIDDEN,
      'disabled user': DISABLED,
      manager: FORBIDDEN,
      administrator: FORBIDDEN,
    },
    prepare: async ({ owner }) => {
      const shoe = await freshShoe();
      await db().insert(favorites).values({ userId: owner.id, shoeId: shoe });
      return { shoe };
    },
    request: ({ owner, fixture }) => del(`/api/favorites/${owner.id}`, { shoeId: fixture.shoe }),
    state: ({ owner, fixture }) => favoriteCount(owner.id, fixture.shoe!),
    after: () => 0,
  },

  // Reviews.
  {
    route: 'GET /api/reviews/{shoeId}',
    outcomes: anyone(OK),
    request: () => get(`/api/reviews/${anchorShoe}`),
    // Only the user sees their review marked as their own; a disabled user reads as a visitor.
    check: (response, { role, owner }) => {
      const own = (response.json() as { _id: string; own: boolean }[]).filter((review) => review.own);
      expect(own.map((review) => review._id)).toEqual(role === 'user' ? [purchaseOf(owner).reviewId] : []);
    },
  },
  {
    route: 'GET /api/reviews/{shoeId}/eligibility',
    note: 'a shoe the user received',
    outcomes: {
      visitor: SIGN_IN_FIRST,
      user: OK,
      'other user': OK,
      'disabled user': DISABLED,
      manager: OK,
      administrator: OK,
    },
    prepare: async ({ owner }) => {
      const shoe = await freshShoe();
      await orderFor(owner, { status: 'Received', shoeId: shoe });
      return { shoe };
    },
    request: ({ fixture }) => get(`/api/reviews/${fixture.shoe}/eligibility`),
    // Each answers for themselves: only the buyer may review it.
    check: (response, { role }) => expect(response.json().eligible).toBe(role === 'user'),
  },
  {
    route: 'POST /api/reviews/{shoeId}',
    note: 'a shoe the user received',
    outcomes: {
      visitor: SIGN_IN_FIRST,
      user: CREATED,
      'other user': NOT_BOUGHT,
      'disabled user': DISABLED,
      manager: NOT_BOUGHT,
      administrator: NOT_BOUGHT,
    },
    prepare: async ({ owner }) => {
      const shoe = await freshShoe();
      await orderFor(owner, { status: 'Received', shoeId: shoe });
      return { shoe };
    },
    request: ({ fixture }) =>
      post(`/api/reviews/${fixture.shoe}`, { review: 'True to size and comfortable.', rating: 4 }),
    state: ({ fixture }) => reviewCount(fixture.shoe!),
    after: () => 1,
  },
  {
    route: 'PUT /api/reviews/exact/{reviewId}',
    note: "the user's review",
    outcomes: {
      visitor: SIGN_IN_FIRST,
      user: OK,
      'other user': FORBIDDEN,
      'disabled user': DISABLED,
      manager: FORBIDDEN,
      administrator: FORBIDDEN,
    },
    prepare: async ({ owner }) => ({ review: await reviewBy(owner, await freshShoe()) }),
    request: ({ fixture }) =>
      put(`/api/reviews/exact/${fixture.review}`, { review: 'Edited by the matrix.', rating: 2 }),
    state: ({ fixture }) => reviewRow(fixture.review!),
    after: () => ({ review: 'Edited by the matrix.', rating: 2 }),
  },
  {
    route: 'DELETE /api/reviews/exact/{reviewId}',
    note: "the user's review",
    outcomes: {
      visitor: SIGN_IN_FIRST,
      user: OK,
      'other user': FORBIDDEN,
      'disabled user': DISABLED,
      manager: OK,
      administrator: OK,
    },
    prepare: async ({ owner }) => ({ review: await reviewBy(owner, await freshShoe()) }),
    request: ({ fixture }) => del(`/api/reviews/exact/${fixture.review}`),
    state: ({ fixture }) => reviewRow(fixture.review!),
    after: () => null,
  },

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

  // Stripe's webhook (PAYMENTS=stripe): its signature is the only credential that counts.
  {
    route: 'POST /api/payments/stripe/webhook',
    note: 'signed with the webhook secret',
    app: 'stripe',
    outcomes: anyone(OK),
    request: () => ({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      payload: webhookEvent,
      headers: {
        'content-type': 'application/json',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({
          payload: webhookEvent,
          secret: WEBHOOK_SECRET,
        }),
      },
    }),
    check: (response) => expect(response.json()).toEqual({ received: true }),
  },
  {
    route: 'POST /api/payments/stripe/webhook',
    note: 'with a forged signature',
    app: 'stripe',
    outcomes: anyone(BAD_SIGNATURE),
    request: () => ({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      payload: webhookEvent,
      headers: { 'content-type': 'application/json', 'stripe-signature': `t=${Date.now()},v1=forged` },
    }),
  },

  // Probes for a load balancer: public, and they say nothing about anyone.
  {
    route: 'GET /api/health',
    outcomes: anyone(OK),
    request: () => get('/api/health'),
    check: (response) => expect(response.json()).toEqual({ status: 'ok' }),
  },
  {
    route: 'GET /api/ready',
    outcomes: anyone(OK),
    request: () => get('/api/ready'),
    check: (response) =>
      expect(response.json()).toEqual({ status: 'ok', database: 'ok', redis: 'not_configured' }),
  },
];

// ---------------------------------------------------------------------------------------------
// Setup: the catalogue, the six roles, the user's and the disabled user's purchases.

let checks = 0;
let massAssignmentChecks = 0;

async function newAccount(): Promise<Account> {
  const { email, password, cookie, user } = await signUp(t.app);
  return { id: user._id, email, password, cookie };
}

/** A request outside the table: own address, our Origin, the cookie when given. */
const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, cookie?: string) =>
  t.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    remoteAddress: nextAddress(),
  });

/** Buys the anchor shoe through the API, has it marked Received, reviews it and keeps it as a favorite. */
async function shopAs(account: Account): Promise<void> {
  const method = await send('POST', '/api/payments/methods', CARD, account.cookie);
  expect(method.statusCode, method.body).toBe(200);
  const paid = await send(
    'POST',
    '/api/cart/checkout',
    { id: method.json().id, shoes: [{ _id: anchorShoe, size: '9', quantity: 1 }], amount: 9000 },
    account.cookie,
  );
  expect(paid.statusCode, paid.body).toBe(200);
  const { _id: orderId, idPayment } = paid.json().order;
  const received = await send(
    'PUT',
    `/api/cart/order/${idPayment}`,
    { status: 'Received' },
    accounts.administrator.cookie,
  );
  expect(received.statusCode, received.body).toBe(200);
  const review = await send(
    'POST',
    `/api/reviews/${anchorShoe}`,
    { review: 'Comfortable from the first day.', rating: 5 },
    account.cookie,
  );
  expect(review.statusCode, review.body).toBe(201);
  const favorite = await send('POST', `/api/favorites/${account.id}`, { shoeId: anchorShoe }, account.cookie);
  expect(favorite.statusCode, favorite.body).toBe(200);
  purchases.set(account.id, { orderId, idPayment, reviewId: review.json()._id });
}

beforeAll(async () => {
  t = await createTestApp(
    { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SESSION_SECRET },
    { bootstrapAdmin: true },
  );
  stripeDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-matrix-stripe-'));
  const stripeConfig = loadConfig(
    {},
    {
      DATA_DIR: stripeDataDir,
      SEED: 'none',
      LOG_LEVEL: 'silent',
      ADMIN_EMAIL: ADMIN.email,
      SESSION_SECRET,
      PAYMENTS: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_matrix',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      // Nothing here reaches Stripe; should anything try, it finds nobody listening.
      STRIPE_API_URL: 'http://127.0.0.1:9',
    },
  );
  stripeApp = await buildApp({
    config: { ...stripeConfig, webDistDir: path.join(stripeDataDir, 'no-web-build') },
    database: t.database,
    logger: false,
  });
  await stripeApp.ready();

  const catalog = await insertCatalog(
    db(),
    ['Velo'],
    [{ name: 'Anchor Shoe', brand: 'Velo', color: 'Blue', price: 90, onSale: true, sizes: [['9', 50]] }],
  );
  brandId = catalog.brandIds.get('Velo')!;
  anchorShoe = catalog.shoeIds.get('Anchor Shoe')!;
  png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a3' } })
    .png()
    .toBuffer();

  // Staff use the admin API with two-step sign-in on, from a session begun with its code.
  const [administrator] = await db().select().from(users).where(eq(users.email, ADMIN.email));
  accounts.administrator = {
    id: administrator!.id,
    email: ADMIN.email,
    password: ADMIN.password,
    cookie: await staffSession(t.app, ADMIN.email, ADMIN.password),
  };
  accounts.user = await newAccount();
  accounts['other user'] = await newAccount();
  accounts.manager = await newAccount();
  accounts['disabled user'] = await newAccount();
  await db().update(users).set({ manager: true }).where(eq(users.id, accounts.manager.id));
  accounts.manager.cookie = await staffSession(t.app, accounts.manager.email, accounts.manager.password);

  await shopAs(accounts.user);
  await shopAs(accounts['disabled user']);
  await db()
    .update(users)
    .set({ manager: true, status: 'Disabled' })
    .where(eq(users.id, accounts['disabled user'].id));

  baselineSessions = await db()
    .select()
    .from(sessions)
    .where(
      inArray(
        sessions.userId,
        Object.values(accounts).map((account) => account.id),
      ),
    );
  expect(baselineSessions.length).toBeGreaterThanOrEqual(5);
});

afterAll(async () => {
  console.log(
    `authorization matrix: ${checks} endpoint x role checks (${ROWS.length} rows x ${ROLES.length} roles, ` +
      `${new Set(ROWS.map((row) => row.route)).size} routes); mass assignment: ${massAssignmentChecks} bodies checked`,
  );
  await stripeApp?.close();
  await t?.close();
  if (stripeDataDir) fs.rmSync(stripeDataDir, { recursive: true, force: true });
});

// Every test starts with the five signed-in roles' sessions valid (sign-out, password changes and the
// disabled user's refusals end them).
beforeEach(async () => {
  await restoreSessions();
});

// ---------------------------------------------------------------------------------------------
// The walk: each endpoint x role is its own test.

const labelOf = (row: Row) => (row.note ? `${row.route} (${row.note})` : row.route);

describe.each(ROWS.map((row) => [labelOf(row), row] as const))('%s', (_label, row) => {
  it.each(ROLES.map((role) => [role, row.outcomes[role]] as const))('%s gets %s', async (role, outcome) => {
    const actor = role === 'visitor' ? undefined : accounts[role];
    const owner = role === 'disabled user' ? accounts['disabled user'] : accounts.user;
    const fixture = row.prepare ? await row.prepare({ role, actor, owner }) : {};
    const context: Context = { role, actor, owner, fixture };
    const before = row.state ? await row.state(context) : undefined;

    const request = await row.request(context);
    const response = await (row.app === 'stripe' ? stripeApp : t.app).inject({
      ...request,
      headers: { origin: TEST_ORIGIN, ...(actor ? { cookie: actor.cookie } : {}), ...request.headers },
      remoteAddress: nextAddress(),
    });
    checks += 1;

    const [status, code] = outcome.split(' ');
    expect(response.statusCode, response.body).toBe(Number(status));
    if (Number(status) >= 400) {
      expect(response.json().error.code, response.body).toBe(code);
      // Refused: nothing changed.
      if (row.state) expect(await row.state(context)).toEqual(before);
      if (outcome === DISABLED) {
        expect(response.json().error.message).toBe(MESSAGES.identity.disabled);
        // Thrown out: a refused request that needed a session ended every session they held.
        if (row.outcomes.visitor === SIGN_IN_FIRST) expect(await sessionCount(owner.id)).toBe(0);
      }
      return;
    }
    if (row.state) {
      const expected = outcome === OWN_ONLY || !row.after ? before : row.after(context, before);
      expect(await row.state(context)).toEqual(expected);
    }
    row.check?.(response, context);
  });
});

// ---------------------------------------------------------------------------------------------

describe('who may change whom (PUT /api/users/{id})', () => {
  const change = (id: string, body: object, cookie: string) => send('PUT', `/api/users/${id}`, body, cookie);
  const freshManager = async () => {
    const { id } = await freshUser();
    await db().update(users).set({ manager: true }).where(eq(users.id, id));
    return id;
  };
  const statusAndFlag = async (id: string) => {
    const row = await userRow(id);
    return { status: row!.status, manager: row!.manager };
  };

  it('a manager disables a plain user, and enables them again', async () => {
    const { id } = await freshUser();
    const disabled = await change(id, { status: 'Disabled' }, accounts.manager.cookie);
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json()).toMatchObject({ _id: id, status: 'Disabled', manager: false, role: 'user' });
    const enabled = await change(id, { status: 'Enabled' }, accounts.manager.cookie);
    expect(enabled.json()).toMatchObject({ status: 'Enabled' });
    expect(await statusAndFlag(id)).toEqual({ status: 'Enabled', manager: false });
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
      target === 'self'
        ? accounts.manager.id
        : target === 'manager'
          ? await freshManager()
          : (await freshUser()).id;
    const before = await statusAndFlag(id);
    const response = await change(id, body, accounts.manager.cookie);
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json().error).toMatchObject({
      code: 'forbidden',
      message: MESSAGES.admin.managersByAdminOnly,
    });
    expect(await statusAndFlag(id)).toEqual(before);
  });

  it('the administrator appoints, disables and dismisses managers', async () => {
    const { id } = await freshUser();
    const admin = accounts.administrator.cookie;
    expect((await change(id, { manager: true }, admin)).json()).toMatchObject({
      manager: true,
      role: 'manager',
    });
    expect((await change(id, { status: 'Disabled' }, admin)).json()).toMatchObject({
      status: 'Disabled',
      manager: true,
    });
    expect((await change(id, { status: 'Enabled', manager: false }, admin)).json()).toMatchObject({
      status: 'Enabled',
      manager: false,
      role: 'user',
    });
    expect(await statusAndFlag(id)).toEqual({ status: 'Enabled', manager: false });
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
    const adminId = accounts.administrator.id;
    const before = await statusAndFlag(adminId);
    const response = await change(adminId, body, accounts[actor].cookie);
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().error.message).toBe(MESSAGES.admin.cannotDemoteAdmin);
    expect(await statusAndFlag(adminId)).toEqual(before);
    // The administrator still works.
    const still = await send('GET', '/api/admin/stats', undefined, accounts.administrator.cookie);
    expect(still.statusCode).toBe(200);
  });

  it('a manager who is disabled is thrown out: refused, every session ended, no way back in', async () => {
    const manager = await signUp(t.app);
    const admin = accounts.administrator.cookie;
    expect((await change(manager.user._id, { manager: true }, admin)).statusCode).toBe(200);
    const first = await staffSession(t.app, manager.email, manager.password);
    const second = await staffSession(t.app, manager.email, manager.password);
    const listUsers = (cookie: string) => send('GET', '/api/users', undefined, cookie);
    expect((await listUsers(first)).statusCode).toBe(200);
    expect((await listUsers(second)).statusCode).toBe(200);

    expect((await change(manager.user._id, { status: 'Disabled' }, admin)).statusCode).toBe(200);

    const session = await send('GET', '/api/account/session', undefined, first);
    expect(session.json().user).toBeNull();
    const refused = await listUsers(first);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'account_disabled',
      message: MESSAGES.identity.disabled,
    });
    expect(await sessionCount(manager.user._id)).toBe(0);
    // Both sessions are gone: the next requests are a visitor's.
    expect((await listUsers(manager.cookie)).statusCode).toBe(401);
    expect((await listUsers(first)).statusCode).toBe(401);
    expect((await listUsers(second)).statusCode).toBe(401);
    const again = await signIn(t.app, manager.email, manager.password);
    expect(again.statusCode).toBe(403);
    expect(again.json().error.message).toBe(MESSAGES.identity.disabled);
  });
});

// ---------------------------------------------------------------------------------------------

describe('mass assignment: fields a body may not set are ignored or refused, never applied', () => {
  /** Acts in these tests; `victim` (the other user) is who the extra fields name. */
  let shopper: Account;
  let victim: Account;
  const FORGED_ID = '00000000-0000-4000-8000-00000000abcd';
  /** Fields that are no part of the bodies below, naming the victim or granting power. */
  let extras: Record<string, unknown>;

  /** Everything about the victim a forged field could reach. */
  const victimState = async () => ({
    user: await userRow(victim.id),
    password: await passwordOf(victim.id),
    sessions: await sessionCount(victim.id),
    favorites: await countWhere(
      db().select({ n: count() }).from(favorites).where(eq(favorites.userId, victim.id)),
    ),
    reviews: await countWhere(db().select({ n: count() }).from(reviews).where(eq(reviews.userId, victim.id))),
    orders: await countWhere(db().select({ n: count() }).from(orders).where(eq(orders.userId, victim.id))),
  });
  let victimBefore: Awaited<ReturnType<typeof victimState>>;

  beforeAll(async () => {
    shopper = await newAccount();
    victim = accounts['other user'];
    extras = {
      status: 'Disabled',
      manager: true,
      role: 'admin',
      onSale: true,
      price: 1,
      amount: 1,
      idUser: victim.id,
      userId: victim.id,
      uid: victim.id,
      _id: FORGED_ID,
      id: FORGED_ID,
      email: victim.email,
      createdAt: '2000-01-01T00:00:00.000Z',
    };
  });
  beforeEach(async () => {
    // The victim's other sessions come and go with the table's sign-ins; count from here.
    victimBefore = await victimState();
  });
  // Whatever the body said, nothing of the victim's changed.
  const victimUntouched = async () => {
    massAssignmentChecks += 1;
    expect(await victimState()).toEqual(victimBefore);
  };
  const row = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0]!;

  it('sign-up: status, manager, role, name, image, id and verification are not set', async () => {
    const email = uniqueEmail('assigner');
    const { email: _email, ...rest } = extras;
    const response = await send('POST', '/api/account/sign-up', {
      ...rest,
      email,
      password: 'secret123',
      name: 'Chosen Name',
      image: '/uploads/chosen.webp',
      emailVerified: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().user).toMatchObject({ email, status: 'Enabled', manager: false, role: 'user' });
    const [stored] = await db().select().from(users).where(eq(users.email, email));
    expect(stored).toMatchObject({
      status: 'Enabled',
      manager: false,
      emailVerified: false,
      image: null,
      name: email.split('@')[0],
    });
    expect(stored!.id).not.toBe(FORGED_ID);
    expect(stored!.createdAt.getFullYear()).toBeGreaterThan(2000);
    await victimUntouched();
  });

  it('sign-in: extra fields change nothing', async () => {
    const before = await row(shopper.id);
    const response = await send('POST', '/api/account/sign-in', {
      ...extras,
      email: shopper.email,
      password: shopper.password,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().user).toMatchObject({ _id: shopper.id, manager: false, role: 'user' });
    expect(await row(shopper.id)).toEqual(before);
    await victimUntouched();
  });

  it('PUT /api/account/name: only the name of the signed-in user changes', async () => {
    const before = await row(shopper.id);
    const response = await send(
      'PUT',
      '/api/account/name',
      { ...extras, name: 'New Name', image: '/uploads/chosen.webp' },
      shopper.cookie,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().user).toMatchObject({ _id: shopper.id, name: 'New Name', manager: false });
    const after = await row(shopper.id);
    expect(after).toEqual({ ...before, name: 'New Name', updatedAt: after.updatedAt });
    await victimUntouched();
  });

  it('POST /api/users: the body is ignored; the answer is the signed-in user, unchanged', async () => {
    const before = await row(shopper.id);
    const response = await send('POST', '/api/users', extras, shopper.cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      _id: shopper.id,
      email: shopper.email,
      manager: false,
      role: 'user',
    });
    expect(await row(shopper.id)).toEqual(before);
    await victimUntouched();
  });

  it('POST /api/payments/methods: the method belongs to the caller and keeps its card outcome', async () => {
    const declined = { ...CARD, card: { ...CARD.card, number: '4000000000000002' } };
    const response = await send(
      'POST',
      '/api/payments/methods',
      { ...extras, ...declined, user: victim.id, outcome: 'succeeded' },
      shopper.cookie,
    );
    expect(response.statusCode, response.body).toBe(200);
    const id: string = response.json().id;
    expect(ownerOfMethod(id)).toBe(shopper.id);
    expect(JSON.parse(Buffer.from(id.slice(3).split('.')[0]!, 'base64url').toString('utf8')).outcome).toBe(
      'card_declined',
    );
    await victimUntouched();
  });

  it('POST /api/cart/checkout: charged at database prices to the session user, Pending, whatever the body says', async () => {
    const shoe = await freshShoe();
    const method = await paymentMethod(shopper.id);
    const line = { _id: shoe, size: '9', quantity: 2 };
    const tampered = {
      ...line,
      price: 0.01,
      priceCents: 1,
      unitPriceCents: 1,
      name: 'Free Shoe',
      image: '/uploads/chosen.webp',
      onSale: true,
    };
    // The client's own total of its tampered lines is refused: prices changed.
    const cheap = await send(
      'POST',
      '/api/cart/checkout',
      { ...extras, id: method, shoes: [tampered], amount: 2 },
      shopper.cookie,
    );
    expect(cheap.statusCode, cheap.body).toBe(409);
    expect(cheap.json().error.message).toBe(MESSAGES.checkout.pricesChanged);
    expect(await ordersOfShoe(shopper.id, shoe)).toBe(0);
    expect(await stockOf(shoe)).toEqual([['9', 5]]);

    const paid = await send(
      'POST',
      '/api/cart/checkout',
      { ...extras, id: method, idPayment: 'pi_chosen', shoes: [tampered], amount: 10_000 },
      shopper.cookie,
    );
    expect(paid.statusCode, paid.body).toBe(200);
    const [order] = await db().select().from(orders).where(eq(orders.id, paid.json().order._id));
    expect(order).toMatchObject({
      userId: shopper.id,
      email: shopper.email,
      amountCents: 10_000,
      status: 'Pending',
    });
    expect(order!.idPayment).not.toBe('pi_chosen');
    expect(order!.id).not.toBe(FORGED_ID);
    const lines = await db().select().from(orderLines).where(eq(orderLines.orderId, order!.id));
    expect(lines).toEqual([
      expect.objectContaining({
        shoeId: shoe,
        quantity: 2,
        unitPriceCents: 5000,
        name: expect.stringMatching(/^Fixture Shoe /),
        image: '/uploads/shoes/fixture.webp',
      }),
    ]);
    expect(await shoeRow(shoe)).toMatchObject({ priceCents: 5000, onSale: false });
    expect(await stockOf(shoe)).toEqual([['9', 3]]);
    await victimUntouched();
  });

  it('POST and DELETE /api/favorites/{uid}: extra fields are refused (400), nobody gains or loses one', async () => {
    const shoe = await freshShoe();
    const added = await send(
      'POST',
      `/api/favorites/${shopper.id}`,
      { shoeId: shoe, userId: victim.id, uid: victim.id },
      shopper.cookie,
    );
    expect(added.statusCode, added.body).toBe(400);
    expect(await favoriteCount(shopper.id, shoe)).toBe(0);
    await db().insert(favorites).values({ userId: shopper.id, shoeId: shoe });
    const removed = await send(
      'DELETE',
      `/api/favorites/${shopper.id}`,
      { shoeId: shoe, userId: victim.id },
      shopper.cookie,
    );
    expect(removed.statusCode, removed.body).toBe(400);
    expect(await favoriteCount(shopper.id, shoe)).toBe(1);
    await victimUntouched();
  });

  it("POST /api/reviews/{shoeId}: another user's idUser is ignored; the review is the session user's", async () => {
    const shoe = await freshShoe();
    const elsewhere = await freshShoe();
    await orderFor(shopper, { status: 'Received', shoeId: shoe });
    const response = await send(
      'POST',
      `/api/reviews/${shoe}`,
      { ...extras, review: 'Bought, received, reviewed.', rating: 4, shoeId: elsewhere, own: false },
      shopper.cookie,
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ own: true, rating: 4 });
    const stored = await db().select().from(reviews).where(eq(reviews.shoeId, shoe));
    expect(stored).toEqual([expect.objectContaining({ userId: shopper.id, shoeId: shoe, rating: 4 })]);
    expect(stored[0]!.id).not.toBe(FORGED_ID);
    expect(stored[0]!.createdAt.getFullYear()).toBeGreaterThan(2000);
    expect(await reviewCount(elsewhere)).toBe(0);
    await victimUntouched();
  });

  it('PUT /api/reviews/exact/{reviewId}: only text and rating change; author, shoe and other reviews stay', async () => {
    const shoe = await freshShoe();
    const elsewhere = await freshShoe();
    const mine = await reviewBy(shopper, shoe);
    const theirs = await reviewBy(victim, elsewhere);
    victimBefore = await victimState();
    const response = await send(
      'PUT',
      `/api/reviews/exact/${mine}`,
      { ...extras, _id: theirs, id: theirs, shoeId: elsewhere, review: 'Changed my mind.', rating: 5 },
      shopper.cookie,
    );
    expect(response.statusCode, response.body).toBe(200);
    const [stored] = await db().select().from(reviews).where(eq(reviews.id, mine));
    expect(stored).toMatchObject({ userId: shopper.id, shoeId: shoe, review: 'Changed my mind.', rating: 5 });
    expect(await reviewRow(theirs)).toEqual({ review: 'Written for one test.', rating: 3 });
    await victimUntouched();
  });

  it("PUT /api/account/password: changes the caller's password only", async () => {
    const before = await passwordOf(shopper.id);
    const response = await send(
      'PUT',
      '/api/account/password',
      { ...extras, currentPassword: shopper.password, newPassword: 'a-new-secret-1' },
      shopper.cookie,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(await passwordOf(shopper.id)).not.toBe(before);
    expect((await row(shopper.id)).manager).toBe(false);
    shopper = { ...shopper, password: 'a-new-secret-1', cookie: cookieFrom(response) };
    await victimUntouched();
  });

  it("POST /api/account/reset-password: the token's account gets the password, nobody else", async () => {
    const { id, token } = await resetToken();
    const response = await send('POST', '/api/account/reset-password', {
      ...extras,
      token,
      newPassword: 'reset-secret-1',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await passwordOf(id)).toMatch(/^scrypt\$/);
    expect((await row(id)).manager).toBe(false);
    await victimUntouched();
  });

  it("POST /api/mail/newsletter: the token and the subscription state are the server's", async () => {
    const email = uniqueEmail('reader');
    const response = await send('POST', '/api/mail/newsletter', {
      ...extras,
      email,
      unsubscribeToken: 'chosen-token',
      unsubscribedAt: '2000-01-01T00:00:00.000Z',
    });
    expect(response.statusCode, response.body).toBe(200);
    const [stored] = await db()
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, email));
    expect(stored!.unsubscribeToken).not.toBe('chosen-token');
    expect(stored!.unsubscribedAt).toBeNull();
    expect(stored!.id).not.toBe(FORGED_ID);
    await victimUntouched();
  });

  it("POST /api/mail/contactUs: id and date are the server's", async () => {
    const name = uniqueLetters('Writer');
    const response = await send('POST', '/api/mail/contactUs', {
      ...extras,
      name,
      email: 'writer@matrix.test',
      message: 'A question long enough to be sent to the shop.',
    });
    expect(response.statusCode, response.body).toBe(200);
    const [stored] = await db().select().from(contactMessages).where(eq(contactMessages.name, name));
    expect(stored!.id).not.toBe(FORGED_ID);
    expect(stored!.createdAt.getFullYear()).toBeGreaterThan(2000);
    await victimUntouched();
  });

  it('POST /api/analytics/page-view: a body with more than a path is refused (400) and not counted', async () => {
    const before = await viewsOf('/admin');
    const response = await send('POST', '/api/analytics/page-view', {
      path: '/admin',
      views: 1000,
      day: '2000-01-01',
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(await viewsOf('/admin')).toBe(before);
    massAssignmentChecks += 1;
  });

  it.each([
    [
      'PUT /api/users/{id} with role and email',
      'users',
      { status: 'Enabled', role: 'admin', email: 'x@y.z' },
    ],
    ['PUT /api/cart/order/{idPayment} with amount and userId', 'order', { status: 'Received', amount: 1 }],
    ['PUT /api/admin/onsale/{id} with price', 'shoe', { onSale: true, price: 1 }],
  ] as const)(
    'admin bodies are strict: %s is refused (400), nothing changes',
    async (_label, target, body) => {
      const admin = accounts.administrator.cookie;
      if (target === 'users') {
        const { id } = await freshUser();
        const response = await send('PUT', `/api/users/${id}`, body, admin);
        expect(response.statusCode, response.body).toBe(400);
        expect(await row(id)).toMatchObject({
          status: 'Enabled',
          manager: false,
          email: expect.stringMatching(/^fixture\./),
        });
      } else if (target === 'order') {
        const order = await orderFor(shopper);
        const response = await send(
          'PUT',
          `/api/cart/order/${order.idPayment}`,
          { ...body, userId: victim.id },
          admin,
        );
        expect(response.statusCode, response.body).toBe(400);
        expect(await orderStatus(order.idPayment)).toBe('Pending');
      } else {
        const shoe = await freshShoe();
        const response = await send('PUT', `/api/admin/onsale/${shoe}`, body, admin);
        expect(response.statusCode, response.body).toBe(400);
        expect(await shoeRow(shoe)).toMatchObject({ onSale: false, priceCents: 5000 });
      }
      await victimUntouched();
    },
  );
});

// ---------------------------------------------------------------------------------------------

describe('the table', () => {
  /**
   * API routes with no row: the OpenAPI document and its browsable UI (public, read-only, generated).
   * Routes outside /api (uploaded images, the web app's pages, robots.txt, sitemaps) are public
   * pages and files, not API endpoints.
   */
  const NOT_IN_TABLE = /^\/api\/docs(\/|$)/;
  const asInTable = (route: string) => route.replace(/:(\w+)/g, '{$1}');

  it('has a row for every API route the app registers, and no row for a route it does not', async () => {
    const api = [...registered].filter((route) => {
      const url = route.split(' ')[1]!;
      return url.startsWith('/api/') && !NOT_IN_TABLE.test(url);
    });
    // HEAD is answered by the GET handler of the same path.
    for (const head of api.filter((route) => route.startsWith('HEAD '))) {
      expect(api, head).toContain(head.replace(/^HEAD /, 'GET '));
    }
    const routes = new Set(api.filter((route) => !route.startsWith('HEAD ')).map(asInTable));
    expect(routes.size).toBeGreaterThan(40);
    expect(routes).toContain('POST /api/payments/stripe/webhook');
    const rows = new Set(ROWS.map((row) => row.route));
    expect(
      [...routes].filter((route) => !rows.has(route)),
      'routes without a row',
    ).toEqual([]);
    expect(
      [...rows].filter((route) => !routes.has(route)),
      'rows of no route',
    ).toEqual([]);
    // docs/modules.md names the module of every route, as the code writes it (`:param`).
    const index = fs.readFileSync(path.join(ROOT_DIR, 'docs', 'modules.md'), 'utf8');
    expect(
      api.filter((route) => !route.startsWith('HEAD ') && !index.includes(`\`${route}\``)),
      'routes docs/modules.md does not name',
    ).toEqual([]);

    // The OpenAPI document lists nothing the table misses either.
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.entries(document.paths).flatMap(([url, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${url}`),
    );
    expect(documented.length).toBeGreaterThan(30);
    expect(
      documented.filter((route) => !rows.has(route)),
      'documented routes without a row',
    ).toEqual([]);
  });
});
