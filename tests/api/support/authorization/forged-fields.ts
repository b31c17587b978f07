/**
 * Mass assignment: a shopper sends bodies with fields no form has, naming another account (the
 * victim) or granting power; afterwards nothing of the victim's may have changed.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { favorites, orders, reviews, users } from '../../../../src/server/db/schema.js';
import type { Account } from './roles.js';
import { db, accounts, newAccount } from './world.js';
import { countWhere, userRow, passwordOf, sessionCount } from './state.js';

let checked = 0;

/** Acts in these tests; `victim` (the other user) is who the extra fields name. */
export let shopper: Account;
export let victim: Account;
export const FORGED_ID = '00000000-0000-4000-8000-00000000abcd';
/** Fields that are no part of the bodies below, naming the victim or granting power. */
export let extras: Record<string, unknown>;

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

// Whatever the body said, nothing of the victim's changed.
export const victimUntouched = async () => {
  checked += 1;
  expect(await victimState()).toEqual(victimBefore);
};
export const row = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0]!;

/** A body checked by hand, without victimUntouched(). */
export const noteBodyChecked = () => {
  checked += 1;
};

/** The hooks of a mass-assignment file, inside its describe: the shopper, the victim, the fields. */
/** Counts the victim's state again from here (after a test made fixtures of the victim's). */
export async function recountVictim(): Promise<void> {
  victimBefore = await victimState();
}

/** The shopper after a test changed their password: its new session and password. */
export function shopperBecomes(next: Account): void {
  shopper = next;
}

export function useForgedFields(area: string): void {
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
  afterAll(() => console.log(`authorization matrix, mass assignment (${area}): ${checked} bodies checked`));
}
