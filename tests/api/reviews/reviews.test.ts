import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../src/domain/messages.js';
import { paymentMethodBody } from '../../fixtures/payment.js';
import { insertCatalog } from '../support/catalog-fixture.js';
import { signUp, TEST_ORIGIN } from '../support/session.js';
import type { TestApp } from '../support/test-app.js';
import { createStaffTestApp } from '../support/staff-test-app.js';

let t: TestApp;
let shoeId: string;
let otherShoeId: string;
let adminCookie: string;

beforeAll(async () => {
  ({ t, admin: adminCookie } = await createStaffTestApp({
    email: 'owner@shop.test',
    password: 'owner-password',
  }));
  const { shoeIds } = await insertCatalog(
    t.database.db,
    ['Velo'],
    [
      { name: 'Storm Court', brand: 'Velo', color: 'Blue', price: 90, sizes: [['9', 50]] },
      { name: 'Cloud Runner', brand: 'Velo', color: 'Red', price: 120, sizes: [['9', 50]] },
    ],
  );
  shoeId = shoeIds.get('Storm Court')!;
  otherShoeId = shoeIds.get('Cloud Runner')!;
});
afterAll(() => t.close());

const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: { cookie, origin: TEST_ORIGIN } });

/** A shopper who bought the Storm Court; `received` says whether the order arrived. */
async function buyer(received: boolean) {
  const shopper = await signUp(t.app);
  const pm = (await send('POST', '/api/payments/methods', shopper.cookie, paymentMethodBody())).json().id;
  const paid = await send('POST', '/api/cart/checkout', shopper.cookie, {
    id: pm,
    shoes: [{ _id: shoeId, size: '9', quantity: 1 }],
    amount: 9000,
  });
  expect(paid.statusCode).toBe(200);
  if (received) {
    const marked = await send('PUT', `/api/cart/order/${paid.json().order.idPayment}`, adminCookie, {
      status: 'Received',
    });
    expect(marked.json().status).toBe('Received');
  }
  return shopper;
}

describe('reviews', () => {
  it("lets only a buyer whose order was Received review, once, and lists others' reviews anonymously", async () => {
    const pending = await buyer(false);
    const refused = await send('POST', `/api/reviews/${shoeId}`, pending.cookie, {
      review: 'Great shoes',
      rating: 5,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(MESSAGES.review.notBought);

    const author = await buyer(true);
    const created = await send('POST', `/api/reviews/${shoeId}`, author.cookie, {
      review: '  Comfy from day one  ',
      idUser: 'someone-else',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ review: 'Comfy from day one', rating: 1, own: true });
    const twice = await send('POST', `/api/reviews/${shoeId}`, author.cookie, {
      review: 'Second thoughts',
      rating: 2,
    });
    expect(twice.statusCode).toBe(409);
    const otherShoe = await send('POST', `/api/reviews/${otherShoeId}`, author.cookie, {
      review: 'Never bought',
      rating: 2,
    });
    expect(otherShoe.statusCode).toBe(403);

    const asVisitor = (await t.app.inject({ method: 'GET', url: `/api/reviews/${shoeId}` })).json();
    expect(asVisitor).toEqual([expect.objectContaining({ review: 'Comfy from day one', own: false })]);
    expect(JSON.stringify(asVisitor)).not.toContain(author.user._id);
    const asAuthor = await t.app.inject({
      method: 'GET',
      url: `/api/reviews/${shoeId}`,
      headers: { cookie: author.cookie },
    });
    expect(asAuthor.json()[0].own).toBe(true);
  });

  it('keeps review text as text and checks the spec rules', async () => {
    const author = await buyer(true);
    const short = await send('POST', `/api/reviews/${shoeId}`, author.cookie, { review: 'meh', rating: 3 });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields.review).toBe(MESSAGES.review.tooShort);
    for (const rating of [0, 6, 2.5]) {
      expect(
        (await send('POST', `/api/reviews/${shoeId}`, author.cookie, { review: 'Fine shoes', rating }))
          .statusCode,
      ).toBe(400);
    }
    expect(
      (await send('POST', `/api/reviews/${shoeId}`, author.cookie, { review: 'x'.repeat(2001) })).statusCode,
    ).toBe(400);
    const html = '<img src=x onerror=alert(1)> nice';
    const created = await send('POST', `/api/reviews/${shoeId}`, author.cookie, { review: html, rating: 4 });
    expect(created.json().review).toBe(html);
  });

  it('lets only the author edit, and the author or the administrator delete', async () => {
    const author = await buyer(true);
    const stranger = await buyer(true);
    const { _id } = (
      await send('POST', `/api/reviews/${shoeId}`, author.cookie, { review: 'Good value', rating: 3 })
    ).json();

    // A visitor's list is kept with the catalogue's answers: every write must drop it.
    const visitorSees = async () =>
      (
        (await t.app.inject({ method: 'GET', url: `/api/reviews/${shoeId}` })).json() as { review: string }[]
      ).map((review) => review.review);
    expect(await visitorSees()).toContain('Good value');

    const short = await send('PUT', `/api/reviews/exact/${_id}`, author.cookie, { review: 'ok', rating: 3 });
    expect(short.json().error.fields.review).toBe(MESSAGES.review.updateTooShort);
    const edited = await send('PUT', `/api/reviews/exact/${_id}`, author.cookie, {
      review: 'Great value',
      rating: 4,
    });
    expect(edited.json()).toMatchObject({ review: 'Great value', rating: 4, own: true });
    expect(await visitorSees()).toContain('Great value');
    expect(await visitorSees()).not.toContain('Good value');
    expect(
      (await send('PUT', `/api/reviews/exact/${_id}`, stranger.cookie, { review: 'Hijacked!', rating: 1 }))
        .statusCode,
    ).toBe(403);
    expect((await send('DELETE', `/api/reviews/exact/${_id}`, stranger.cookie)).statusCode).toBe(403);
    expect((await send('DELETE', `/api/reviews/exact/${_id}`, adminCookie)).statusCode).toBe(200);
    expect(await visitorSees()).not.toContain('Great value');
    expect((await send('DELETE', `/api/reviews/exact/${_id}`, author.cookie)).statusCode).toBe(404);
  });

  it('lets only the administrator set an order status', async () => {
    const shopper = await buyer(false);
    const [order] = (
      await t.app.inject({
        method: 'GET',
        url: `/api/cart/${shopper.user._id}`,
        headers: { cookie: shopper.cookie },
      })
    ).json();
    expect(
      (await send('PUT', `/api/cart/order/${order.idPayment}`, shopper.cookie, { status: 'Received' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await send('PUT', `/api/cart/order/${order.idPayment}`, adminCookie, { status: 'Lost' })).statusCode,
    ).toBe(400);
    expect(
      (await send('PUT', '/api/cart/order/pi_nope', adminCookie, { status: 'Received' })).statusCode,
    ).toBe(404);
  });

  it("answers 'I already bought them' before a review is written: eligible only with a Received order and no review yet", async () => {
    const eligibility = (shoe: string, cookie?: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/reviews/${shoe}/eligibility`,
        ...(cookie ? { headers: { cookie } } : {}),
      });

    expect((await eligibility(shoeId)).statusCode).toBe(401);

    const stranger = await signUp(t.app);
    const notBought = await eligibility(shoeId, stranger.cookie);
    expect(notBought.statusCode).toBe(200);
    expect(notBought.headers['cache-control']).toBe('private, no-store');
    expect(notBought.json()).toEqual({
      eligible: false,
      reason: { code: 'not_bought', message: MESSAGES.review.notBought },
    });

    // Paid but not yet Received is not enough, as for the review itself.
    const pending = await buyer(false);
    expect((await eligibility(shoeId, pending.cookie)).json()).toMatchObject({
      eligible: false,
      reason: { code: 'not_bought' },
    });

    const received = await buyer(true);
    expect((await eligibility(shoeId, received.cookie)).json()).toEqual({ eligible: true });
    expect((await eligibility(otherShoeId, received.cookie)).json()).toMatchObject({ eligible: false });

    const written = await send('POST', `/api/reviews/${shoeId}`, received.cookie, {
      review: 'Fits well',
      rating: 4,
    });
    expect(written.statusCode).toBe(201);
    expect((await eligibility(shoeId, received.cookie)).json()).toMatchObject({
      eligible: false,
      reason: { code: 'already_reviewed' },
    });

    const missing = await eligibility('00000000-0000-4000-8000-000000000000', received.cookie);
    expect(missing.statusCode).toBe(404);
    expect((await eligibility('not-a-shoe', received.cookie)).statusCode).toBe(404);
  });
});
