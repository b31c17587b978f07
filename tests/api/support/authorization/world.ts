/**
 * The shop the authorization matrix walks: one app with an administrator, the same shop with
 * PAYMENTS=stripe on the same database (it adds Stripe's webhook), a catalogue, the five signed-in
 * roles and the purchases of the user and the disabled user. Each file of the matrix sets up its own.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { buildApp } from '../../../../src/server/app.js';
import { loadConfig } from '../../../../src/server/config.js';
import { sessions, users } from '../../../../src/server/db/schema.js';
import { createTestPaymentProvider } from '../../../../src/server/payments/test-payment-provider.js';
import { paymentMethodBody } from '../../../fixtures/payment.js';
import { insertCatalog } from '../catalog-fixture.js';
import { signUp, TEST_ORIGIN } from '../session.js';
import { staffSession } from '../staff.js';
import { createTestApp, type TestApp } from '../test-app.js';
import type { SignedInRole, Account } from './roles.js';

export const ADMIN = { email: 'owner@matrix.test', password: 'owner-password' };
/** Known, so that a second app shares the sessions and payment methods can be minted for anyone. */
export const SESSION_SECRET = 'authorization-matrix-session-secret-0123456789';
export const WEBHOOK_SECRET = 'whsec_matrix_secret';
export const CARD = paymentMethodBody();

export let t: TestApp;
/** The same shop with PAYMENTS=stripe on the same database: it adds Stripe's webhook. */
export let stripeApp: FastifyInstance;
export let stripeDataDir: string;
export let png: Buffer;
export let brandId: string;
/** A shoe the user and the disabled user bought (Received), reviewed and keep among favorites. */
export let anchorShoe: string;

export const db = () => t.database.db;
export const testPayments = createTestPaymentProvider(SESSION_SECRET);

let addresses = 0;
/** Each request from its own address: per-address rate limits are not what this file is about. */
export const nextAddress = () => `10.77.${Math.floor(addresses / 250) % 250}.${(addresses++ % 250) + 1}`;

export const accounts = {} as Record<SignedInRole, Account>;
export const purchases = new Map<string, { orderId: string; idPayment: string; reviewId: string }>();
export const purchaseOf = (account: Account) => purchases.get(account.id)!;

/** The sessions of the five signed-in roles; a test that ends one (sign-out, refusal...) gets it back. */
export let baselineSessions: (typeof sessions.$inferSelect)[] = [];
export const restoreSessions = () => db().insert(sessions).values(baselineSessions).onConflictDoNothing();

export async function newAccount(): Promise<Account> {
  const { email, password, cookie, user } = await signUp(t.app);
  return { id: user._id, email, password, cookie };
}

/** A request outside the table: own address, our Origin, the cookie when given. */
export const send = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  cookie?: string,
) =>
  t.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    remoteAddress: nextAddress(),
  });

/** Buys the anchor shoe through the API, has it marked Received, reviews it and keeps it as a favorite. */
export async function shopAs(account: Account): Promise<void> {
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

/** The two apps alone, before anyone signs in: enough for the check that every route has a row. */
export async function openApps(): Promise<void> {
  t = await createTestApp(
    {
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SESSION_SECRET,
      // The webhook rows register a local sink nobody listens on (rows/webhooks.ts).
      WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
    },
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
}

/** The catalogue, the six roles, the user's and the disabled user's purchases. */
async function populate(): Promise<void> {
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
}

export async function closeApps(): Promise<void> {
  await stripeApp?.close();
  await t?.close();
  if (stripeDataDir) fs.rmSync(stripeDataDir, { recursive: true, force: true });
}

/** The hooks of a matrix file: the shop up before its tests, down after them. */
export function useMatrixShop(): void {
  beforeAll(async () => {
    await openApps();
    await populate();
  });
  afterAll(closeApps);
  // Every test starts with the five signed-in roles' sessions valid (sign-out, password changes and the
  // disabled user's refusals end them).
  beforeEach(async () => {
    await restoreSessions();
  });
}
