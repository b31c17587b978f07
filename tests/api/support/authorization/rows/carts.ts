/**
 * Matrix rows of the cart kept on the account (issue 35 item 1): each signed-in shopper's own; and a
 * reminder mail's restore link (item 2), only for the account it was mailed to.
 */
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { cartLines, cartReminders, carts } from '../../../../../src/server/db/schema.js';
import { createLinkTokens } from '../../../../../src/server/modules/cart-reminders/service.js';
import { DISABLED, FORBIDDEN, OK, SIGN_IN_FIRST, ownAccount, type Row, get, post, put } from '../roles.js';
import { SESSION_SECRET, anchorShoe, db } from '../world.js';

const lineOf = (size: string, quantity: number) => ({
  _id: anchorShoe,
  name: 'Matrix shoe',
  image: '',
  quantity,
  price: 10,
  size,
});

/** The owner's cart holds one line (size 9, 2 pairs), saved as the module would. */
async function ownersCart(owner: { id: string }): Promise<Record<string, string>> {
  await db().delete(carts).where(eq(carts.userId, owner.id));
  await db().insert(carts).values({ userId: owner.id, version: 3 });
  await db().insert(cartLines).values({
    userId: owner.id,
    shoeId: anchorShoe,
    size: '9',
    quantity: 2,
    name: 'Matrix shoe',
    image: '',
    position: 0,
    addedPriceCents: 1000,
    addedStock: 5,
  });
  return {};
}
/** What the owner's cart holds: its version and lines. */
const cartState = async ({ owner }: { owner: { id: string } }) => ({
  version: (await db().select().from(carts).where(eq(carts.userId, owner.id)))[0]?.version,
  lines: (await db().select().from(cartLines).where(eq(cartLines.userId, owner.id)))
    .map((line) => `${line.size}x${line.quantity}`)
    .sort(),
});

/**
 * The owner's cart as ownersCart() leaves it, and a reminder sent to the owner naming size 10 (1
 * pair) and size 9 (1 pair, fewer than the cart holds); the token of its restore link, signed as
 * modules/cart-reminders signs it with the matrix shop's session secret.
 */
async function remindedCart(owner: { id: string }): Promise<Record<string, string>> {
  await ownersCart(owner);
  const line = (size: string, quantity: number) => ({
    shoeId: anchorShoe,
    size,
    quantity,
    name: 'Matrix shoe',
    image: '',
  });
  const [reminder] = await db()
    .insert(cartReminders)
    .values({
      userId: owner.id,
      cartId: crypto.randomUUID(),
      number: 1,
      state: 'sent',
      sentAt: new Date(),
      lines: [line('10', 1), line('9', 1)],
    })
    .returning({ id: cartReminders.id });
  const token = createLinkTokens(SESSION_SECRET).sign({
    p: 'restore',
    u: owner.id,
    r: reminder!.id,
    e: Date.now() + 86_400_000,
  });
  return { token };
}

export const CART_ROWS: Row[] = [
  {
    route: 'GET /api/account/cart',
    outcomes: ownAccount,
    prepare: ({ owner }) => ownersCart(owner),
    request: () => get('/api/account/cart'),
    // Each role reads its own cart: only the user's holds the owner's line.
    check: (response, { role }) =>
      expect(response.json().lines.length > 0 && response.json().version === 3).toBe(role === 'user'),
  },
  {
    route: 'PUT /api/account/cart',
    note: "the caller's own cart, written on the version it read",
    outcomes: { ...ownAccount, 'other user': OK, manager: OK, administrator: OK },
    prepare: ({ owner }) => ownersCart(owner),
    // Version 3 is the owner's; another account's cart is new (version 0), so this is the caller's
    // own cart in every role (as 409 for the others would prove nothing): version 0 for them.
    request: ({ role }) =>
      put('/api/account/cart', { version: role === 'user' ? 3 : 0, lines: [lineOf('10', 1)] }),
    state: cartState,
    after: ({ role }, before) => (role === 'user' ? { version: 4, lines: ['10x1'] } : before),
    check: (response) =>
      expect(response.json().lines.map((line: { size: string }) => line.size)).toEqual(['10']),
  },
  {
    route: 'POST /api/account/cart/merge',
    note: "merged into the caller's own cart",
    outcomes: { ...ownAccount, 'other user': OK, manager: OK, administrator: OK },
    prepare: ({ owner }) => ownersCart(owner),
    request: () => post('/api/account/cart/merge', { lines: [lineOf('9', 5)] }),
    state: cartState,
    after: ({ role }, before) => (role === 'user' ? { version: 4, lines: ['9x5'] } : before),
    // The caller's own cart: size 9 at the larger quantity, beside what it held (another row's line).
    check: (response) =>
      expect(response.json().lines.find((line: { size: string }) => line.size === '9')).toMatchObject({
        quantity: 5,
      }),
  },
  {
    route: 'POST /api/account/cart/restore',
    note: "a reminder mail's link for the user: merged into the user's cart, and nobody else's",
    // The link names its account: anyone else signed in is told so (403), staff too; nothing is merged.
    outcomes: {
      visitor: SIGN_IN_FIRST,
      user: OK,
      'other user': FORBIDDEN,
      'disabled user': DISABLED,
      manager: FORBIDDEN,
      administrator: FORBIDDEN,
    },
    prepare: ({ owner }) => remindedCart(owner),
    request: ({ fixture }) => post('/api/account/cart/restore', { token: fixture.token }),
    state: cartState,
    // Size 10 added, size 9 kept at the larger quantity (2), one write.
    after: () => ({ version: 4, lines: ['10x1', '9x2'] }),
    check: (response) =>
      expect(
        response
          .json()
          .lines.map((line: { size: string; quantity: number }) => `${line.size}x${line.quantity}`)
          .sort(),
      ).toEqual(['10x1', '9x2']),
  },
];
