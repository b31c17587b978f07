import { asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  WebhookDeliveryAnswer,
  WebhookDeliveryPage,
  WebhookEndpointWithSecret,
} from '../../../src/domain/contracts/webhooks.js';
import { webhookAttempts, webhookDeliveries } from '../../../src/server/db/schema.js';
import { insertCatalog } from '../support/catalog-fixture.js';
import { multipart } from '../support/multipart.js';
import { paidOrder } from '../support/paid-order.js';
import { createSender } from '../support/sender.js';
import { signUp, TEST_ORIGIN } from '../support/session.js';
import { createStaffTestApp } from '../support/staff-test-app.js';
import { lastAudit } from '../support/staff-shop.js';
import type { TestApp } from '../support/test-app.js';
import { startReceiver, type Answer, type Receiver, type Received } from '../support/webhook-receiver.js';

/**
 * Webhooks (issue 34 item 3): a local receiver verifies every signature with standardwebhooks and sees
 * the events the shop's changes make; retries with a short schedule (WEBHOOK_RETRY_DELAYS_MS), a
 * timeout, the retry window running out, a replay, and what the log keeps. Runs on PostgreSQL with
 * DATABASE_URL.
 */
const ADMIN = { email: 'owner@webhooks.test', password: 'owner-password' };

let t: TestApp;
let admin: string;
let shoeId: string;
/** How the receiver answers each request: by default 200. */
let answer: (request: Received) => Answer = () => 200;
let receiver: Receiver;

beforeAll(async () => {
  receiver = await startReceiver((request) => answer(request));
  ({ t, admin } = await createStaffTestApp(ADMIN, {
    signInFrom: '10.98.0.1',
    env: {
      WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
      WEBHOOK_RETRY_DELAYS_MS: '30',
      WEBHOOK_TIMEOUT_MS: 300,
      LOW_STOCK_THRESHOLD: 2,
    },
  }));
  const { shoeIds } = await insertCatalog(
    t.database.db,
    ['Stride'],
    [{ name: 'Runner', brand: 'Stride', color: 'Red', price: 100, sizes: [['9', 4]] }],
  );
  shoeId = shoeIds.get('Runner')!;
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

const send = createSender(() => t.app, 98);

async function register(events: string[], url = receiver.url): Promise<WebhookEndpointWithSecret> {
  const created = await send('POST', '/api/admin/webhooks', admin, { url, events, description: 'ERP' });
  expect(created.statusCode, created.body).toBe(201);
  const endpoint = created.json() as WebhookEndpointWithSecret;
  receiver.useSecret(endpoint.secret);
  return endpoint;
}

async function deliveries(endpointId: string): Promise<WebhookDeliveryAnswer[]> {
  const page = await send('GET', `/api/admin/webhooks/${endpointId}/deliveries?limit=100`, admin);
  expect(page.statusCode, page.body).toBe(200);
  return (page.json() as WebhookDeliveryPage).deliveries;
}

const attemptsOf = (deliveryId: string) =>
  t.database.db
    .select()
    .from(webhookAttempts)
    .where(eq(webhookAttempts.deliveryId, deliveryId))
    .orderBy(asc(webhookAttempts.startedAt));

/** The delivery of this event once the worker has recorded the attempts under way. */
async function settled(eventId: string) {
  await t.app.webhookDeliveries.idle();
  const [row] = await t.database.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.eventId, eventId));
  return row!;
}

describe('registering an endpoint', () => {
  it('answers the whsec_ secret once, lists it without, and audits the change', async () => {
    const endpoint = await register(['order.paid']);
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(endpoint).toMatchObject({
      url: receiver.url,
      events: ['order.paid'],
      active: true,
      description: 'ERP',
    });
    const list = await send('GET', '/api/admin/webhooks', admin);
    expect(list.json()).toContainEqual(expect.objectContaining({ id: endpoint.id }));
    expect(list.body).not.toContain(endpoint.secret);
    expect(list.body).not.toContain('whsec_');
    const audit = await lastAudit(t);
    expect(audit).toMatchObject({ action: 'webhook.create', targetId: endpoint.id });
    expect(JSON.stringify(audit)).not.toContain(endpoint.secret);
    await send('DELETE', `/api/admin/webhooks/${endpoint.id}`, admin);
  });

  it('refuses addresses that are not public http(s), naming why, without the allowlist', async () => {
    for (const url of [
      'ftp://example.com/x',
      'http://10.0.0.1/x',
      'http://169.254.169.254/latest',
      'http://[::1]/x',
    ]) {
      const refused = await send('POST', '/api/admin/webhooks', admin, { url, events: ['order.paid'] });
      expect(refused.statusCode, url).toBe(400);
      expect(refused.json().error.fields?.url ?? refused.json().error.message, url).toBeTruthy();
    }
  });
});

describe('events', () => {
  it('order.paid, stock.low, shoe.created/updated/deleted arrive signed, with their data', async () => {
    const endpoint = await register([
      'order.paid',
      'stock.low',
      'shoe.created',
      'shoe.updated',
      'shoe.deleted',
    ]);
    const shopper = await signUp(t.app);
    const order = await paidOrder(send, shopper.cookie, {
      shoeId,
      size: '9',
      quantity: 2,
      priceCents: 10_000,
    });
    const paid = await receiver.next((request) => request.type === 'order.paid');
    expect(paid.verified).toBe(true);
    expect(paid.body.data.order).toMatchObject({
      number: expect.any(String),
      totalCents: 20_000,
      lines: [{ shoeId, size: '9', quantity: 2, unitPriceCents: 10_000, sku: expect.any(String) }],
    });
    expect(JSON.stringify(paid.body)).not.toContain(order.idPayment.slice(0, 0) + 'cardLast4');
    const low = await receiver.next((request) => request.type === 'stock.low');
    expect(low.verified).toBe(true);
    expect(low.body.data).toMatchObject({ shoeId, size: '9', left: 2, threshold: 2, name: 'Runner' });

    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    const form = await multipart(
      {
        brand: 'stride',
        name: 'Sky Runner',
        color: 'Green',
        price: '120',
        size: '9.5',
        q: '4',
        description: 'Light.',
      },
      { name: 'photo.png', type: 'image/png', bytes: png },
    );
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/shoes',
      payload: form.payload,
      headers: { ...form.headers, cookie: admin, origin: TEST_ORIGIN },
    });
    expect(created.statusCode, created.body).toBe(201);
    const newId = created.json().shoe._id as string;
    const createdHook = await receiver.next((r) => r.type === 'shoe.created');
    expect(createdHook.verified).toBe(true);
    expect(createdHook.body.data.shoe).toMatchObject({
      id: newId,
      name: 'Sky Runner',
      brand: 'Stride',
      priceCents: 12_000,
    });

    expect((await send('PUT', `/api/admin/onsale/${newId}`, admin, { onSale: true })).statusCode).toBe(200);
    const updated = await receiver.next((r) => r.type === 'shoe.updated');
    expect(updated.body.data.shoe).toMatchObject({ id: newId, onSale: true });

    expect((await send('DELETE', `/api/shoes/${newId}`, admin)).statusCode).toBe(200);
    const deleted = await receiver.next((r) => r.type === 'shoe.deleted');
    expect(deleted.body.data).toEqual({ shoe: { id: newId, name: 'Sky Runner' } });
    expect(receiver.received.every((request) => request.verified)).toBe(true);

    const log = await deliveries(endpoint.id);
    expect(log.map((entry) => entry.eventType).sort()).toEqual(
      ['order.paid', 'shoe.created', 'shoe.deleted', 'shoe.updated', 'stock.low'].sort(),
    );
    await send('DELETE', `/api/admin/webhooks/${endpoint.id}`, admin);
  });
});

/** The n-th request the receiver got with this webhook-id. */
const nth = (id: string, n: number) =>
  receiver.next((request) => request.id === id && receiver.received.filter((r) => r.id === id).length >= n);

async function ping(endpointId: string): Promise<WebhookDeliveryAnswer> {
  const queued = await send('POST', `/api/admin/webhooks/${endpointId}/test`, admin);
  expect(queued.statusCode, queued.body).toBe(202);
  return queued.json() as WebhookDeliveryAnswer;
}

describe('delivery', () => {
  it('retries a receiver that fails three times, then delivers on the fourth, the log showing each', async () => {
    const endpoint = await register(['order.shipped']);
    let failures = 0;
    answer = (request) => (request.type === 'ping' && failures++ < 3 ? 500 : 200);
    const queued = await ping(endpoint.id);
    expect(queued).toMatchObject({ eventType: 'ping', state: 'pending', attempts: 0 });
    await nth(queued.eventId, 4);
    const row = await settled(queued.eventId);
    expect(row).toMatchObject({
      state: 'delivered',
      attempts: 4,
      lastStatus: 200,
      lastError: null,
      nextAttemptAt: null,
    });
    const attempts = await attemptsOf(row.id);
    expect(attempts.map((attempt) => attempt.status)).toEqual([500, 500, 500, 200]);
    expect(attempts.slice(0, 3).map((attempt) => attempt.error)).toEqual(Array(3).fill('Answered 500.'));
    expect(attempts[0]!.responseExcerpt).toBe('answered 500');
    const requests = receiver.received.filter((request) => request.id === queued.eventId);
    expect(requests).toHaveLength(4);
    expect(requests.every((request) => request.verified)).toBe(true);
    const [listed] = await deliveries(endpoint.id);
    expect(listed).toMatchObject({
      id: queued.id,
      state: 'delivered',
      attempts: 4,
      deliveredAt: expect.any(String),
    });

    // A replay: the same webhook-id and body, one more attempt.
    const replayed = await send(
      'POST',
      `/api/admin/webhooks/${endpoint.id}/deliveries/${queued.id}/replay`,
      admin,
    );
    expect(replayed.statusCode, replayed.body).toBe(202);
    expect(replayed.json()).toMatchObject({ id: queued.id, eventId: queued.eventId, state: 'pending' });
    const again = await nth(queued.eventId, 5);
    expect(again.verified).toBe(true);
    expect(again.body).toEqual(requests[0]!.body);
    expect(await settled(queued.eventId)).toMatchObject({ state: 'delivered', attempts: 5 });
    expect((await lastAudit(t)).action).toBe('webhook.replay');
    await send('DELETE', `/api/admin/webhooks/${endpoint.id}`, admin);
  });

  it('logs a receiver that never answers as a timeout, and retries it', async () => {
    const endpoint = await register(['order.shipped']);
    let hung = false;
    answer = (request) => {
      if (request.type !== 'ping' || hung) return 200;
      hung = true;
      return 'hang';
    };
    const queued = await ping(endpoint.id);
    await nth(queued.eventId, 2);
    const row = await settled(queued.eventId);
    expect(row).toMatchObject({ state: 'delivered', attempts: 2 });
    const attempts = await attemptsOf(row.id);
    expect(attempts[0]).toMatchObject({ status: null, error: 'No answer within 300 ms.' });
    expect(attempts[0]!.durationMs).toBeGreaterThanOrEqual(300);
    await send('DELETE', `/api/admin/webhooks/${endpoint.id}`, admin);
  });

  it('does not follow a redirect: a 3xx is a failed attempt that says so', async () => {
    const endpoint = await register(['order.shipped']);
    let redirected = false;
    answer = (request) => {
      if (request.type !== 'ping' || redirected) return 200;
      redirected = true;
      return 302;
    };
    const queued = await ping(endpoint.id);
    await nth(queued.eventId, 2);
    const [first] = await attemptsOf((await settled(queued.eventId)).id);
    expect(first).toMatchObject({ status: 302 });
    expect(first!.error).toMatch(/redirects are not followed/);
    await send('DELETE', `/api/admin/webhooks/${endpoint.id}`, admin);
  });

  it('sends nothing to an endpoint not subscribed or paused', async () => {
    const endpoint = await register(['shoe.deleted']);
    const put = await send('PUT', `/api/admin/webhooks/${endpoint.id}`, admin, {
      url: receiver.url,
      events: ['order.paid'],
      active: false,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ active: false, events: ['order.paid'], description: '' });
    const shopper = await signUp(t.app);
    await paidOrder(send, shopper.cookie, { shoeId, size: '9', quantity: 1, priceCents: 10_000 });
    await t.app.webhookDeliveries.idle();
    expect(await deliveries(endpoint.id)).toEqual([]);
    await send('DELETE', `/api/admin/webhooks/${endpoint.id}`, admin);
  });

  it('rotates the secret: the next delivery verifies with the new one only', async () => {
    answer = () => 200;
    const endpoint = await register(['order.shipped']);
    const rotated = await send('POST', `/api/admin/webhooks/${endpoint.id}/rotate`, admin);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const { secret } = rotated.json() as WebhookEndpointWithSecret;
    expect(secret).not.toBe(endpoint.secret);
    receiver.useSecret(endpoint.secret);
    const first = await ping(endpoint.id);
    expect((await nth(first.eventId, 1)).verified).toBe(false);
    receiver.useSecret(secret);
    const second = await ping(endpoint.id);
    expect((await nth(second.eventId, 1)).verified).toBe(true);
    await t.app.webhookDeliveries.idle();
    await send('DELETE', `/api/admin/webhooks/${endpoint.id}`, admin);
  });
});
