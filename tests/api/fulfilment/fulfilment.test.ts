import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../src/domain/messages.js';
import { mailOutbox, orderEvents } from '../../../src/server/db/schema.js';
import { paymentMethodBody } from '../../fixtures/payment.js';
import { insertCatalog } from '../support/catalog-fixture.js';
import { signUp, TEST_ORIGIN } from '../support/session.js';
import type { TestApp } from '../support/test-app.js';
import { createStaffTestApp } from '../support/staff-test-app.js';

/** After the payment (issue 19): status with its time, shipping with tracking, the audit trail. */
const ADMIN = { email: 'owner@fulfilment.test', password: 'owner-password' };

let t: TestApp;
let admin: string;
let shoeId: string;

beforeAll(async () => {
  ({ t, admin } = await createStaffTestApp(ADMIN, { signInFrom: '10.60.0.1' }));
  const { shoeIds } = await insertCatalog(
    t.database.db,
    ['Stride'],
    [{ name: 'Runner', brand: 'Stride', color: 'Red', price: 80, sizes: [['9', 100]] }],
  );
  shoeId = shoeIds.get('Runner')!;
});
afterAll(() => t.close());

const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: unknown) =>
  t.app.inject({ method, url, payload: payload as string, headers: { origin: TEST_ORIGIN, cookie } });

async function paidOrder() {
  const shopper = await signUp(t.app);
  const method = await send('POST', '/api/payments/methods', shopper.cookie, paymentMethodBody());
  const paid = await send('POST', '/api/cart/checkout', shopper.cookie, {
    id: method.json().id,
    shoes: [{ _id: shoeId, size: '9', quantity: 1 }],
    amount: 8000,
  });
  expect(paid.statusCode, paid.body).toBe(200);
  return { shopper, idPayment: paid.json().order.idPayment as string };
}

const mailsTo = (email: string) => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));

describe('shipping an order', () => {
  it('records the carrier and tracking number, mails the tracking link once, and shows it to the buyer', async () => {
    const { shopper, idPayment } = await paidOrder();
    const before = (await mailsTo(shopper.email)).length;
    const shipped = await send('PUT', `/api/cart/order/${idPayment}/shipment`, admin, {
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json().shipment).toMatchObject({
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
      trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    });
    // The spec's status is its own: shipping leaves it Pending.
    expect(shipped.json().status).toBe('Pending');
    const mails = await mailsTo(shopper.email);
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)!.text).toContain('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(mails.at(-1)!.text).toContain(`/order/${idPayment}`);

    // Pressed again: nothing new, nobody mailed twice.
    const again = await send('PUT', `/api/cart/order/${idPayment}/shipment`, admin, {
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
    });
    expect(again.statusCode).toBe(200);
    expect(await mailsTo(shopper.email)).toHaveLength(before + 1);

    const own = await send('GET', `/api/cart/order/${idPayment}`, shopper.cookie);
    expect(own.json().shipment.carrier).toBe('UPS');
  });

  it('refuses an unknown carrier, a tracking number that could leave its link, an unknown order, and non-staff', async () => {
    const { shopper, idPayment } = await paidOrder();
    for (const body of [
      { carrier: 'Pigeon', trackingNumber: 'ABCD1234' },
      { carrier: 'UPS', trackingNumber: '1Z&redirect=evil' },
      { carrier: 'UPS', trackingNumber: 'x'.repeat(41) },
      { carrier: 'UPS' },
    ]) {
      const response = await send('PUT', `/api/cart/order/${idPayment}/shipment`, admin, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    const missing = await send('PUT', '/api/cart/order/pi_nothing/shipment', admin, {
      carrier: 'DHL',
      trackingNumber: 'JD0146000062',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(MESSAGES.orders.notFound);
    const own = await send('PUT', `/api/cart/order/${idPayment}/shipment`, shopper.cookie, {
      carrier: 'DHL',
      trackingNumber: 'JD0146000062',
    });
    expect(own.statusCode).toBe(403);
  });
});

describe('the status and the audit trail', () => {
  it('records who changed what when, before and after, and the time an order was received', async () => {
    const { idPayment } = await paidOrder();
    const received = await send('PUT', `/api/cart/order/${idPayment}`, admin, { status: 'Received' });
    expect(received.statusCode).toBe(200);
    expect(received.json().receivedAt).toEqual(expect.any(String));
    await send('PUT', `/api/cart/order/${idPayment}/shipment`, admin, {
      carrier: 'Other',
      trackingNumber: 'LOCAL-77',
    });
    await send('PUT', `/api/cart/order/${idPayment}/shipment`, admin, {
      carrier: 'FedEx',
      trackingNumber: '449044304137821',
    });
    const pending = await send('PUT', `/api/cart/order/${idPayment}`, admin, { status: 'Pending' });
    expect(pending.json().receivedAt).toBeNull();
    // Setting the status it already has changes nothing and records nothing.
    await send('PUT', `/api/cart/order/${idPayment}`, admin, { status: 'Pending' });

    const trail = await send('GET', `/api/cart/order/${idPayment}/events`, admin);
    expect(trail.statusCode).toBe(200);
    expect(
      trail
        .json()
        .map((event: { kind: string; actor: string; details: unknown }) => [
          event.kind,
          event.actor,
          event.details,
        ]),
    ).toEqual([
      ['status', ADMIN.email, { before: 'Pending', after: 'Received' }],
      ['shipment', ADMIN.email, { before: null, after: { carrier: 'Other', trackingNumber: 'LOCAL-77' } }],
      [
        'shipment',
        ADMIN.email,
        {
          before: { carrier: 'Other', trackingNumber: 'LOCAL-77' },
          after: { carrier: 'FedEx', trackingNumber: '449044304137821' },
        },
      ],
      ['status', ADMIN.email, { before: 'Received', after: 'Pending' }],
    ]);
  });

  it('is the staff’s to read, and nobody can change or delete an entry through the API', async () => {
    const { shopper, idPayment } = await paidOrder();
    await send('PUT', `/api/cart/order/${idPayment}`, admin, { status: 'Received' });
    expect((await send('GET', `/api/cart/order/${idPayment}/events`, shopper.cookie)).statusCode).toBe(403);
    for (const method of ['PUT', 'DELETE', 'POST'] as const) {
      const response = await send(method, `/api/cart/order/${idPayment}/events`, admin, {});
      expect(response.statusCode, method).toBe(404);
    }
    const rows = await t.database.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.kind, 'status'), eq(orderEvents.actorEmail, ADMIN.email)));
    expect(rows.length).toBeGreaterThan(0);
  });
});
