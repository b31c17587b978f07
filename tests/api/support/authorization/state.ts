import crypto from 'node:crypto';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import {
  accounts as credentials,
  brands,
  contactMessages,
  favorites,
  mailOutbox,
  newsletterSubscribers,
  orderLines,
  orders,
  pageViews,
  reviews,
  sessions,
  shoes,
  passkeys,
  stockEntries,
  twoFactors,
  users,
} from '../../../../src/server/db/schema.js';
import { type Account } from './roles.js';
import { db, baselineSessions } from './world.js';

// ---------------------------------------------------------------------------------------------
// State readers: what a request would change.

export const countWhere = async (query: Promise<{ n: number }[]>) => (await query)[0]!.n;
/** Whether the account has two-step sign-in on, and how many authenticator records it has. */
export const twoFactorOf = async (id: string) => {
  const [row] = await db().select({ on: users.twoFactorEnabled }).from(users).where(eq(users.id, id));
  const [records] = await db().select({ n: count() }).from(twoFactors).where(eq(twoFactors.userId, id));
  return { on: row!.on, records: records!.n };
};
export const userRow = async (id: string) =>
  (
    await db()
      .select({ name: users.name, status: users.status, manager: users.manager, image: users.image })
      .from(users)
      .where(eq(users.id, id))
  )[0];
export const emailVerifiedOf = async (id: string) =>
  (await db().select({ verified: users.emailVerified }).from(users).where(eq(users.id, id)))[0]?.verified;
export const passwordOf = async (userId: string) =>
  (
    await db()
      .select({ password: credentials.password })
      .from(credentials)
      .where(and(eq(credentials.userId, userId), eq(credentials.providerId, 'credential')))
  )[0]?.password ?? null;
export const sessionCount = (userId: string) =>
  countWhere(db().select({ n: count() }).from(sessions).where(eq(sessions.userId, userId)));
/** Whether the session behind the account's cookie still exists. */
export const cookieSessionAlive = async (account: Account) => {
  const ids = baselineSessions.filter((row) => row.userId === account.id).map((row) => row.id);
  return (await countWhere(db().select({ n: count() }).from(sessions).where(inArray(sessions.id, ids)))) > 0;
};
/**
 * Another session of the account (a second device), beside the one the walk signs in with. Always
 * the user's: a disabled account's refusal ends every session it holds, its own second one too.
 */
/** A passkey of `account`'s, stored as better-auth keeps one after a registration. */
export async function storedPasskey(account: { id: string }): Promise<Record<string, string>> {
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
export const passkeyExists = async (id: string) =>
  (await db().select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.id, id))).length === 1;
/** A WebAuthn answer of the right shape, whose challenge the shop never gave. */
export const webAuthnAnswer = (response: Record<string, string>) => ({
  id: 'AAAA',
  rawId: 'AAAA',
  type: 'public-key',
  response,
});

export async function secondSession(account: { id: string }): Promise<Record<string, string>> {
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
export const sessionAlive = async (id: string) =>
  (await countWhere(db().select({ n: count() }).from(sessions).where(eq(sessions.id, id)))) > 0;
export const usersWithEmail = (email: string) =>
  countWhere(db().select({ n: count() }).from(users).where(eq(users.email, email)));
export const mailsTo = (email: string) =>
  countWhere(db().select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.to, email)));
export const favoriteCount = (userId: string, shoeId: string) =>
  countWhere(
    db()
      .select({ n: count() })
      .from(favorites)
      .where(and(eq(favorites.userId, userId), eq(favorites.shoeId, shoeId))),
  );
export const reviewCount = (shoeId: string) =>
  countWhere(db().select({ n: count() }).from(reviews).where(eq(reviews.shoeId, shoeId)));
export const reviewRow = async (id: string) =>
  (
    await db()
      .select({ review: reviews.review, rating: reviews.rating })
      .from(reviews)
      .where(eq(reviews.id, id))
  )[0] ?? null;
/** How many of `userId`'s orders hold `shoeId`. */
export const ordersOfShoe = (userId: string, shoeId: string) =>
  countWhere(
    db()
      .select({ n: count() })
      .from(orders)
      .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
      .where(and(eq(orders.userId, userId), eq(orderLines.shoeId, shoeId))),
  );
export const orderStatus = async (idPayment: string) =>
  (await db().select({ status: orders.status }).from(orders).where(eq(orders.idPayment, idPayment)))[0]
    ?.status;
export const shoeRow = async (id: string) =>
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
export const stockOf = async (id: string) =>
  (
    await db()
      .select({ size: stockEntries.size, quantity: stockEntries.quantity })
      .from(stockEntries)
      .where(eq(stockEntries.shoeId, id))
      .orderBy(asc(stockEntries.size))
  ).map((entry) => [entry.size, entry.quantity]);
export const shoesNamed = (name: string) =>
  countWhere(db().select({ n: count() }).from(shoes).where(eq(shoes.name, name)));
export const brandsNamed = (name: string) =>
  countWhere(db().select({ n: count() }).from(brands).where(eq(brands.name, name)));
export const brandExists = async (id: string) =>
  (await countWhere(db().select({ n: count() }).from(brands).where(eq(brands.id, id)))) === 1;
export const subscribers = (email: string) =>
  countWhere(
    db().select({ n: count() }).from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)),
  );
export const unsubscribed = async (token: string) =>
  (
    await db()
      .select({ at: newsletterSubscribers.unsubscribedAt })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.unsubscribeToken, token))
  )[0]!.at !== null;
export const contactsNamed = (name: string) =>
  countWhere(db().select({ n: count() }).from(contactMessages).where(eq(contactMessages.name, name)));
export const viewsOf = async (route: string) =>
  (
    await db()
      .select({ n: sql<number>`coalesce(sum(${pageViews.views}), 0)`.mapWith(Number) })
      .from(pageViews)
      .where(eq(pageViews.route, route))
  )[0]!.n;
