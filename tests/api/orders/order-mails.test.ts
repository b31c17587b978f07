import crypto from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainEvents, mailOutbox, restockRequests } from '../../../src/server/db/schema.js';
import { EMAIL_CONFIRMATION_SUBJECT } from '../../../src/server/mail/templates/account-mails.js';
import { insertCatalog } from '../support/catalog-fixture.js';
import { paidOrder } from '../support/paid-order.js';
import { createSender } from '../support/sender.js';
import { signUp } from '../support/session.js';
import { createStaffTestApp } from '../support/staff-test-app.js';
import type { TestApp } from '../support/test-app.js';

/**
 * Mails follow the events of the change they tell of (docs/decisions/017): written with the change,
 * handed to the mails after it committed, by the request itself or by a later sweep (the shop died
 * after the commit), and at least once, so each mail is kept under its event and sent once. On
 * PGlite, and on PostgreSQL when DATABASE_URL is set.
 */
const ADMIN = { email: 'owner@order-mails.test', password: 'owner-password' };

let t: TestApp;
let admin: string;
let shoeId: string;

beforeAll(async () => {
  ({ t, admin } = await createStaffTestApp(ADMIN, { signInFrom: '10.74.0.1' }));
  const { shoeIds } = await insertCatalog(
    t.database.db,
    ['Stride'],
    [
      {
        name: 'Mailer',
        brand: 'Stride',
        color: 'Blue',
        price: 50,
        sizes: [
          ['9', 400],
          ['10', 1],
        ],
      },
    ],
  );
  shoeId = shoeIds.get('Mailer')!;
});
afterAll(() => t.close());

const send = createSender(() => t.app, 74);

/** The mails to `email` but the confirmation of its address that its sign-up mailed. */
const mailsTo = (email: string) =>
  t.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), ne(mailOutbox.subject, EMAIL_CONFIRMATION_SUBJECT)))
    .orderBy(mailOutbox.createdAt);

/** The events of one type about an order, as the outbox keeps them. */
const eventsAbout = (type: string, key: string, value: string) =>
  t.database.db
    .select()
    .from(domainEvents)
    .where(and(eq(domainEvents.type, type), sql`${domainEvents.payload} ->> ${key} = ${value}`));

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

async function buy(size = '9', quantity = 1) {
  const shopper = await signUp(t.app);
  const order = await paidOrder(send, shopper.cookie, { shoeId, size, quantity, priceCents: 5000 });
  const [row] = await t.database.db
    .execute<{ id: string }>(sql`select id from orders where id_payment = ${order.idPayment}`)
    .then((result) => ('rows' in result ? result.rows : result) as { id: string }[]);
  return { shopper, ...order, orderId: row!.id };
}

describe('the mails about an order', () => {
  it('confirm an order once, under its order.paid event, even when the event is handed over again', async () => {
    const { shopper, idPayment, orderId } = await buy();
    const [paid] = await eventsAbout('order.paid', 'orderId', orderId);
    expect(paid?.dispatchedAt).not.toBeNull();
    let mails = await mailsTo(shopper.email);
    expect(mails.map((mail) => [mail.subject, mail.key])).toEqual([
      [`Your Sneaker Street order ${idPayment}`, `event:${paid!.id}`],
    ]);
    expect(mails[0]!.text).toContain(`/order/${idPayment}`);

    await undispatch(paid!.id);
    await t.app.domainEvents.sweep();
    const [again] = await eventsAbout('order.paid', 'orderId', orderId);
    expect(again!.dispatchedAt, 'handed over again').not.toBeNull();
    mails = await mailsTo(shopper.email);
    expect(mails, 'and mailed once').toHaveLength(1);
  });

  it('are sent by the sweep when the request that committed the change never handed its event over', async () => {
    const { shopper, idPayment, orderId } = await buy();
    const [paid] = await eventsAbout('order.paid', 'orderId', orderId);
    // As if the process died after the commit: no mail went out, and the event waits.
    await t.database.db.delete(mailOutbox).where(eq(mailOutbox.to, shopper.email));
    await undispatch(paid!.id);
    await t.app.domainEvents.sweep();
    expect((await mailsTo(shopper.email)).map((mail) => mail.subject)).toEqual([
      `Your Sneaker Street order ${idPayment}`,
    ]);
  });

  it('tell of a shipment once, and a second press with the same number mails nobody again', async () => {
    const { shopper, idPayment, orderId } = await buy();
    const ship = () =>
      send('PUT', `/api/cart/order/${idPayment}/shipment`, admin, {
        carrier: 'UPS',
        trackingNumber: '1Z999AA10123456784',
      });
    expect((await ship()).statusCode).toBe(200);
    expect((await ship()).statusCode).toBe(200);
    const shipped = await eventsAbout('order.shipped', 'orderId', orderId);
    expect(shipped).toHaveLength(1);
    await undispatch(shipped[0]!.id);
    await t.app.domainEvents.sweep();
    const onItsWay = (await mailsTo(shopper.email)).filter((mail) => mail.subject.includes('on its way'));
    expect(onItsWay).toHaveLength(1);
    expect(onItsWay[0]!.text).toContain('UPS');
  });

  it('tell of a refund once, with the staff’s words and never their internal reason', async () => {
    const { shopper, idPayment, orderId } = await buy('9', 2);
    const refunded = await send(
      'POST',
      `/api/cart/order/${idPayment}/refunds`,
      admin,
      { reason: 'Internal: scuffed box', buyerMessage: 'Sorry for the scuffed box.', amount: 1000 },
      { 'idempotency-key': `mail-${crypto.randomUUID()}` },
    );
    expect(refunded.statusCode, refunded.body).toBe(200);
    const [event] = await eventsAbout('order.refunded', 'orderId', orderId);
    await undispatch(event!.id);
    await t.app.domainEvents.sweep();
    const refunds = (await mailsTo(shopper.email)).filter((mail) => mail.subject.includes('A refund'));
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.text).toContain('refunded $10 to your card');
    expect(refunds[0]!.text).toContain('Sorry for the scuffed box.');
    expect(refunds[0]!.text).not.toContain('Internal');
  });
});

describe('the mails about a size back in stock', () => {
  it('tell whoever waited, once, when a refund puts the last pairs back', async () => {
    const { idPayment, lineId } = await buy('10', 1);
    const waiting = `waiting.${crypto.randomUUID()}@order-mails.test`;
    const asked = await send('POST', '/api/restock', '', { email: waiting, shoeId, size: '10' });
    expect(asked.statusCode, asked.body).toBe(200);
    const refunded = await send(
      'POST',
      `/api/cart/order/${idPayment}/refunds`,
      admin,
      { reason: 'Customer asked', lines: [{ lineId, quantity: 1 }], restock: true },
      { 'idempotency-key': `mail-${crypto.randomUUID()}` },
    );
    expect(refunded.statusCode, refunded.body).toBe(200);
    const back = await t.database.db
      .select()
      .from(domainEvents)
      .where(
        and(
          eq(domainEvents.type, 'stock.restocked'),
          sql`${domainEvents.payload} -> 'sizes' @> ${JSON.stringify([{ shoeId, size: '10' }])}::jsonb`,
        ),
      );
    expect(back).toHaveLength(1);
    await undispatch(back[0]!.id);
    await t.app.domainEvents.sweep();
    const told = await mailsTo(waiting);
    expect(told.map((mail) => mail.subject)).toEqual(['Mailer in size 10 is back at Sneaker Street']);
    expect(told[0]!.key).toMatch(/^restock:/);
    // Told once: the request is used up.
    const left = await t.database.db.select().from(restockRequests).where(eq(restockRequests.email, waiting));
    expect(left).toEqual([]);
  });
});
