/** Matrix rows of the staff's webhooks (issue 34 item 3): staff only, each write seen in the database. */
import crypto from 'node:crypto';
import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { webhookDeliveries, webhookEndpoints } from '../../../../../src/server/db/schema.js';
import { ACCEPTED, CREATED, NO_CONTENT, OK, staffOnly, type Row, get, post, put, del } from '../roles.js';
import { db } from '../world.js';
import { uniqueLetters } from '../fixtures.js';

/** Nobody listens there; the matrix's app allows 127.0.0.1 (WEBHOOK_ALLOWED_HOSTS), nothing leaves the machine. */
const SINK = 'http://127.0.0.1:9/hooks';

async function freshEndpoint(): Promise<string> {
  const [row] = await db()
    .insert(webhookEndpoints)
    .values({ url: SINK, events: ['order.paid'], description: uniqueLetters('Matrix'), secret: 'v1.sealed' })
    .returning({ id: webhookEndpoints.id });
  return row!.id;
}

async function freshDelivery(endpointId: string): Promise<string> {
  const [row] = await db()
    .insert(webhookDeliveries)
    .values({
      endpointId,
      eventId: crypto.randomUUID(),
      eventType: 'order.paid',
      body: '{}',
      state: 'failed',
      attempts: 3,
      retryUntil: new Date(0),
    })
    .returning({ id: webhookDeliveries.id });
  return row!.id;
}

const endpointRow = async (id: string) =>
  (
    await db()
      .select({ url: webhookEndpoints.url, events: webhookEndpoints.events, active: webhookEndpoints.active })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, id))
  )[0];

const secretOf = async (id: string) =>
  (
    await db()
      .select({ secret: webhookEndpoints.secret })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, id))
  )[0]?.secret;

const deliveriesOf = async (endpointId: string) =>
  (
    await db()
      .select({ state: webhookDeliveries.state, type: webhookDeliveries.eventType })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpointId))
  ).length;

export const WEBHOOK_ROWS: Row[] = [
  {
    route: 'GET /api/admin/webhooks',
    outcomes: staffOnly(OK),
    prepare: async () => ({ endpoint: await freshEndpoint() }),
    request: () => get('/api/admin/webhooks'),
    check: (response, { fixture }) => {
      expect((response.json() as { id: string }[]).map((endpoint) => endpoint.id)).toContain(
        fixture.endpoint,
      );
      expect(response.body).not.toContain('v1.sealed');
    },
  },
  {
    route: 'POST /api/admin/webhooks',
    outcomes: staffOnly(CREATED),
    prepare: async () => ({ description: uniqueLetters('Matrix ERP') }),
    request: ({ fixture }) =>
      post('/api/admin/webhooks', { url: SINK, events: ['shoe.created'], description: fixture.description }),
    state: async ({ fixture }) =>
      (
        await db()
          .select({ id: webhookEndpoints.id })
          .from(webhookEndpoints)
          .where(eq(webhookEndpoints.description, fixture.description!))
      ).length,
    after: () => 1,
    check: (response) => expect(response.json().secret).toMatch(/^whsec_/),
  },
  {
    route: 'PUT /api/admin/webhooks/{id}',
    outcomes: staffOnly(OK),
    prepare: async () => ({ endpoint: await freshEndpoint() }),
    request: ({ fixture }) =>
      put(`/api/admin/webhooks/${fixture.endpoint}`, {
        url: `${SINK}/2`,
        events: ['stock.low'],
        active: false,
      }),
    state: ({ fixture }) => endpointRow(fixture.endpoint!),
    after: () => ({ url: `${SINK}/2`, events: ['stock.low'], active: false }),
  },
  {
    route: 'DELETE /api/admin/webhooks/{id}',
    outcomes: staffOnly(NO_CONTENT),
    prepare: async () => ({ endpoint: await freshEndpoint() }),
    request: ({ fixture }) => del(`/api/admin/webhooks/${fixture.endpoint}`),
    state: ({ fixture }) => endpointRow(fixture.endpoint!),
    after: () => undefined,
  },
  {
    route: 'POST /api/admin/webhooks/{id}/rotate',
    outcomes: staffOnly(OK),
    prepare: async () => ({ endpoint: await freshEndpoint() }),
    request: ({ fixture }) => post(`/api/admin/webhooks/${fixture.endpoint}/rotate`),
    state: async ({ fixture }) => (await secretOf(fixture.endpoint!)) === 'v1.sealed',
    after: () => false,
  },
  {
    route: 'POST /api/admin/webhooks/{id}/test',
    outcomes: staffOnly(ACCEPTED),
    prepare: async () => ({ endpoint: await freshEndpoint() }),
    request: ({ fixture }) => post(`/api/admin/webhooks/${fixture.endpoint}/test`),
    state: ({ fixture }) => deliveriesOf(fixture.endpoint!),
    after: () => 1,
  },
  {
    route: 'GET /api/admin/webhooks/{id}/deliveries',
    outcomes: staffOnly(OK),
    prepare: async () => {
      const endpoint = await freshEndpoint();
      return { endpoint, delivery: await freshDelivery(endpoint) };
    },
    request: ({ fixture }) => get(`/api/admin/webhooks/${fixture.endpoint}/deliveries`),
    check: (response, { fixture }) =>
      expect((response.json() as { deliveries: { id: string }[] }).deliveries.map((d) => d.id)).toEqual([
        fixture.delivery,
      ]),
  },
  {
    route: 'POST /api/admin/webhooks/{id}/deliveries/{deliveryId}/replay',
    outcomes: staffOnly(ACCEPTED),
    prepare: async () => {
      const endpoint = await freshEndpoint();
      return { endpoint, delivery: await freshDelivery(endpoint) };
    },
    request: ({ fixture }) =>
      post(`/api/admin/webhooks/${fixture.endpoint}/deliveries/${fixture.delivery}/replay`),
    state: async ({ fixture }) =>
      (
        await db()
          .select({ state: webhookDeliveries.state })
          .from(webhookDeliveries)
          .where(eq(webhookDeliveries.id, fixture.delivery!))
      )[0]?.state === 'failed',
    after: () => false,
  },
];
