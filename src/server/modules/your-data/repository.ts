import { and, asc, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import {
  accounts,
  contactMessages,
  favorites,
  newsletterSubscribers,
  passkeys,
  restockRequests,
  reviews,
  sessions,
  shoes,
  users,
} from '../../db/schema.js';

const sameEmail = (column: AnyPgColumn, email: string) => sql`lower(${column}) = ${email.toLowerCase()}`;

/**
 * Everything the shop holds about one person, read for their download. It writes nothing: when they
 * leave, each owner erases its own part (`account.deleted`, docs/your-data.md).
 */
export function createYourDataRepository(db: Database) {
  return {
    /** The stored hash of the account's password; undefined for an account that signs in with Google only. */
    async passwordHashOf(userId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ password: accounts.password })
        .from(accounts)
        .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
      return row?.password ?? undefined;
    },

    /** What the download holds besides the orders (the orders repository reads those). */
    async holdings(userId: string, email: string) {
      const [profile, ownReviews, ownFavorites, newsletter, restock, signIns, linked, messages, keys] =
        await Promise.all([
          db
            .select({
              id: users.id,
              email: users.email,
              name: users.name,
              image: users.image,
              emailVerified: users.emailVerified,
              status: users.status,
              manager: users.manager,
              twoFactorEnabled: users.twoFactorEnabled,
              createdAt: users.createdAt,
            })
            .from(users)
            .where(eq(users.id, userId)),
          db
            .select({
              shoeId: reviews.shoeId,
              shoe: shoes.name,
              rating: reviews.rating,
              review: reviews.review,
              createdAt: reviews.createdAt,
              updatedAt: reviews.updatedAt,
            })
            .from(reviews)
            .innerJoin(shoes, eq(shoes.id, reviews.shoeId))
            .where(eq(reviews.userId, userId))
            .orderBy(asc(reviews.createdAt)),
          db
            .select({ shoeId: favorites.shoeId, shoe: shoes.name, addedAt: favorites.createdAt })
            .from(favorites)
            .innerJoin(shoes, eq(shoes.id, favorites.shoeId))
            .where(eq(favorites.userId, userId))
            .orderBy(asc(favorites.createdAt)),
          db
            .select({ email: newsletterSubscribers.email, since: newsletterSubscribers.createdAt })
            .from(newsletterSubscribers)
            .where(sameEmail(newsletterSubscribers.email, email)),
          db
            .select({
              shoeId: restockRequests.shoeId,
              shoe: shoes.name,
              size: restockRequests.size,
              askedAt: restockRequests.createdAt,
            })
            .from(restockRequests)
            .innerJoin(shoes, eq(shoes.id, restockRequests.shoeId))
            .where(sameEmail(restockRequests.email, email))
            .orderBy(asc(restockRequests.createdAt)),
          db
            .select({
              ipAddress: sessions.ipAddress,
              userAgent: sessions.userAgent,
              createdAt: sessions.createdAt,
              lastActive: sessions.updatedAt,
              expiresAt: sessions.expiresAt,
            })
            .from(sessions)
            .where(eq(sessions.userId, userId))
            .orderBy(asc(sessions.createdAt)),
          db
            .select({ provider: accounts.providerId, linkedAt: accounts.createdAt })
            .from(accounts)
            .where(eq(accounts.userId, userId)),
          db
            .select({
              name: contactMessages.name,
              message: contactMessages.message,
              sentAt: contactMessages.createdAt,
            })
            .from(contactMessages)
            .where(sameEmail(contactMessages.email, email))
            .orderBy(asc(contactMessages.createdAt)),
          // A passkey's name and date; its public key identifies nothing about the person.
          db
            .select({ name: passkeys.name, addedAt: passkeys.createdAt })
            .from(passkeys)
            .where(eq(passkeys.userId, userId))
            .orderBy(asc(passkeys.createdAt)),
        ]);
      return {
        profile: profile[0],
        reviews: ownReviews,
        favorites: ownFavorites,
        newsletter: newsletter[0] ?? null,
        restockRequests: restock,
        sessions: signIns,
        signInMethods: linked,
        passkeys: keys,
        contactMessages: messages,
      };
    },
  };
}

export type YourDataRepository = ReturnType<typeof createYourDataRepository>;
