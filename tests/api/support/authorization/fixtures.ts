/** Fixtures, made fresh by a row's prepare() when a request consumes what it acts on. */
import crypto from 'node:crypto';
import { createEmailVerificationToken } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  brands,
  discountCodes,
  mailOutbox,
  orderLines,
  orders,
  returnRequests,
  reviews,
  shoes,
  stockEntries,
  users,
} from '../../../../src/server/db/schema.js';
import { TEST_ORIGIN } from '../session.js';
import type { Account } from './roles.js';
import { CARD, t, brandId, anchorShoe, db, testPayments, nextAddress, SESSION_SECRET } from './world.js';
import { userRow } from './state.js';

let serial = 0;
/** A unique name made of letters only, as the admin forms require. */
export function uniqueLetters(prefix: string): string {
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
export const uniqueCode = () => `MATRIX${Date.now().toString(36).toUpperCase()}${++codes}`;

export async function freshCode(): Promise<string> {
  const [code] = await db()
    .insert(discountCodes)
    .values({ code: uniqueCode(), kind: 'percent', percent: 10, target: 'cart' })
    .returning({ id: discountCodes.id });
  return code!.id;
}

export const codeRow = async (id: string) =>
  (
    await db()
      .select({ kind: discountCodes.kind, active: discountCodes.active })
      .from(discountCodes)
      .where(eq(discountCodes.id, id))
  )[0];

export async function freshShoe(): Promise<string> {
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

export async function freshBrand(): Promise<string> {
  const [brand] = await db()
    .insert(brands)
    .values({ name: uniqueLetters('Fixture Brand') })
    .returning({ id: brands.id });
  return brand!.id;
}

/** A user row without a password (targets of admin changes, password resets). */
export async function freshUser(): Promise<{ id: string; email: string }> {
  const id = crypto.randomUUID();
  const email = `fixture.${id}@matrix.test`;
  await db().insert(users).values({ id, email });
  return { id, email };
}

/** An order of `owner`'s, optionally with one line of `shoeId`. */
export async function orderFor(
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
export async function returnFor(owner: { id: string; email: string }): Promise<Record<string, string>> {
  const order = await orderFor(owner, { status: 'Received', shoeId: anchorShoe });
  const [asked] = await db()
    .insert(returnRequests)
    .values({ orderId: order.id, lines: [{ lineId: order.lineId, quantity: 1 }], reason: 'damaged' })
    .returning({ id: returnRequests.id });
  return { ...order, returnId: asked!.id };
}

export const returnStatus = async (id: string) =>
  (
    await db().select({ status: returnRequests.status }).from(returnRequests).where(eq(returnRequests.id, id))
  )[0]?.status;

export async function reviewBy(owner: Account, shoeId: string): Promise<string> {
  const [review] = await db()
    .insert(reviews)
    .values({ userId: owner.id, shoeId, review: 'Written for one test.', rating: 3 })
    .returning({ id: reviews.id });
  return review!.id;
}

/** A test-mode payment method of `userId`'s, signed like the app's own (DESIGN.md §2: bound to its owner). */
export const paymentMethod = async (userId: string) =>
  (await testPayments.createPaymentMethod(userId, CARD)).id;
export const ownerOfMethod = (id: string): string =>
  JSON.parse(Buffer.from(id.replace(/^pm_/, '').split('.')[0]!, 'base64url').toString('utf8')).user;

/** Asks for a reset link for a fresh user and reads its token from the mail. */
export async function resetToken(): Promise<{ id: string; email: string; token: string }> {
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

/** A fresh user with an unconfirmed address and the token its confirmation link would carry. */
export async function confirmationToken(): Promise<{ id: string; email: string; token: string }> {
  const user = await freshUser();
  const token = await createEmailVerificationToken(SESSION_SECRET, user.email, undefined, 3600, {
    userId: user.id,
  });
  return { ...user, token };
}

/** Runs `action` with `account` enabled (the disabled user's own fixtures are made so). */
export async function asEnabled<T>(account: Account, action: () => Promise<T>): Promise<T> {
  const { status } = (await userRow(account.id))!;
  if (status === 'Enabled') return action();
  await db().update(users).set({ status: 'Enabled' }).where(eq(users.id, account.id));
  try {
    return await action();
  } finally {
    await db().update(users).set({ status }).where(eq(users.id, account.id));
  }
}
