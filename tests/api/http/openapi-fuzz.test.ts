// One file because the fuzzing needs one live shop whose ids, sessions and passwords it restores
// between runs; the value generators already live apart in support/fuzz/.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import sharp from 'sharp';
import {
  and,
  asc,
  count,
  eq,
  gt,
  inArray,
  isNull,
  like,
  ne,
  notExists,
  or,
  type AnyColumn,
} from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import {
  accounts,
  brands,
  cartReminders,
  discountCodes,
  newsletterSubscribers,
  orderLines,
  orders,
  reviews,
  savedAddresses,
  sessions,
  shippingMethods,
  shoeImages,
  shoes,
  stockEntries,
  taxRates,
  twoFactors,
  users,
  verifications,
  webhookDeliveries,
  webhookEndpoints,
} from '../../../src/server/db/schema.js';
import {
  asText,
  DEEP_JSON_TEXTS,
  EXTRA_KEYS,
  invalidValue,
  nastyString,
  nastyValue,
  privilegedValue,
  validValue,
  type Hints,
  type JsonSchema,
} from '../support/fuzz/arbitraries.js';
import { changedTables, fingerprint, type Fingerprint } from '../support/fuzz/db-fingerprint.js';
import { ensureDrops } from '../support/fuzz/drop-fixtures.js';
import { formOf, type FormBody, type SampleFiles } from '../support/fuzz/forms.js';
import {
  operationsOf,
  urlOf,
  type OpenApiDocument,
  type Operation,
  type Parameter,
} from '../support/fuzz/openapi.js';
import { createResponseChecker, type Answer } from '../support/fuzz/response-check.js';
import { resolveSessionSecret } from '../../../src/server/auth/session-secret.js';
import { createLinkTokens } from '../../../src/server/modules/cart-reminders/service.js';
import { DECLINED_CARD_NUMBER, paymentMethodBody, TEST_CARD_NUMBER } from '../../fixtures/payment.js';
import { insertCatalog } from '../support/catalog-fixture.js';
import { multipart } from '../support/multipart.js';
import { signUp, TEST_ORIGIN } from '../support/session.js';
import { createStaffTestApp } from '../support/staff-test-app.js';

/**
 * Property-based fuzzing driven by the live OpenAPI document (issue 7, item 2).
 * For every documented operation, fast-check generates requests from the
 * operation's parameters and request body (valid values from their schemas,
 * and invalid ones: wrong types, nulls, missing and extra fields, 100k-character
 * strings, unicode, NUL, huge and negative numbers, SQL, HTML, path traversal,
 * prototype keys) and sends them as the administrator, a plain user or a
 * visitor. Every answer must:
 * - not be a 5xx;
 * - have a status the operation declares, with a body matching its schema;
 * - if it is a 4xx, leave the database as it was (db-fingerprint.ts).
 * Runs are reproducible: one fixed seed, a fixed number of runs per operation.
 */

const SEED = 0x5eed_2607;
/**
 * An operation's own seed, from its name: a new operation elsewhere in the document does not change
 * what any other operation is sent (with the index as seed, one new route shifted every later one's).
 */
const seedOf = (name: string) =>
  [...name].reduce((hash, character) => (Math.imul(hash, 31) + character.charCodeAt(0)) | 0, SEED);
/**
 * Runs per operation. FUZZ_RUNS asks for fewer or more: CI's second pass on PostgreSQL (.ci/run) sends
 * 40 (76 s there, every operation still answering a 2xx), since PGlite is the same PostgreSQL and that pass
 * is for what the driver and the server do differently.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 70);
/** Sign-up, sign-in and password changes hash with scrypt (about 100 ms each): fewer runs. */
const HASHING_RUNS = Math.min(20, RUNS);
/** Uploads go through sharp. */
const UPLOAD_RUNS = Math.min(40, RUNS);

const ADMIN = { email: 'admin@fuzz.test', password: 'admin-fuzz-password' };

/** The operations of the OpenAPI document: a route added or removed changes this (and docs/reliability.md). */
const OPERATIONS = 150;

/**
 * States given a sales tax before each operation (a fuzzed removal takes one away): none the fuzzed
 * checkouts deliver to, whose amounts are the untaxed prices.
 */
const TAXED_STATES = ['TX', 'WA', 'OR'];

/** Where fuzzed webhooks point: allowed (WEBHOOK_ALLOWED_HOSTS), and nobody listens there. */
const WEBHOOK_SINK = 'http://127.0.0.1:9/fuzz';

/**
 * Operations the fuzzed requests do not reliably get a 2xx from, each with the reason and the test
 * that proves their success instead. Every other operation must answer a 2xx at least once, or the
 * code behind its validation went untested: generated checkouts include whole carts priced as the
 * server prices them, and generated reviews name shoes the shopper received.
 */
const CANNOT_SUCCEED: Record<string, string> = {
  'POST /api/restock':
    'waits only for a sold-out size of an existing shoe, and allows 5 requests a minute per address ' +
    '(tests/api/restock/restock.test.ts waits, mails and refuses)',
  'POST /api/account/verify-email':
    'its token is a JWT signed with the shop’s secret that only the sign-up’s mail carries ' +
    '(tests/api/accounts/email-verification.test.ts confirms with the mailed link and refuses altered tokens)',
  'POST /api/favorite-alerts/unsubscribe':
    "its token is signed with the shop's secret for one account (tests/api/favorites/favorite-alerts.test.ts " +
    'unsubscribes with the mail’s link and refuses a forged token)',
  'POST /api/cart/order/{idPayment}/refunds':
    'a refund needs the administrator, a real order and an amount or lines within what is left of it ' +
    '(tests/api/fulfilment/refunds.test.ts and stripe-refunds.test.ts refund, race and retry)',
  'POST /api/cart/order/{idPayment}/returns':
    'a return needs the shopper’s own order, marked Received less than 30 days ago, and lines of it with ' +
    'pairs left (tests/api/returns/returns.test.ts asks, refuses and races)',
  'POST /api/admin/returns/{id}/decision':
    'a decision needs the id of a return a shopper asked for (tests/api/returns/returns.test.ts approves, rejects, ' +
    'races and retries)',
  'DELETE /api/account/sessions/{id}':
    'it ends another session of the signed-in user, whose random id only that user can list ' +
    '(tests/api/sessions/sessions.test.ts signs devices out)',
  'POST /api/account/delete':
    "the fuzzed shopper must survive the run, so only a wrong password and the administrator's are sent, " +
    'and the administrator can never delete its own (tests/api/your-data/your-data.test.ts deletes accounts and ' +
    'checks what stays)',
  'POST /api/account/sign-in/two-factor':
    'the second step needs the cookie of a sign-in that asked for it and the current code of the ' +
    'account’s authenticator (tests/api/two-factor/two-factor.test.ts signs in with codes and recovery codes)',
  'POST /api/account/two-factor/disable':
    'only the staff have it on in the fuzz’s shop (a shopper gets 409), so it needs the administrator’s session ' +
    'and password among the first 10 requests an address may send a minute, which few seeds give ' +
    '(tests/api/two-factor/two-factor.test.ts turns it off for a shopper and a manager)',
  'POST /api/account/two-factor/confirm':
    'it needs the current code of a secret just set up, which only an authenticator app computes ' +
    '(tests/api/two-factor/two-factor.test.ts turns two-step sign-in on)',
  'POST /api/account/passkeys':
    'it takes a WebAuthn answer that an authenticator signed for a challenge the shop just gave ' +
    '(tests/e2e/passkeys.spec.ts adds passkeys with Chromium’s virtual authenticator)',
  'POST /api/account/sign-in/passkey':
    'it takes an assertion signed by a registered passkey for a fresh challenge ' +
    '(tests/e2e/passkeys.spec.ts signs in with one)',
  'DELETE /api/account/passkeys/{id}':
    'it needs the id of one of the signed-in user’s passkeys, made only by an authenticator ' +
    '(tests/api/passkeys/passkeys.test.ts removes them, and never another’s)',
  'POST /api/admin/imports':
    'an upload needs a CSV whose first line names every column of the format, which random files never do ' +
    '(tests/api/catalog-admin/catalogue-import.test.ts uploads, previews, applies and refuses files)',
  'GET /api/admin/imports/{id}':
    'it needs the id of an import, made only by an upload the fuzz cannot make ' +
    '(tests/api/catalog-admin/catalogue-import.test.ts follows imports to their report)',
  'POST /api/admin/imports/{id}/apply':
    'it needs an import previewed without errors (tests/api/catalog-admin/catalogue-import.test.ts and ' +
    'catalogue-import-postgres.test.ts apply, resume and race them)',
  'POST /api/admin/imports/{id}/cancel':
    'it needs an import waiting after its preview (tests/api/authorization/catalogue-import.test.ts cancels one per role)',
  'POST /api/admin/shoes/bulk':
    'a bulk apply names every shoe of its selection with the version a preview just read, and any shoe ' +
    'changed since refuses it (tests/api/catalog-admin/bulk-edit.test.ts applies each action)',
  'POST /api/drops/{id}/entries':
    'an entry needs an open draw, a shopper whose email is verified, a card they saved and an address, once ' +
    'per person, card and address (tests/api/drops/draw.test.ts enters, refuses and flags)',
  'POST /api/drops/{id}/queue':
    'a place needs a first-come drop whose waiting room is open and a shopper whose email is confirmed; the ' +
    'fuzz’s drops are draws (tests/api/drops/waiting-room.test.ts joins, early and late)',
  'GET /api/drops/{id}/queue':
    'it answers the place in a cookie signed with the shop’s secret that only joining sets ' +
    '(tests/api/drops/waiting-room.test.ts polls, and refuses altered places and other drops’)',
  'POST /api/drops/{id}/purchase':
    'it needs that signed place, let in and within its time to pay, a confirmed shopper and their card ' +
    '(tests/api/drops/waiting-room.test.ts buys, refuses, races and gives declined pairs back)',
  'PUT /api/admin/drops/{id}':
    'a change names the drop’s own shoe, and the fuzz’s drops are of shoes without stock (so no fuzzed checkout ' +
    'sells them): their pairs are always past the stock (tests/api/drops/drop-edit.test.ts changes and refuses)',
  'PUT /api/shoes/{id}':
    'a modify goes through only as the administrator, with the shoe’s current version and seven ' +
    'letters-only fields at once: 1 in 40 upload runs at best (tests/api/catalog-admin/catalog-admin.test.ts modifies shoes)',
};

type Role = 'admin' | 'user' | 'visitor';
type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  /** JSON text sent as is (too deep for JSON.stringify inside fast-check). */
  | { kind: 'raw'; text: string }
  | { kind: 'form'; form: FormBody };

interface FuzzRequest {
  role: Role;
  path: Record<string, string>;
  query: [string, string][];
  headers: Record<string, string>;
  body: Body;
}

// ---------------------------------------------------------------------------------------------
// The shop under test: an administrator, two users (one with a Received order and a review), a
// catalogue; the OpenAPI document is read from the app itself.
// ---------------------------------------------------------------------------------------------

// Webhooks go to a local sink nobody listens on (WEBHOOK_SINK): nothing is delivered anywhere.
// Favorite alerts wait a day before their mail: a digest sent at a random moment of the run would
// change mail_outbox between a refused request's two fingerprints.
const { t, admin: adminCookie } = await createStaffTestApp(ADMIN, {
  env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', FAVORITE_ALERT_WINDOW: '1d' },
});
const { db } = t.database;

const documentAnswer = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
const document = documentAnswer.json() as OpenApiDocument;
const operations = operationsOf(document);
const checkResponse = createResponseChecker();

await insertCatalog(
  db,
  ['Stride', 'Velo'],
  [
    {
      name: 'Storm Court',
      brand: 'Velo',
      color: 'Blue',
      price: 90,
      sizes: [
        ['9', 50],
        ['10', 5],
      ],
    },
    { name: 'Cloud Runner', brand: 'Stride', color: 'Red', price: 120, onSale: true, sizes: [['9.5', 8]] },
    { name: 'Ember High', brand: 'Stride', color: 'Black', price: 75, sizes: [['8', 0]] },
  ],
);
const [adminRow] = await db.select({ id: users.id }).from(users).where(eq(users.email, ADMIN.email));
const shopper = await signUp(t.app);
const other = await signUp(t.app);
const cookies: Record<Role, string | undefined> = {
  admin: adminCookie,
  user: shopper.cookie,
  visitor: undefined,
};
const fixedUserIds = [shopper.user._id, other.user._id];
let refills = 0;
/** Card payment methods of the shopper, for generated checkouts. */
const paymentMethods = await Promise.all([1, 2, 3].map(() => paymentMethod(shopper.cookie)));
/**
 * The cart reminders' links (issue 35 item 2), signed as modules/cart-reminders signs them with the
 * shop's session secret: unsubscribes of the two shoppers, and the restore link of a reminder sent to
 * the shopper (ensureFixtures keeps it, naming a shoe in stock).
 */
const linkTokens = createLinkTokens(resolveSessionSecret(t.config.SESSION_SECRET, t.config.dataDir));
const reminderLinks = {
  unsubscribe: fixedUserIds.map((u) => linkTokens.sign({ p: 'unsubscribe', u })),
  restore: [] as string[],
};
await ensureFixtures();
/** Sessions ended by a fuzzed sign-out, password change or disabled account come back before the next request. */
const savedSessions = await db.select().from(sessions);
/** Passwords changed by a fuzzed password change or reset come back too. */
const savedPasswords = await db.select({ id: accounts.id, password: accounts.password }).from(accounts);
/** So does the administrator's two-step sign-in, which a fuzzed disable (with the right password) turns off. */
const savedTwoFactors = await db.select().from(twoFactors);

const samples: SampleFiles = {
  png: await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c33' } })
    .png()
    .toBuffer(),
  jpeg: await sharp({ create: { width: 48, height: 64, channels: 3, background: '#36c' } })
    .jpeg()
    .toBuffer(),
};

function post(method: 'POST' | 'PUT', url: string, cookie: string, payload: object) {
  return t.app.inject({ method, url, payload, headers: { cookie, origin: TEST_ORIGIN } });
}

/** The fixtures' own requests answer as the document says too (their successes are rare when fuzzing). */
function expectDeclared(name: string, answer: Answer, status: number) {
  const operation = operations.find((candidate) => candidate.name === name);
  expect(operation, name).toBeDefined();
  expect(answer.statusCode, answer.body).toBe(status);
  expect(checkResponse(operation!, answer)).toEqual([]);
}

async function paymentMethod(cookie: string): Promise<string> {
  const answer = await post('POST', '/api/payments/methods', cookie, paymentMethodBody());
  expectDeclared('POST /api/payments/methods', answer, 200);
  return answer.json().id as string;
}

/** SQL: the shopper has not reviewed the shoe in `shoeId`. */
function notReviewedByShopper(shoeId: AnyColumn) {
  return notExists(
    db
      .select({ id: reviews.id })
      .from(reviews)
      .where(and(eq(reviews.userId, shopper.user._id), eq(reviews.shoeId, shoeId))),
  );
}

/** Shoes the shopper received and has not reviewed yet: they may review these (201). */
async function reviewable(): Promise<string[]> {
  const rows = await db
    .selectDistinct({ shoeId: orderLines.shoeId })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .innerJoin(shoes, eq(shoes.id, orderLines.shoeId))
    .where(
      and(
        eq(orders.userId, shopper.user._id),
        eq(orders.status, 'Received'),
        notReviewedByShopper(orderLines.shoeId),
      ),
    );
  return rows.map((row) => row.shoeId!);
}

/** The shopper buys a shoe in stock they have not reviewed; the administrator marks it Received. */
async function buyReceived(): Promise<string> {
  const [line] = await db
    .select({ shoeId: stockEntries.shoeId, size: stockEntries.size, priceCents: shoes.priceCents })
    .from(stockEntries)
    .innerJoin(shoes, eq(shoes.id, stockEntries.shoeId))
    .where(and(gt(stockEntries.quantity, 0), notReviewedByShopper(stockEntries.shoeId)))
    .limit(1);
  const paid = await post('POST', '/api/cart/checkout', shopper.cookie, {
    id: await paymentMethod(shopper.cookie),
    shoes: [{ _id: line!.shoeId, size: line!.size, quantity: 1 }],
    amount: line!.priceCents,
  });
  expectDeclared('POST /api/cart/checkout', paid, 200);
  const received = await post('PUT', `/api/cart/order/${paid.json().order.idPayment}`, adminCookie, {
    status: 'Received',
  });
  expectDeclared('PUT /api/cart/order/{idPayment}', received, 200);
  return line!.shoeId;
}

/**
 * What the next operation needs whatever the fuzzed ones did before: a few shoes in stock (fuzzed
 * deletes empty the catalogue), a review of the shopper, and a Received shoe they may still review.
 */
async function ensureFixtures() {
  const inStock = await db
    .select({ id: shoes.id })
    .from(shoes)
    .innerJoin(stockEntries, eq(stockEntries.shoeId, shoes.id))
    // Not reviewed by the shopper either: buyReceived needs one of these to buy (fuzzed reviews can
    // cover every shoe in stock).
    .where(and(gt(stockEntries.quantity, 0), notReviewedByShopper(shoes.id)))
    .limit(4);
  if (inStock.length < 4) {
    refills += 1;
    const brand = `Refill ${String.fromCharCode(65 + (refills % 26))}${refills}`;
    await insertCatalog(
      db,
      [brand],
      [
        { name: `Refill Runner ${refills}`, brand, color: 'Green', price: 60, sizes: [['9', 40]] },
        { name: `Refill Court ${refills}`, brand, color: 'White', price: 80, sizes: [['10', 40]] },
        { name: `Refill Trail ${refills}`, brand, color: 'Grey', price: 95, sizes: [['11', 40]] },
      ],
    );
  }
  const [reviewed] = await db.select().from(reviews).where(eq(reviews.userId, shopper.user._id)).limit(1);
  if (!reviewed) {
    const shoeId = (await reviewable())[0] ?? (await buyReceived());
    const review = await post('POST', `/api/reviews/${shoeId}`, shopper.cookie, {
      review: 'Comfy from day one',
      rating: 5,
    });
    expectDeclared('POST /api/reviews/{shoeId}', review, 201);
  }
  if ((await reviewable()).length === 0) await buyReceived();
  // Methods and rates to change, retire, order and delete (a fuzzed delete may take them all), and
  // a free method first: the generated checkouts are priced without shipping, as the spec's are.
  const free = { priceCents: 0, freeAboveCents: null, minDays: 3, maxDays: 5, active: true, position: -1 };
  const [first] = await db
    .update(shippingMethods)
    .set(free)
    .where(eq(shippingMethods.name, 'Fuzz Free'))
    .returning({ id: shippingMethods.id });
  if (!first) await db.insert(shippingMethods).values({ name: 'Fuzz Free', ...free });
  const methods = await db.select({ id: shippingMethods.id }).from(shippingMethods);
  for (const n of [1, 2, 3].slice(methods.length - 1))
    await db
      .insert(shippingMethods)
      .values({ name: `Refill Post ${refills}-${n}`, priceCents: 500 * n, minDays: n, maxDays: n + 2 })
      .onConflictDoNothing();
  for (const stateCode of TAXED_STATES)
    await db.insert(taxRates).values({ stateCode, rateMilliPercent: 6000 }).onConflictDoNothing();
  // A webhook endpoint at the local sink with a delivery to replay (a fuzzed delete may take them).
  const [endpoint] = await db.select({ id: webhookEndpoints.id }).from(webhookEndpoints).limit(1);
  const endpointId =
    endpoint?.id ??
    (
      await db
        .insert(webhookEndpoints)
        .values({ url: WEBHOOK_SINK, events: ['order.paid'], secret: 'v1.fuzz' })
        .returning({ id: webhookEndpoints.id })
    )[0]!.id;
  await db.insert(webhookDeliveries).values({
    endpointId,
    eventId: randomUUID(),
    eventType: 'order.paid',
    body: '{}',
    state: 'failed',
    retryUntil: new Date(0),
  });
  // Two photos or more for every shoe (its cover first, as `shoes.image`), so that fuzzed reorders,
  // covers and deletes of a gallery can go through; fuzzed deletes take them down to one.
  const photoCounts = await db
    .select({ id: shoes.id, name: shoes.name, image: shoes.image, photos: count(shoeImages.id) })
    .from(shoes)
    .leftJoin(shoeImages, eq(shoeImages.shoeId, shoes.id))
    .groupBy(shoes.id);
  for (const shoe of photoCounts.filter((row) => row.photos < 2)) {
    const missing = [
      { shoeId: shoe.id, position: 0, image: shoe.image, alt: shoe.name },
      { shoeId: shoe.id, position: 1, image: '/uploads/shoes/fuzz-side.webp', alt: 'Side view' },
    ];
    await db.insert(shoeImages).values(missing.slice(shoe.photos));
  }
  // A reminder mailed to the shopper, naming a pair in stock, whose restore link the fuzz sends.
  const [pair] = await db
    .select({ shoeId: stockEntries.shoeId, size: stockEntries.size, name: shoes.name, image: shoes.image })
    .from(stockEntries)
    .innerJoin(shoes, eq(shoes.id, stockEntries.shoeId))
    .where(gt(stockEntries.quantity, 0))
    .orderBy(shoes.name, stockEntries.size)
    .limit(1);
  await db.delete(cartReminders).where(eq(cartReminders.userId, shopper.user._id));
  const [reminder] = await db
    .insert(cartReminders)
    .values({
      userId: shopper.user._id,
      cartId: randomUUID(),
      number: 1,
      state: 'sent',
      sentAt: new Date(),
      lines: [{ ...pair!, quantity: 1 }],
    })
    .returning({ id: cartReminders.id });
  reminderLinks.restore = [
    linkTokens.sign({ p: 'restore', u: shopper.user._id, r: reminder!.id, e: Date.now() + 86_400_000 }),
  ];
  // A saved address each for the administrator and the shopper to edit, pick or delete.
  for (const userId of [adminRow!.id, shopper.user._id]) {
    const [kept] = await db.select().from(savedAddresses).where(eq(savedAddresses.userId, userId)).limit(1);
    if (!kept)
      await db.insert(savedAddresses).values({
        userId,
        name: 'Ana Lima',
        line1: 'Main St 12',
        city: 'San Diego',
        state: 'California',
        postalCode: '92101',
        isDefault: true,
      });
  }
}

// ---------------------------------------------------------------------------------------------
// Ids of rows that exist, refreshed before each operation, so that valid requests find things.
// ---------------------------------------------------------------------------------------------

const pools = {
  shoeIds: [] as string[],
  dropShoeIds: [] as string[],
  /** Shoes the shopper received and has not reviewed yet. */
  reviewable: [] as string[],
  /** One pair in stock, with the amount the server will charge for it. */
  carts: [] as { shoes: { _id: string; size: string; quantity: number }[]; amount: number }[],
  brandIds: [] as string[],
  brandNames: [] as string[],
  userIds: [] as string[],
  emails: [] as string[],
  orderRefs: [] as string[],
  amounts: [] as number[],
  versions: [] as number[],
  reviewIds: [] as string[],
  tokens: [] as string[],
  discountIds: [] as string[],
  shippingMethodIds: [] as string[],
  /** An open draw, an upcoming drop and a drawn one (support/fuzz/drop-fixtures.ts). */
  dropIds: [] as string[],
  /** Webhook endpoints, the oldest first, and the oldest one's deliveries (a replay names both). */
  webhookIds: [] as string[],
  deliveryIds: [] as string[],
  /** The saved addresses of the administrator and the shopper: each may change only their own. */
  addressIds: [] as string[],
  /** Photos of the pool's shoes, and each of their galleries in reverse order (a valid reorder). */
  imageIds: [] as string[],
  galleryOrders: [] as string[][],
};

/**
 * Every pool in a fixed order (never the table's physical order, which an update changes on
 * PostgreSQL): with the fixed seed, each run sends the same requests and gets the same answers.
 */
async function refreshPools() {
  // The shopper's reviewable shoes first: a valid review of one of them goes through.
  const mine = await reviewable();
  pools.reviewable = mine;
  const others = (
    await db.select({ id: shoes.id }).from(shoes).orderBy(shoes.name, shoes.createdAt).limit(12)
  ).map((row) => row.id);
  pools.shoeIds = [...new Set([...mine, ...others])].slice(0, 12);
  const inStock = await db
    .select({ shoeId: stockEntries.shoeId, size: stockEntries.size, priceCents: shoes.priceCents })
    .from(stockEntries)
    .innerJoin(shoes, eq(shoes.id, stockEntries.shoeId))
    .where(gt(stockEntries.quantity, 0))
    .orderBy(shoes.name, stockEntries.size)
    .limit(10);
  // Shoes with a pair of size 9 in stock: a drop of them (POST /api/admin/drops) can be scheduled.
  pools.dropShoeIds = (
    await db
      .selectDistinct({ shoeId: stockEntries.shoeId, name: shoes.name })
      .from(stockEntries)
      .innerJoin(shoes, eq(shoes.id, stockEntries.shoeId))
      .where(and(eq(stockEntries.size, '9'), gt(stockEntries.quantity, 0)))
      .orderBy(shoes.name, stockEntries.shoeId)
      .limit(6)
  ).map((row) => row.shoeId);
  pools.carts = inStock.map((row) => ({
    shoes: [{ _id: row.shoeId, size: row.size, quantity: 1 }],
    amount: row.priceCents,
  }));
  const shoeRows = await db
    .select({ cents: shoes.priceCents, version: shoes.version })
    .from(shoes)
    .orderBy(shoes.name, shoes.createdAt)
    .limit(20);
  pools.amounts = shoeRows.map((row) => row.cents);
  pools.versions = [...new Set(shoeRows.map((row) => row.version))];
  const brandRows = await db
    .select({ id: brands.id, name: brands.name })
    .from(brands)
    .orderBy(brands.name)
    .limit(20);
  pools.brandIds = brandRows.map((row) => row.id);
  const photoRows = await db
    .select({ id: shoeImages.id, shoeId: shoeImages.shoeId })
    .from(shoeImages)
    .where(
      inArray(
        shoeImages.shoeId,
        pools.shoeIds.length > 0 ? pools.shoeIds : ['00000000-0000-0000-0000-000000000000'],
      ),
    )
    .orderBy(asc(shoeImages.shoeId), asc(shoeImages.position));
  pools.imageIds = photoRows.map((row) => row.id);
  pools.galleryOrders = pools.shoeIds.map((shoeId) =>
    photoRows
      .filter((row) => row.shoeId === shoeId)
      .map((row) => row.id)
      .reverse(),
  );
  pools.brandNames = brandRows.map((row) => row.name);
  const userRows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .orderBy(users.email)
    .limit(20);
  // Own ids first: favorites and orders answer only their owner (and the administrator).
  pools.userIds = [...new Set([adminRow!.id, ...fixedUserIds, ...userRows.map((row) => row.id)])].slice(0, 8);
  pools.emails = userRows.map((row) => row.email);
  const orderRows = await db
    .select({ id: orders.id, idPayment: orders.idPayment })
    .from(orders)
    .orderBy(orders.idPayment)
    .limit(10);
  pools.orderRefs = orderRows.flatMap((row) => [row.id, row.idPayment]);
  pools.discountIds = (
    await db.select({ id: discountCodes.id }).from(discountCodes).orderBy(discountCodes.code).limit(10)
  ).map((row) => row.id);
  pools.dropIds = await ensureDrops(db);
  pools.shippingMethodIds = (
    await db.select({ id: shippingMethods.id }).from(shippingMethods).orderBy(shippingMethods.name)
  ).map((row) => row.id);
  pools.webhookIds = (
    await db
      .select({ id: webhookEndpoints.id })
      .from(webhookEndpoints)
      .orderBy(webhookEndpoints.createdAt, webhookEndpoints.id)
      .limit(10)
  ).map((row) => row.id);
  pools.deliveryIds = pools.webhookIds[0]
    ? (
        await db
          .select({ id: webhookDeliveries.id })
          .from(webhookDeliveries)
          .where(eq(webhookDeliveries.endpointId, pools.webhookIds[0]))
          .orderBy(webhookDeliveries.createdAt, webhookDeliveries.id)
          .limit(10)
      ).map((row) => row.id)
    : [];
  pools.addressIds = (
    await db
      .select({ id: savedAddresses.id })
      .from(savedAddresses)
      .where(inArray(savedAddresses.userId, [adminRow!.id, shopper.user._id]))
      .orderBy(savedAddresses.createdAt, savedAddresses.line1)
      .limit(12)
  ).map((row) => row.id);
  pools.reviewIds = (
    await db.select({ id: reviews.id }).from(reviews).orderBy(reviews.createdAt, reviews.review).limit(10)
  ).map((row) => row.id);
  // Unsubscribe links of the newsletter, and password reset links.
  const unsubscribe = await db
    .select({ token: newsletterSubscribers.unsubscribeToken })
    .from(newsletterSubscribers)
    .where(isNull(newsletterSubscribers.unsubscribedAt))
    .limit(10);
  const resets = await db
    .select({ identifier: verifications.identifier })
    .from(verifications)
    .where(like(verifications.identifier, 'reset-password:%'))
    .limit(10);
  pools.tokens = [
    ...unsubscribe.map((row) => row.token),
    ...resets.map((row) => row.identifier.slice('reset-password:'.length)),
  ];
}

const pick = <T>(values: T[]) => (values.length > 0 ? fc.constantFrom(...values) : undefined);
/** A number, or its digits where the schema wants text (multipart fields). */
const numeric = (schema: JsonSchema, value: fc.Arbitrary<number>) =>
  schema.type === 'string' ? value.map(String) : value;
/** Addresses every validator agrees on, for sign-ups that should go through. */
const freshEmail = fc
  .tuple(fc.stringMatching(/^[a-z0-9]{1,12}$/), fc.constantFrom('example.com', 'shop.test'))
  .map(([local, domain]) => `${local}@${domain}`);
const thisYear = new Date().getFullYear();

/**
 * Real US addresses (docs/decisions/019), for the card's billing details and the checkout's
 * addresses: their patterns have lookaheads fast-check cannot generate from, and the state list and
 * the ZIP are refinements no schema states, so valid values are offered by field name.
 */
const ADDRESS_OPERATIONS = new Set([
  'POST /api/payments/methods',
  'POST /api/cart/checkout',
  'POST /api/account/addresses',
  'PUT /api/account/addresses/{id}',
]);
const ADDRESS_VALUES: Record<string, string[]> = {
  name: ["Sam O'Brien", 'Ana Lima'],
  city: ['Winston-Salem', 'San Diego', 'St. Louis'],
  line1: ['1600 Pennsylvania Ave. NW', 'Main St 12'],
  line2: ['Apt #2', 'Suite 400'],
  state: ['California', 'NC', 'north carolina'],
  postal_code: ['92101', '27101-1234'],
  phone: ['(619) 555-0134', '6195550134'],
};

/** Meaningful values by name, for the parameters and body fields of one operation. */
/** Create and Modify Shoes (multipart), whose texts are offered below. */
const SHOE_FORMS = /^\/api\/shoes(\/\{id\})?$/;
const SHOE_TEXTS = {
  name: ['Air Force 1', 'Gel-Kayano 14', '550', 'Chuck 70 Hi'],
  color: ['Off-White', 'Black/White', 'Blue'],
  description: ["Gore-Tex upper, 10mm drop. It's light.", 'Suede and mesh (US sizes).'],
};

/** A gallery's reorder (issue 33 item 1): its body must list the photos of the shoe in its path. */
const REORDER = 'PUT /api/shoes/{id}/images/order';
/** The shoes table's bulk edits (issue 33 item 5). */
const BULK_EDITS = '/api/admin/shoes/bulk';

function hintsFor(operation: Operation, part: 'path' | 'query' | 'body'): Hints {
  return (name, schema) => {
    switch (name) {
      case 'id':
        if (part === 'body') return pick(paymentMethods);
        if (operation.path.startsWith('/api/brands')) return pick(pools.brandIds);
        if (operation.path.startsWith('/api/users')) return pick(pools.userIds);
        if (operation.path.startsWith('/api/admin/discounts')) return pick(pools.discountIds);
        if (/^\/api\/(admin\/)?drops/.test(operation.path)) return pick(pools.dropIds);
        if (operation.path.startsWith('/api/admin/shipping-methods')) return pick(pools.shippingMethodIds);
        if (operation.path.startsWith('/api/account/addresses')) return pick(pools.addressIds);
        // A replay names a delivery of its endpoint: the oldest endpoint, whose deliveries `deliveryId` offers.
        if (operation.path.includes('{deliveryId}')) return pick(pools.webhookIds.slice(0, 1));
        if (operation.path.startsWith('/api/admin/webhooks')) return pick(pools.webhookIds);
        // A reorder goes through only with that very gallery's ids: one shoe, whose order `ids` offers.
        if (operation.name === REORDER) return pick(pools.shoeIds.slice(0, 1));
        // A photo's change goes through only with its own shoe: the first shoe, whose photos `imageId` offers.
        if (operation.path.includes('{imageId}')) return pick(pools.shoeIds.slice(0, 1));
        return pick(pools.shoeIds);
      case 'shoeId': {
        // A review goes through only for a shoe the shopper received: offer those too.
        if (operation.name === 'POST /api/admin/drops') return pick(pools.dropShoeIds);
        const received = operation.name === 'POST /api/reviews/{shoeId}' ? pick(pools.reviewable) : undefined;
        const any = pick(pools.shoeIds);
        return received && any ? fc.oneof(received, any) : any;
      }
      case '_id':
        return pick(pools.shoeIds);
      case 'uid':
      case 'userId':
      case 'idUser':
        return pick(pools.userIds);
      case 'orderId':
      case 'idPayment':
        return pick(pools.orderRefs);
      case 'reviewId':
        return pick(pools.reviewIds);
      case 'deliveryId':
        return pick(pools.deliveryIds);
      // Webhooks only ever at the local sink: the fuzz never registers a real address.
      case 'url':
        return operation.path.startsWith('/api/admin/webhooks') ? fc.constant(WEBHOOK_SINK) : undefined;
      case 'imageId': {
        // The first shoe's photos (a photo of another shoe is that shoe's 404), and any other.
        const own = pick(pools.galleryOrders[0] ?? []);
        const any = pick(pools.imageIds);
        return own && any ? fc.oneof(own, any) : any;
      }
      case 'ids':
        // A bulk edit's selection (issue 33 item 5): shoes that exist, or its 404 is all it shows.
        if (operation.path.startsWith(BULK_EDITS) && pools.shoeIds.length > 0)
          return fc.subarray(pools.shoeIds, { minLength: 1 });
        return operation.name === REORDER ? pick(pools.galleryOrders.slice(0, 1)) : undefined;
      case 'search':
        // The shoes table's search: every shoe, or a name the catalogue has.
        return operation.path.startsWith(BULK_EDITS) ? fc.constantFrom('', 'a', 'run') : undefined;
      case 'brand':
        return pick(pools.brandNames);
      case 'email': {
        const known = pick(pools.emails);
        return known ? fc.oneof(known, freshEmail) : freshEmail;
      }
      case 'password':
      case 'currentPassword':
        // Deleting an account with its real password would erase the fuzzed shopper for every
        // operation after it (CANNOT_SUCCEED says where deletion is proven instead).
        if (operation.name === 'POST /api/account/delete')
          return fc.constantFrom('not-the-password', ADMIN.password);
        return fc.constantFrom(shopper.password, ADMIN.password);
      case 'token': {
        // The cart reminders' signed links, and the tokens of other mails (their 404 here).
        const links =
          operation.path === '/api/cart-reminders/unsubscribe'
            ? pick(reminderLinks.unsubscribe)
            : operation.name === 'POST /api/account/cart/restore'
              ? pick(reminderLinks.restore)
              : undefined;
        const any = pick(pools.tokens);
        return links && any ? fc.oneof(links, any) : (links ?? any);
      }
      case 'size':
        return fc.constantFrom('9', '9.5', '10', '11', '8');
      // A drop's window and pairs (POST /api/admin/drops): a window ahead, a pair or two.
      case 'opensAt':
        return fc.constant(new Date(Date.now() + 3_600_000).toISOString());
      case 'closesAt':
        return fc.constant(new Date(Date.now() + 7_200_000).toISOString());
      case 'sizes':
        // Mostly size 9, which every shoe of the pool above has in stock; others may not be.
        return fc.oneof(
          { arbitrary: fc.constant([{ size: '9', pairs: 1 }]), weight: 3 },
          { arbitrary: fc.constantFrom(...['10', '11'].map((size) => [{ size, pairs: 1 }])), weight: 1 },
        );
      case 'admitPerMinute':
        return fc.constantFrom(1, 60);
      case 'minutesToPay':
        return fc.constantFrom(1, 5);
      // The catalogue's filters (GET /api/shoes and /api/shoes/facets): values they take, a lowest
      // price never above a highest, so that valid requests get their 200.
      case 'color':
        if (part === 'body' && SHOE_FORMS.test(operation.path)) return fc.constantFrom(...SHOE_TEXTS.color);
        return part === 'query' ? fc.constantFrom('Blue', 'red', 'Black', 'Green') : undefined;
      // The shoe forms' texts (decision 021): their patterns have lookaheads fast-check cannot generate from.
      case 'description':
        return part === 'body' && SHOE_FORMS.test(operation.path)
          ? fc.constantFrom(...SHOE_TEXTS.description)
          : undefined;
      case 'minPrice':
        return fc.constantFrom('0', '49.99', '60', '100');
      case 'maxPrice':
        return fc.constantFrom('100', '150.5', '500');
      case 'scope':
        return fc.constantFrom('brand', 'onSale');
      case 'price':
        return numeric(schema, fc.integer({ min: 1, max: 500 }));
      case 'q':
        return numeric(schema, fc.integer({ min: 0, max: 50 }));
      // Create Shoes' size grid (issue 33 item 6): JSON rows of sizes the first one ('size') never is.
      case 'moreSizes':
        return fc
          .subarray(['6', '6.5', '7', '7.5', '12'], { maxLength: 3 })
          .map((sizes) => JSON.stringify(sizes.map((size) => ({ size, q: '2' }))));
      // A size's codes (issue 33 item 2): kept (empty), a fresh SKU, or GTINs with a right check digit
      // (a code another size has already is the 409 it documents).
      case 'sku':
        return part === 'body' ? fc.oneof(fc.constant(''), fc.stringMatching(/^FZ-[A-Z0-9]{8}$/)) : undefined;
      case 'gtin':
        return part === 'body' ? fc.constantFrom('', '036000291452', '4006381333931') : undefined;
      // The orders CSV's range (issue 33 item 4): days in order, less than a year apart.
      case 'from':
        return operation.name === 'GET /api/admin/orders.csv'
          ? fc.constantFrom('2025-01-01', '2025-06-01')
          : undefined;
      case 'to':
        return operation.name === 'GET /api/admin/orders.csv'
          ? fc.constantFrom('2025-06-30', '2025-12-31')
          : undefined;
      // Above any price fuzzed (at most 500), or none.
      case 'compareAtPrice':
        return fc.oneof(fc.constant(''), fc.integer({ min: 501, max: 900 }).map(String));
      case 'version': {
        const current = pick(pools.versions);
        return current && numeric(schema, current);
      }
      case 'quantity':
        return numeric(schema, fc.integer({ min: 1, max: 3 }));
      case 'amount':
        return pick(pools.amounts);
      case 'number':
        return fc.constantFrom(TEST_CARD_NUMBER, '5555 5555 5555 4444', DECLINED_CARD_NUMBER);
      case 'exp_year':
        return fc.integer({ min: thisYear, max: thisYear + 8 });
      case 'name':
      case 'city':
      case 'line1':
      case 'line2':
      case 'state':
        if (name === 'name' && part === 'body' && SHOE_FORMS.test(operation.path))
          return fc.constantFrom(...SHOE_TEXTS.name);
        // A tax rate's state: one with a rate (to change or remove), by code or name, or one without.
        if (part === 'path') return fc.constantFrom(...TAXED_STATES, 'texas', 'VT');
        return ADDRESS_OPERATIONS.has(operation.name) ? fc.constantFrom(...ADDRESS_VALUES[name]!) : undefined;
      case 'postal_code':
      case 'phone':
        return ADDRESS_OPERATIONS.has(operation.name) ? fc.constantFrom(...ADDRESS_VALUES[name]!) : undefined;
      default:
        return undefined;
    }
  };
}

// ---------------------------------------------------------------------------------------------
// Requests generated from the document.
// ---------------------------------------------------------------------------------------------

const role: fc.Arbitrary<Role> = fc.oneof(
  { weight: 6, arbitrary: fc.constant<Role>('admin') },
  { weight: 3, arbitrary: fc.constant<Role>('user') },
  { weight: 1, arbitrary: fc.constant<Role>('visitor') },
);

/**
 * Path values are never empty, "." or "..": such a segment names another URL (an empty segment
 * another route; dot segments are removed by URL normalization, RFC 3986 §5.2.4).
 */
function pathValue(operation: Operation, parameter: Parameter, validOnly: boolean): fc.Arbitrary<string> {
  const valid = validValue(parameter.schema, hintsFor(operation, 'path'), parameter.name);
  const value = validOnly
    ? valid
    : fc.oneof({ weight: 2, arbitrary: valid }, { weight: 1, arbitrary: nastyValue });
  return value.map(asText).filter((text) => text !== '' && text !== '.' && text !== '..');
}

/** 0, 1 or several `name=value` pairs (a repeated parameter arrives as an array). */
function queryValue(operation: Operation, parameter: Parameter, validOnly: boolean) {
  const valid = validValue(parameter.schema, hintsFor(operation, 'query'), parameter.name).map(asText);
  const one = (value: fc.Arbitrary<string>) =>
    value.map((text): [string, string][] => [[parameter.name, text]]);
  const variants: fc.WeightedArbitrary<[string, string][]>[] = [{ weight: 4, arbitrary: one(valid) }];
  if (!parameter.required) variants.push({ weight: 2, arbitrary: fc.constant([]) });
  if (!validOnly) {
    variants.push(
      { weight: 3, arbitrary: one(nastyValue.map(asText)) },
      {
        weight: 1,
        arbitrary: fc
          .array(valid, { minLength: 2, maxLength: 3 })
          .map((values) => values.map((value): [string, string] => [parameter.name, value])),
      },
    );
  }
  return fc.oneof(...variants);
}

/** Header values are text a client can send: printable ASCII and Latin-1. */
const headerSafe = (value: string) => /^[\x20-\x7e\xa0-\xff]*$/.test(value);
const nastyHeader = fc.constantFrom(
  '',
  'x',
  'k'.repeat(10_000),
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '__proto__',
  '-1',
  'null',
  'ÿÿÿÿÿÿÿÿ',
);

function headerValue(parameter: Parameter, validOnly: boolean): fc.Arbitrary<string | undefined> {
  const variants: fc.WeightedArbitrary<string | undefined>[] = [
    { weight: 3, arbitrary: validValue(parameter.schema).map(asText).filter(headerSafe) },
  ];
  if (!parameter.required) variants.push({ weight: 2, arbitrary: fc.constant(undefined) });
  if (!validOnly) variants.push({ weight: 2, arbitrary: nastyHeader });
  return fc.oneof(...variants);
}

/** Fields a body-less write might still carry: they must be ignored. */
const strayBody = fc.dictionary(
  fc.constantFrom(...EXTRA_KEYS.filter((key) => !key.includes('_') && key !== 'constructor')),
  privilegedValue,
  { minKeys: 1, maxKeys: 3 },
);

function bodyOf(operation: Operation, validOnly: boolean): fc.Arbitrary<Body> {
  const none = fc.constant<Body>({ kind: 'none' });
  const json = (value: fc.Arbitrary<unknown>) => value.map((v): Body => ({ kind: 'json', value: v }));
  const body = operation.body;
  if (!body) {
    if (operation.method === 'GET' || validOnly) return none;
    return fc.oneof({ weight: 3, arbitrary: none }, { weight: 1, arbitrary: json(strayBody) });
  }
  const hints = hintsFor(operation, 'body');
  if (body.mediaType === 'multipart/form-data') {
    const form = formOf(body.schema, hints, samples, validOnly).map((f): Body => ({ kind: 'form', form: f }));
    if (validOnly) return form;
    // Not a form at all: JSON, or nothing, where a form is expected.
    return fc.oneof(
      { weight: 8, arbitrary: form },
      { weight: 1, arbitrary: json(strayBody) },
      { weight: 1, arbitrary: none },
    );
  }
  const valid = wholeBodies(operation, validValue(body.schema, hints));
  if (validOnly) return json(valid);
  return fc.oneof(
    { weight: 4, arbitrary: json(valid) },
    { weight: 10, arbitrary: json(invalidValue(body.schema, valid)) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...DEEP_JSON_TEXTS).map((text): Body => ({ kind: 'raw', text })),
    },
    { weight: 2, arbitrary: none },
  );
}

/**
 * Valid bodies whose fields must agree with each other (fields generated one by one rarely do):
 * a checkout of a cart with the amount the server charges for it.
 */
function wholeBodies(operation: Operation, valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const cart = pick(pools.carts);
  const method = pick(paymentMethods);
  if (operation.name === 'POST /api/cart/checkout' && cart && method) {
    const priced = fc
      .record({ id: method, cart })
      .map(({ id, cart: { shoes, amount } }) => ({ id, shoes, amount }));
    return fc.oneof(valid, priced);
  }
  if (
    operation.path.startsWith('/api/admin/discounts') &&
    operation.method !== 'GET' &&
    !operation.path.endsWith('/active')
  ) {
    // A code's value must suit its kind: a percentage from 1 to 90.
    const form = fc
      .record({ code: fc.stringMatching(/^[A-Z0-9]{3,12}$/), value: fc.integer({ min: 1, max: 90 }) })
      .map(({ code, value }) => ({ code, kind: 'percent', value: String(value), target: 'cart' }));
    return fc.oneof(valid, form);
  }
  if (
    operation.name === 'POST /api/admin/shipping-methods' ||
    operation.name === 'PUT /api/admin/shipping-methods/{id}'
  ) {
    // Days that agree (the soonest never after the latest), dollars as the form types them.
    const form = fc
      .record({
        name: fc.stringMatching(/^[A-Z][a-z]{2,12}$/),
        price: fc.constantFrom('0', '4.5', '19.95'),
        freeAbove: fc.constantFrom('', '100', undefined),
        minDays: fc.integer({ min: 0, max: 5 }),
        extra: fc.integer({ min: 0, max: 5 }),
      })
      .map(({ minDays, extra, freeAbove, ...rest }) => ({
        ...rest,
        ...(freeAbove === undefined ? {} : { freeAbove }),
        minDays: String(minDays),
        maxDays: String(minDays + extra),
      }));
    return fc.oneof(valid, form);
  }
  if (operation.name === 'PUT /api/admin/shipping-methods/order' && pools.shippingMethodIds.length > 0) {
    // Every method once, in some order.
    return fc.oneof(
      valid,
      fc
        .shuffledSubarray(pools.shippingMethodIds, { minLength: pools.shippingMethodIds.length })
        .map((ids) => ({ ids })),
    );
  }
  if (operation.name === 'PUT /api/admin/tax-rates/{state}') {
    const rate = fc.record({
      rate: fc.constantFrom('7.25', '0.5', '25', '8.875'),
      taxShipping: fc.boolean(),
    });
    return fc.oneof(valid, rate);
  }
  return valid;
}

/**
 * Half the requests are valid in every part (so that the code behind validation runs too), half
 * carry invalid parts: any mix of hostile parameters, query strings, headers and bodies.
 */
function requestsFor(operation: Operation): fc.Arbitrary<FuzzRequest> {
  const byPlace = (place: Parameter['in']) => operation.parameters.filter((p) => p.in === place);
  const requests = (validOnly: boolean) => {
    const path = fc.record(
      Object.fromEntries(
        byPlace('path').map((parameter) => [parameter.name, pathValue(operation, parameter, validOnly)]),
      ),
    );
    const extraQuery = validOnly
      ? fc.constant<[string, string][]>([])
      : fc.oneof(
          { weight: 4, arbitrary: fc.constant<[string, string][]>([]) },
          {
            weight: 1,
            arbitrary: fc
              .tuple(fc.constantFrom(...EXTRA_KEYS), fc.oneof(privilegedValue.map(asText), nastyString))
              .map((pair): [string, string][] => [pair]),
          },
        );
    const query = fc
      .tuple(extraQuery, ...byPlace('query').map((parameter) => queryValue(operation, parameter, validOnly)))
      .map((parts) => parts.flat());
    const headers = fc
      .tuple(
        ...byPlace('header').map((parameter) =>
          headerValue(parameter, validOnly).map((value) => [parameter.name, value] as const),
        ),
      )
      .map((pairs) =>
        Object.fromEntries(pairs.filter((pair): pair is readonly [string, string] => pair[1] !== undefined)),
      );
    return fc.record({ role, path, query, headers, body: bodyOf(operation, validOnly) });
  };
  return fc.oneof(requests(true), requests(false));
}

// ---------------------------------------------------------------------------------------------
// Sending and checking.
// ---------------------------------------------------------------------------------------------

let requestCount = 0;
const statusCounts = new Map<number, number>();
const statusesByOperation = new Map<string, Map<number, number>>();
const succeeded = new Set<string>();
/** Every request from its own address: the per-address limits must not hide what is behind them. */
const nextAddress = () => {
  const n = requestCount + 1;
  return `198.18.${(n >> 8) & 255}.${n & 255}`;
};

let known: Fingerprint | undefined;
let dirty = false;

/** Undoes what fuzzed requests did to the fixtures that the next requests rely on. */
async function restoreFixtures() {
  const changed = await db
    .update(users)
    .set({ status: 'Enabled', manager: false })
    .where(and(inArray(users.id, fixedUserIds), or(ne(users.status, 'Enabled'), eq(users.manager, true))))
    .returning({ id: users.id });
  if (changed.length > 0) known = undefined;
  for (const saved of savedPasswords) {
    const reset = await db
      .update(accounts)
      .set({ password: saved.password })
      .where(and(eq(accounts.id, saved.id), ne(accounts.password, saved.password ?? '')))
      .returning({ id: accounts.id });
    if (reset.length > 0) known = undefined;
  }
  const staffIds = savedTwoFactors.map((row) => row.userId);
  const switchedOff = await db
    .update(users)
    .set({ twoFactorEnabled: true })
    .where(and(inArray(users.id, staffIds), eq(users.twoFactorEnabled, false)))
    .returning({ id: users.id });
  if (switchedOff.length > 0) {
    await db.delete(twoFactors).where(inArray(twoFactors.userId, staffIds));
    await db.insert(twoFactors).values(savedTwoFactors);
    known = undefined;
  }
  await db.insert(sessions).values(savedSessions).onConflictDoNothing();
  dirty = false;
}

async function send(operation: Operation, request: FuzzRequest) {
  const headers: Record<string, string> = { ...request.headers, origin: TEST_ORIGIN };
  const cookie = cookies[request.role];
  if (cookie) headers.cookie = cookie;
  let payload: string | Buffer | undefined;
  if (request.body.kind === 'json' || request.body.kind === 'raw') {
    payload = request.body.kind === 'raw' ? request.body.text : JSON.stringify(request.body.value);
    headers['content-type'] = 'application/json';
  } else if (request.body.kind === 'form') {
    const { fields, file } = request.body.form;
    const form = await multipart(fields, file);
    payload = form.payload;
    headers['content-type'] = form.headers['content-type'];
  }
  const answer = await t.app.inject({
    method: operation.method,
    url: urlOf(operation, request.path, request.query),
    headers,
    ...(payload === undefined ? {} : { payload }),
    remoteAddress: nextAddress(),
  });
  requestCount += 1;
  statusCounts.set(answer.statusCode, (statusCounts.get(answer.statusCode) ?? 0) + 1);
  const mine = statusesByOperation.get(operation.name) ?? new Map<number, number>();
  mine.set(answer.statusCode, (mine.get(answer.statusCode) ?? 0) + 1);
  statusesByOperation.set(operation.name, mine);
  return answer;
}

/** The property, for one request: throws with every problem the answer shows. */
async function probe(operation: Operation, request: FuzzRequest): Promise<void> {
  if (dirty) await restoreFixtures();
  const before = known ?? (await fingerprint(db));
  const answer = await send(operation, request);
  const status = answer.statusCode;
  const problems: string[] = [];
  if (status >= 500) problems.push(`answered ${status}: ${answer.body.slice(0, 300)}`);
  problems.push(...checkResponse(operation, answer));
  if (status >= 400 && status < 500) {
    const after = await fingerprint(db);
    const changed = changedTables(before, after);
    if (changed.length > 0) problems.push(`a ${status} answer changed ${changed.join(', ')}`);
    known = after;
  } else {
    known = undefined;
  }
  if (status < 300) succeeded.add(operation.name);
  // Writes that went through may have ended a fixture session, disabled a fixture user or changed a password.
  if (status < 300 && operation.method !== 'GET') dirty = true;
  if (problems.length > 0) {
    throw new Error(
      `${operation.method} ${urlOf(operation, request.path, request.query).slice(0, 300)} as ${request.role} -> ${status}\n  ${problems.join('\n  ')}`,
    );
  }
}

/** Long strings shortened so that a failure report stays readable. */
function describeRequest(request: FuzzRequest): string {
  return JSON.stringify(
    request,
    (_, value: unknown) => {
      if (typeof value === 'string' && value.length > 120)
        return `${value.slice(0, 60)}…(${value.length} chars)`;
      if (Buffer.isBuffer(value) || value instanceof Uint8Array) return `<${value.length} bytes>`;
      if (value && typeof value === 'object' && 'type' in value && value.type === 'Buffer') return '<bytes>';
      return value;
    },
    1,
  );
}

const runsFor = (operation: Operation) => {
  if (/\/account\/(sign-up|sign-in|password|reset-password)$/.test(operation.path)) return HASHING_RUNS;
  if (operation.body?.mediaType === 'multipart/form-data') return UPLOAD_RUNS;
  return RUNS;
};

const failures: string[] = [];

afterAll(async () => {
  const statuses = [...statusCounts.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${status}×${n}`)
    .join(' ');
  console.log(
    `fuzz: ${requestCount} requests across ${operations.length} operations, ${failures.length} failures (statuses: ${statuses})`,
  );
  if (process.env.FUZZ_VERBOSE) {
    for (const [name, counts] of statusesByOperation) {
      console.log(`fuzz: ${name}: ${[...counts].map(([status, n]) => `${status}×${n}`).join(' ')}`);
    }
  }
  await t.close();
});

describe('OpenAPI-driven fuzzing', () => {
  it('reads every operation of the document', () => {
    expect(documentAnswer.statusCode).toBe(200);
    expect(operations.map((operation) => operation.name)).toHaveLength(OPERATIONS);
    // Multipart forms are documented as such, file field included.
    const upload = operations.find((operation) => operation.name === 'POST /api/shoes');
    expect(upload?.body?.mediaType).toBe('multipart/form-data');
    expect(upload?.body?.schema.properties?.image?.format).toBe('binary');
  });

  operations.forEach((operation) => {
    it(`${operation.name}: no 5xx, declared answers, nothing changed by a 4xx`, async () => {
      await restoreFixtures();
      await ensureFixtures();
      await refreshPools();
      known = undefined;
      const result = await fc.check(
        fc.asyncProperty(requestsFor(operation), (request) => probe(operation, request)),
        { numRuns: runsFor(operation), seed: seedOf(operation.name) },
      );
      if (result.failed) {
        const [request] = result.counterexample ?? [];
        const report = [
          `${operation.name} failed after ${result.numRuns} runs and ${result.numShrinks} shrinks (seed ${result.seed}, path ${result.counterexamplePath ?? '-'})`,
          result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance),
          `request: ${request ? describeRequest(request) : '-'}`,
        ].join('\n');
        failures.push(report);
        throw new Error(report);
      }
    }, 120_000);
  });

  it('answered a 2xx for every operation that can succeed', () => {
    for (const name of Object.keys(CANNOT_SUCCEED)) {
      expect(
        operations.map((operation) => operation.name),
        'CANNOT_SUCCEED names an operation',
      ).toContain(name);
    }
    const neverSucceeded = operations
      .map((operation) => operation.name)
      .filter((name) => !succeeded.has(name) && !(name in CANNOT_SUCCEED));
    expect(neverSucceeded, 'operations no fuzzed request got a 2xx from').toEqual([]);
  });
});
