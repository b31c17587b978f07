import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../src/domain/messages.js';
import {
  accounts,
  favorites,
  mailOutbox,
  newsletterSubscribers,
  orders,
  restockRequests,
  reviews,
  sessions,
  users,
} from '../../../src/server/db/schema.js';
import { paymentMethodBody } from '../../fixtures/payment.js';
import { insertCatalog } from '../support/catalog-fixture.js';
import { cookieFrom, signIn, signUp } from '../support/session.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { staffSession } from '../support/staff.js';
import { createSender } from '../support/sender.js';

/**
 * A shopper's own data (issue 20): the download holds everything the shop keeps about them and
 * nothing secret; deleting the account (password typed again) ends their sessions, erases them,
 * keeps their orders without the email and their reviews anonymous, and drops the rest.
 */
const ADMIN = { email: 'owner@your-data.test', password: 'owner-password' };

let t: TestApp;
let shoeId: string;
beforeAll(async () => {
  t = await createTestApp(
    { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
    { bootstrapAdmin: true },
  );
  const { shoeIds } = await insertCatalog(
    t.database.db,
    ['Stride'],
    [{ name: 'Trail', brand: 'Stride', color: 'Green', price: 60, sizes: [['8', 50]] }],
  );
  shoeId = shoeIds.get('Trail')!;
});
afterAll(() => t.close());

const send = createSender(() => t.app, 90);

/** A shopper with an order, a review, a favorite, the newsletter and a restock request. */
async function busyShopper() {
  const shopper = await signUp(t.app, undefined, 'secret123');
  const method = await send('POST', '/api/payments/methods', shopper.cookie, paymentMethodBody());
  const paid = await send('POST', '/api/cart/checkout', shopper.cookie, {
    id: method.json().id,
    shoes: [{ _id: shoeId, size: '8', quantity: 1 }],
    amount: 6000,
  });
  expect(paid.statusCode, paid.body).toBe(200);
  const userId = shopper.user._id as string;
  const db = t.database.db;
  await db.insert(reviews).values({ userId, shoeId, review: 'Light and quick on gravel.', rating: 5 });
  await db.insert(favorites).values({ userId, shoeId });
  await db.insert(newsletterSubscribers).values({ email: shopper.email, unsubscribeToken: `nl-${userId}` });
  await db
    .insert(restockRequests)
    .values({ email: shopper.email, shoeId, size: '11', unsubscribeToken: `rs-${userId}` });
  return { ...shopper, userId, idPayment: paid.json().order.idPayment as string };
}

describe('your data', () => {
  it('downloads everything the shop holds about the shopper, and nothing secret', async () => {
    const shopper = await busyShopper();
    const answer = await send('GET', '/api/account/data', shopper.cookie);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-disposition']).toMatch(
      /^attachment; filename="sneaker-street-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(answer.headers['cache-control']).toBe('no-store');
    const data = answer.json();
    expect(data.profile).toMatchObject({ id: shopper.userId, email: shopper.email, status: 'Enabled' });
    expect(data.orders).toEqual([expect.objectContaining({ idPayment: shopper.idPayment, amount: 6000 })]);
    expect(data.reviews).toEqual([
      expect.objectContaining({ shoe: 'Trail', rating: 5, review: 'Light and quick on gravel.' }),
    ]);
    expect(data.favorites).toEqual([expect.objectContaining({ shoeId, shoe: 'Trail' })]);
    expect(data.newsletter).toMatchObject({ email: shopper.email });
    expect(data.restockRequests).toEqual([expect.objectContaining({ shoe: 'Trail', size: '11' })]);
    expect(data.sessions.length).toBeGreaterThanOrEqual(1);
    expect(data.signInMethods).toEqual([expect.objectContaining({ provider: 'credential' })]);
    // No password hash, no session token, no unsubscribe token.
    const text = answer.body;
    const [session] = await t.database.db.select().from(sessions).where(eq(sessions.userId, shopper.userId));
    expect(text).not.toContain('scrypt$');
    expect(text).not.toContain(session!.token);
    expect(text).not.toContain(`nl-${shopper.userId}`);
    expect(text).not.toContain(`rs-${shopper.userId}`);
    expect((await send('GET', '/api/account/data', '')).statusCode).toBe(401);
  });

  it('deletes the account once the password is typed again; orders stay without the email', async () => {
    const shopper = await busyShopper();
    const db = t.database.db;
    const wrong = await send('POST', '/api/account/delete', shopper.cookie, { password: 'not-it' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(MESSAGES.identity.wrongPassword);
    expect((await db.select().from(users).where(eq(users.id, shopper.userId)))[0]!.status).toBe('Enabled');

    const second = cookieFrom(await signIn(t.app, shopper.email, 'secret123'));
    const deleted = await send('POST', '/api/account/delete', shopper.cookie, { password: 'secret123' });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: MESSAGES.yourData.deleted });

    // Every session ended; the address no longer signs in.
    for (const cookie of [shopper.cookie, second]) {
      expect((await send('GET', '/api/account/session', cookie)).json()).toEqual({
        user: null,
        secondFactor: false,
      });
    }
    expect((await signIn(t.app, shopper.email, 'secret123')).statusCode).toBe(404);

    const [user] = await db.select().from(users).where(eq(users.id, shopper.userId));
    expect(user).toMatchObject({ status: 'Eliminated', name: '', image: null, manager: false });
    expect(user!.email).toMatch(/^erased-[0-9a-f]{16}@erased\.invalid$/);
    const [order] = await db.select().from(orders).where(eq(orders.idPayment, shopper.idPayment));
    expect(order!.email).toBe(user!.email);
    expect(await db.select().from(reviews).where(eq(reviews.userId, shopper.userId))).toHaveLength(1);
    const listed = await send('GET', `/api/reviews/${shoeId}`, '');
    expect(JSON.stringify(listed.json())).not.toContain(shopper.email);
    expect(await db.select().from(favorites).where(eq(favorites.userId, shopper.userId))).toEqual([]);
    expect(await db.select().from(accounts).where(eq(accounts.userId, shopper.userId))).toEqual([]);
    expect(await db.select().from(sessions).where(eq(sessions.userId, shopper.userId))).toEqual([]);
    expect(
      await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, shopper.email)),
    ).toEqual([]);
    expect(await db.select().from(restockRequests).where(eq(restockRequests.email, shopper.email))).toEqual(
      [],
    );
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.to, shopper.email));
    expect(mails.map((mail) => mail.subject)).toEqual(['Your Sneaker Street account was deleted']);

    // The address is free for a new account.
    expect((await signUp(t.app, shopper.email, 'another123')).user._id).not.toBe(shopper.userId);
  });

  it('never deletes the administrator, nor an account without a password, nor on bad input', async () => {
    const admin = await staffSession(t.app, ADMIN.email, ADMIN.password);
    const refused = await send('POST', '/api/account/delete', admin, { password: ADMIN.password });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(MESSAGES.yourData.administrator);
    expect((await send('GET', '/api/account/session', admin)).json().user.email).toBe(ADMIN.email);

    const google = await signUp(t.app, undefined, 'secret123');
    await t.database.db.delete(accounts).where(eq(accounts.userId, google.user._id));
    const noPassword = await send('POST', '/api/account/delete', google.cookie, { password: 'secret123' });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().error.message).toBe(MESSAGES.yourData.noPassword);

    const shopper = await signUp(t.app, undefined, 'secret123');
    for (const body of [
      {},
      { password: '' },
      { password: 7 },
      { password: 'secret123', keepOrders: false },
    ]) {
      expect(
        (await send('POST', '/api/account/delete', shopper.cookie, body)).statusCode,
        JSON.stringify(body),
      ).toBe(400);
    }
    expect((await send('POST', '/api/account/delete', '', { password: 'secret123' })).statusCode).toBe(401);

    // Guessing is slow per account, whatever the address: 5 wrong passwords a minute, then 429.
    const guessed = await signUp(t.app, undefined, 'secret123');
    const answers = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      answers.push(
        (await send('POST', '/api/account/delete', guessed.cookie, { password: `guess-${attempt}` }))
          .statusCode,
      );
    }
    expect(answers).toEqual([400, 400, 400, 400, 400, 429]);
    expect(
      (await send('POST', '/api/account/delete', guessed.cookie, { password: 'secret123' })).statusCode,
    ).toBe(429);
    expect((await send('GET', '/api/account/session', guessed.cookie)).json().user.email).toBe(guessed.email);
    expect((await send('GET', '/api/account/session', shopper.cookie)).json().user.email).toBe(shopper.email);
  });
});
