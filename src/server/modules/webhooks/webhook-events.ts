import type { WebhookEventType } from '../../../domain/contracts/webhooks.js';
import type { Shoe } from '../../../domain/catalog.js';
import type { Order } from '../../../domain/payment.js';
import type { EventConsumer, StoredEvent } from '../../events/domain-events.js';
import { orderData, returnData, shoeData } from './event-payloads.js';

/** The readers a payload is built from, as they answer when the event is handed over. */
export interface WebhookReaders {
  order(id: string): Promise<Order | undefined>;
  shoe(id: string): Promise<Shoe | undefined>;
}

/**
 * A domain event as a webhook event: its type and `data`, or undefined when no webhook tells of it
 * (or what it is about is gone: a shoe deleted since, whose shoe.deleted follows).
 */
async function webhookEventOf(
  event: StoredEvent,
  readers: WebhookReaders,
): Promise<{ type: WebhookEventType; data: unknown } | undefined> {
  switch (event.type) {
    case 'order.paid':
    case 'order.shipped':
    case 'order.refunded': {
      const order = await readers.order(event.payload.orderId);
      if (!order) return undefined;
      const refundId = event.type === 'order.refunded' ? event.payload.refundId : undefined;
      return { type: event.type, data: { order: orderData(order), ...(refundId ? { refundId } : {}) } };
    }
    case 'return.requested':
    case 'return.approved':
    case 'return.rejected': {
      const order = await readers.order(event.payload.orderId);
      const found = order && returnData(order, event.payload.returnId);
      if (!order || !found) return undefined;
      const type = event.type === 'return.requested' ? 'return.requested' : 'return.decided';
      const decision = event.type === 'return.approved' ? 'approved' : 'rejected';
      return {
        type,
        data: { order: orderData(order), return: found, ...(type === 'return.decided' ? { decision } : {}) },
      };
    }
    case 'shoe.created':
    case 'shoe.updated': {
      const shoe = await readers.shoe(event.payload.shoeId);
      return shoe ? { type: event.type, data: { shoe: shoeData(shoe) } } : undefined;
    }
    case 'shoe.deleted':
      return { type: 'shoe.deleted', data: { shoe: { id: event.payload.shoeId, name: event.payload.name } } };
    case 'stock.low': {
      const shoe = await readers.shoe(event.payload.shoeId);
      const entry = shoe?.stock.find((candidate) => candidate.size === event.payload.size);
      return {
        type: 'stock.low',
        data: {
          shoeId: event.payload.shoeId,
          name: shoe?.name ?? null,
          size: event.payload.size,
          sku: entry?.sku ?? null,
          left: event.payload.left,
          threshold: event.payload.threshold,
        },
      };
    }
    default:
      return undefined;
  }
}

/** The body sent: `{ type, timestamp, data }`, the timestamp the event's. */
export const webhookBody = (type: string, timestamp: Date, data: unknown) =>
  JSON.stringify({ type, timestamp: timestamp.toISOString(), data });

/**
 * The domain events' consumer (docs/decisions/017, 024): one delivery per active endpoint subscribed,
 * queued under the event's id (so handed over twice it queues nothing more), then the worker kicked.
 */
export function createWebhookConsumer(deps: {
  readers: WebhookReaders;
  subscribed: (type: WebhookEventType) => Promise<{ id: string }[]>;
  enqueue: (
    deliveries: { endpointId: string; eventId: string; eventType: string; body: string }[],
  ) => Promise<unknown>;
}): EventConsumer {
  return async (event) => {
    if (!WEBHOOK_SOURCES.has(event.type)) return;
    const webhook = await webhookEventOf(event, deps.readers);
    if (!webhook) return;
    const endpoints = await deps.subscribed(webhook.type);
    if (endpoints.length === 0) return;
    const body = webhookBody(webhook.type, new Date(), webhook.data);
    await deps.enqueue(
      endpoints.map((endpoint) => ({
        endpointId: endpoint.id,
        eventId: event.id,
        eventType: webhook.type,
        body,
      })),
    );
  };
}

const WEBHOOK_SOURCES = new Set<string>([
  'order.paid',
  'order.shipped',
  'order.refunded',
  'return.requested',
  'return.approved',
  'return.rejected',
  'shoe.created',
  'shoe.updated',
  'shoe.deleted',
  'stock.low',
]);
