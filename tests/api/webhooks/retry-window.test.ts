import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  WebhookDeliveryAnswer,
  WebhookEndpointWithSecret,
} from '../../../src/domain/contracts/webhooks.js';
import { domainEvents, webhookAttempts, webhookDeliveries } from '../../../src/server/db/schema.js';
import { insertCatalog } from '../support/catalog-fixture.js';
import { paidOrder } from '../support/paid-order.js';
import { createSender } from '../support/sender.js';
import { signUp } from '../support/session.js';
import { createStaffTestApp } from '../support/staff-test-app.js';
import type { TestApp } from '../support/test-app.js';
import { startReceiver, type Receiver } from '../support/webhook-receiver.js';

/**
 * A receiver that keeps failing past the retry window (WEBHOOK_RETRY_HOURS=0 here: the window ends at
 * the first failure) is failed, with nothing more due; an event handed over twice (as a sweep after a
 * crash would) queues one delivery and the receiver hears it once.
 */
let t: TestApp;
let admin: string;
let shoeId: string;
let receiver: Receiver;
let failing = true;

beforeAll(async () => {
  receiver = await startReceiver(() => (failing ? 503 : 200));
  ({ t, admin } = await createStaffTestApp(
    { email: 'owner@webhook-window.test', password: 'owner-password' },
    { signInFrom: '10.99.0.1', env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', WEBHOOK_RETRY_HOURS: 0 } },
  ));
  const { shoeIds } = await insertCatalog(
    t.database.db,
    ['Stride'],
    [{ name: 'Runner', brand: 'Stride', color: 'Red', price: 50, sizes: [['9', 40]] }],
  );
  shoeId = shoeIds.get('Runner')!;
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

const send = createSender(() => t.app, 99);

async function register(events: string[]) {
  const created = await send('POST', '/api/admin/webhooks', admin, { url: receiver.url, events });
  expect(created.statusCode, created.body).toBe(201);
  const endpoint = created.json() as WebhookEndpointWithSecret;
  receiver.useSecret(endpoint.secret);
  return endpoint;
}

describe('the retry window', () => {
  it('fails a delivery whose next attempt would fall after it, and a replay tries it again', async () => {
    failing = true;
    const endpoint = await register(['order.shipped']);
    const queued = (
      await send('POST', `/api/admin/webhooks/${endpoint.id}/test`, admin)
    ).json() as WebhookDeliveryAnswer;
    await receiver.next((request) => request.id === queued.eventId);
    await t.app.webhookDeliveries.idle();
    const page = (await send('GET', `/api/admin/webhooks/${endpoint.id}/deliveries`, admin)).json() as {
      deliveries: WebhookDeliveryAnswer[];
    };
    expect(page.deliveries[0]).toMatchObject({
      id: queued.id,
      state: 'failed',
      attempts: 1,
      lastStatus: 503,
      lastError: 'Answered 503.',
      responseExcerpt: 'answered 503',
      nextAttemptAt: null,
      deliveredAt: null,
    });
    // Nothing more is due: the worker finds no work.
    await t.app.webhookDeliveries.kick();
    await t.app.webhookDeliveries.idle();
    expect(receiver.received.filter((request) => request.id === queued.eventId)).toHaveLength(1);

    failing = false;
    const replay = await send(
      'POST',
      `/api/admin/webhooks/${endpoint.id}/deliveries/${queued.id}/replay`,
      admin,
    );
    expect(replay.statusCode, replay.body).toBe(202);
    await receiver.next(
      (request) =>
        request.id === queued.eventId &&
        receiver.received.filter((r) => r.id === queued.eventId).length === 2,
    );
    await t.app.webhookDeliveries.idle();
    const [row] = await t.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, queued.id));
    expect(row).toMatchObject({ state: 'delivered', attempts: 2, lastStatus: 200 });
    const attempts = await t.database.db
      .select()
      .from(webhookAttempts)
      .where(eq(webhookAttempts.deliveryId, queued.id));
    expect(attempts.map((attempt) => attempt.status).sort()).toEqual([200, 503]);
  });
});

describe('an event handed over twice', () => {
  it('queues one delivery per endpoint, sent once', async () => {
    failing = false;
    const endpoint = await register(['order.paid']);
    const shopper = await signUp(t.app);
    await paidOrder(send, shopper.cookie, { shoeId, size: '9', quantity: 1, priceCents: 5000 });
    const first = await receiver.next((request) => request.type === 'order.paid');
    await t.app.webhookDeliveries.idle();
    // As a sweep after a crash between the commit and the dispatch's mark would.
    await t.database.db
      .update(domainEvents)
      .set({ dispatchedAt: null, claimedUntil: null, createdAt: sql`now() - interval '1 hour'` })
      .where(eq(domainEvents.id, first.id));
    await t.app.domainEvents.sweep();
    await t.app.webhookDeliveries.idle();
    const rows = await t.database.db
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.endpointId, endpoint.id), eq(webhookDeliveries.eventId, first.id)));
    expect(rows).toHaveLength(1);
    // The consumer took it without failing (a failing consumer leaves the event to the next sweep).
    const [event] = await t.database.db.select().from(domainEvents).where(eq(domainEvents.id, first.id));
    expect(event!.dispatchedAt).not.toBeNull();
    expect(rows[0]).toMatchObject({ state: 'delivered', attempts: 1 });
    expect(receiver.received.filter((request) => request.id === first.id)).toHaveLength(1);
  });
});
