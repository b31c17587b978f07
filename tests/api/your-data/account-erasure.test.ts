import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderBillingAddress, OrderDeliveryAddress } from '../../../src/domain/payment.js';
import {
  accounts,
  checkoutAttempts,
  contactMessages,
  domainEvents,
  favorites,
  mailOutbox,
  newsletterSubscribers,
  orders,
  passkeys,
  restockRequests,
  reviews,
  sessions,
  twoFactors,
  users,
  verifications,
} from '../../../src/server/db/schema.js';
import { createAccountRepository } from '../../../src/server/modules/accounts/repository.js';
import { paymentMethodBody } from '../../fixtures/payment.js';
import { insertCatalog } from '../support/catalog-fixture.js';
import { signUp, TEST_ORIGIN } from '../support/session.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * The account deletion as events (issue 30: one owner per table): the accounts module closes the
 * account and records `account.deleted` in one transaction, and each owner erases its own part of
 * the person. Delivery is at least once: handed over again, the erasure changes nothing more; left
 * waiting by a crash after the commit, the sweep finishes it.
 */
let t: TestApp;
let shoeId: string;
beforeAll(async () => {
  t = await createTestApp();
  const { shoeIds } = await insertCatalog(
    t.database.db,
    ['Stride'],
    [{ name: 'Trail', brand: 'Stride', color: 'Green', price: 60, sizes: [['8', 50]] }],
  );
  shoeId = shoeIds.get('Trail')!;
});
afterAll(() => t.close());

let requests = 0;
const send = (method: 'POST', url: string, cookie: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    payload: payload as string,
    headers: { origin: TEST_ORIGIN, cookie },
    remoteAddress: `10.91.${Math.floor(requests / 250)}.${(requests++ % 250) + 1}`,
  });

const DELIVERY: OrderDeliveryAddress = {
  name: 'Sam O’Brien',
  line1: '100 Main St',
  line2: 'Apt. 4B',
  phone: '+1 (336) 555-0134',
  city: 'Winston-Salem',
  state: 'north carolina',
  stateCode: 'NC',
  postal_code: '27101',
};
const BILLING: OrderBillingAddress = {
  name: 'Sam O’Brien',
  line1: '9 Elm St',
  city: 'Durham',
  state: 'NC',
  stateCode: 'NC',
  postal_code: '27701',
};

/** A shopper holding something in every table the deletion erases. */
async function shopperWithEverything() {
  const shopper = await signUp(t.app, undefined, 'secret123');
  const userId = shopper.user._id as string;
  const email = shopper.email;
  const method = await send('POST', '/api/payments/methods', shopper.cookie, paymentMethodBody());
  const paid = await send('POST', '/api/cart/checkout', shopper.cookie, {
    id: method.json().id,
    shoes: [{ _id: shoeId, size: '8', quantity: 1 }],
    amount: 6000,
  });
  expect(paid.statusCode, paid.body).toBe(200);
  const db = t.database.db;
  // The addresses as the checkout copies them (issue 31), written here so the test needs no card form.
  await db
    .update(orders)
    .set({ deliveryAddress: DELIVERY, billingAddress: BILLING })
    .where(eq(orders.userId, userId));
  await db.insert(reviews).values({ userId, shoeId, review: 'Light and quick on gravel.', rating: 5 });
  await db.insert(favorites).values({ userId, shoeId });
  await db.insert(newsletterSubscribers).values({ email, unsubscribeToken: `nl-${userId}` });
  await db
    .insert(restockRequests)
    .values({ email: email.toUpperCase(), shoeId, size: '11', unsubscribeToken: `rs-${userId}` });
  await db.insert(contactMessages).values({ name: 'Sam', email, message: 'Do you ship to Alaska?' });
  await db.insert(mailOutbox).values({ to: email, subject: 'Kept for you', text: 'An old mail.' });
  await db.insert(passkeys).values({
    id: `pk-${userId}`,
    name: 'Phone',
    userId,
    publicKey: 'key',
    credentialID: `cred-${userId}`,
    deviceType: 'singleDevice',
  });
  await db.insert(twoFactors).values({ id: `tf-${userId}`, userId, secret: 'secret', backupCodes: 'codes' });
  await db.insert(verifications).values({
    id: `v-${userId}`,
    identifier: `reset-password:${userId}`,
    value: userId,
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  return { ...shopper, userId, email };
}

/** What the shop holds of the person: rows per table, their user row and orders, and the mail to them. */
async function holdingsOf(person: { userId: string; email: string }) {
  const db = t.database.db;
  const { userId } = person;
  const email = person.email.toLowerCase();
  const count = async (query: Promise<unknown[]>) => (await query).length;
  return {
    user: (
      await db
        .select({
          email: users.email,
          name: users.name,
          image: users.image,
          status: users.status,
          manager: users.manager,
          twoFactorEnabled: users.twoFactorEnabled,
        })
        .from(users)
        .where(eq(users.id, userId))
    )[0],
    orders: await db
      .select({
        email: orders.email,
        deliveryAddress: orders.deliveryAddress,
        billingAddress: orders.billingAddress,
      })
      .from(orders)
      .where(eq(orders.userId, userId)),
    reviews: await count(db.select().from(reviews).where(eq(reviews.userId, userId))),
    sessions: await count(db.select().from(sessions).where(eq(sessions.userId, userId))),
    signInMethods: await count(db.select().from(accounts).where(eq(accounts.userId, userId))),
    twoFactors: await count(db.select().from(twoFactors).where(eq(twoFactors.userId, userId))),
    resetTokens: await count(db.select().from(verifications).where(eq(verifications.value, userId))),
    passkeys: await count(db.select().from(passkeys).where(eq(passkeys.userId, userId))),
    favorites: await count(db.select().from(favorites).where(eq(favorites.userId, userId))),
    checkoutAttempts: await count(
      db.select().from(checkoutAttempts).where(eq(checkoutAttempts.userId, userId)),
    ),
    newsletter: await count(
      db
        .select()
        .from(newsletterSubscribers)
        .where(sql`lower(${newsletterSubscribers.email}) = ${email}`),
    ),
    restockRequests: await count(
      db
        .select()
        .from(restockRequests)
        .where(sql`lower(${restockRequests.email}) = ${email}`),
    ),
    contactMessages: await count(
      db
        .select()
        .from(contactMessages)
        .where(sql`lower(${contactMessages.email}) = ${email}`),
    ),
    mails: await db
      .select({ id: mailOutbox.id, subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(sql`lower(${mailOutbox.to}) = ${email}`),
  };
}

/** Everything erased but what docs/your-data.md keeps: the orders (who and where exactly erased), the review. */
const erased = (erasedEmail: string) => ({
  user: {
    email: erasedEmail,
    name: '',
    image: null,
    status: 'Eliminated',
    manager: false,
    twoFactorEnabled: false,
  },
  orders: [
    {
      email: erasedEmail,
      deliveryAddress: {
        name: '',
        line1: '',
        city: 'Winston-Salem',
        state: 'north carolina',
        stateCode: 'NC',
        postal_code: '27101',
      },
      billingAddress: {
        name: '',
        line1: '',
        city: 'Durham',
        state: 'NC',
        stateCode: 'NC',
        postal_code: '27701',
      },
    },
  ],
  reviews: 1,
  sessions: 0,
  signInMethods: 0,
  twoFactors: 0,
  resetTokens: 0,
  passkeys: 0,
  favorites: 0,
  checkoutAttempts: 0,
  newsletter: 0,
  restockRequests: 0,
  contactMessages: 0,
  // Its id is compared too: mailed twice, it would be a new row.
  mails: [{ id: expect.any(String), subject: 'Your Sneaker Street account was deleted' }],
});

const accountDeleted = (userId: string) =>
  t.database.db
    .select()
    .from(domainEvents)
    .where(
      and(eq(domainEvents.type, 'account.deleted'), sql`${domainEvents.payload} ->> 'userId' = ${userId}`),
    );

/**
 * Makes an event look as if the shop had died between its commit and its dispatch: undispatched,
 * and older than the sweep's grace. The next sweep hands it over again.
 */
async function undispatch(id: string) {
  await t.database.db
    .update(domainEvents)
    .set({ dispatchedAt: null, claimedUntil: null, createdAt: sql`now() - interval '1 hour'` })
    .where(eq(domainEvents.id, id));
}

describe('the account deletion, erased by each owner', () => {
  it('is erased before the answer, and handed over twice it erases calmly to the same result', async () => {
    const shopper = await shopperWithEverything();
    const deleted = await send('POST', '/api/account/delete', shopper.cookie, { password: 'secret123' });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const erasedEmail = (await holdingsOf(shopper)).user!.email;
    expect(erasedEmail).toMatch(/^erased-[0-9a-f]{16}@erased\.invalid$/);
    const once = await holdingsOf(shopper);
    expect(once).toEqual(erased(erasedEmail));

    const [event] = await accountDeleted(shopper.userId);
    expect(event!.payload).toEqual({ userId: shopper.userId, email: shopper.email, erasedEmail });
    expect(event!.dispatchedAt, 'handed over before the answer').not.toBeNull();
    await undispatch(event!.id);
    await t.app.domainEvents.sweep();
    const [again] = await accountDeleted(shopper.userId);
    // A consumer that threw would leave it waiting for the next sweep.
    expect(again!.dispatchedAt, 'every consumer took it again').not.toBeNull();
    expect(await holdingsOf(shopper)).toEqual(once);
  });

  it('is finished by the sweep when the shop died between the closing commit and the erasure', async () => {
    const shopper = await shopperWithEverything();
    const erasedEmail = 'erased-0123456789abcdef@erased.invalid';
    // The closing transaction on the raw database: committed with its event, never handed over.
    await createAccountRepository(t.database.db).close({
      userId: shopper.userId,
      email: shopper.email,
      erasedEmail,
    });
    const [event] = await accountDeleted(shopper.userId);
    expect(event!.dispatchedAt).toBeNull();
    const waiting = await holdingsOf(shopper);
    expect(waiting.user).toEqual(erased(erasedEmail).user);
    expect(waiting).toMatchObject({
      sessions: 1,
      favorites: 1,
      passkeys: 1,
      newsletter: 1,
      mails: expect.arrayContaining([expect.objectContaining({ subject: 'Kept for you' })]),
    });

    await undispatch(event!.id);
    await t.app.domainEvents.sweep();
    expect((await accountDeleted(shopper.userId))[0]!.dispatchedAt).not.toBeNull();
    expect(await holdingsOf(shopper)).toEqual(erased(erasedEmail));
  });
});
