/** Mass assignment in the bodies of payments, checkout, favorites, reviews and the admin panel. */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../src/domain/messages.js';
import { favorites, orderLines, orders, reviews } from '../../../src/server/db/schema.js';
import { CARD, db, accounts, send, useMatrixShop } from '../support/authorization/world.js';
import {
  freshShoe,
  freshUser,
  orderFor,
  reviewBy,
  paymentMethod,
  ownerOfMethod,
} from '../support/authorization/fixtures.js';
import {
  favoriteCount,
  reviewCount,
  reviewRow,
  ordersOfShoe,
  orderStatus,
  shoeRow,
  stockOf,
} from '../support/authorization/state.js';
import {
  shopper,
  victim,
  FORGED_ID,
  extras,
  victimUntouched,
  recountVictim,
  row,
  useForgedFields,
} from '../support/authorization/forged-fields.js';

useMatrixShop();

describe('mass assignment, shop and admin panel: fields a body may not set are ignored or refused, never applied', () => {
  useForgedFields('shop and admin');

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
    await recountVictim();
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
