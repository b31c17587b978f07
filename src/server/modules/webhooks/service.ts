import crypto from 'node:crypto';
import { isUuid } from '../../../domain/catalog.js';
import {
  WEBHOOK_PING,
  type WebhookDeliveryAnswer,
  type WebhookEndpointAnswer,
  type WebhookEndpointTerms,
  type WebhookEndpointWithSecret,
  type WebhookEventType,
} from '../../../domain/contracts/webhooks.js';
import type { Actor } from '../../audit/audit-writer.js';
import { HttpError, notFound } from '../../http/errors.js';
import { RefusedAddress, type AddressGuard } from './address-guard.js';
import type { DeliveryRow, EndpointRow, WebhooksRepository } from './repository.js';
import type { SecretBox } from './secret-box.js';
import { webhookBody } from './webhook-events.js';

const NOT_FOUND = 'There is no such webhook.';
const DELIVERY_NOT_FOUND = 'There is no such delivery.';

function endpointAnswer(row: EndpointRow): WebhookEndpointAnswer {
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEventType[],
    active: row.active,
    description: row.description,
    createdAt: row.createdAt.toISOString(),
  };
}

export function deliveryAnswer(row: DeliveryRow): WebhookDeliveryAnswer {
  return {
    id: row.id,
    eventId: row.eventId,
    eventType: row.eventType,
    state: row.state,
    attempts: row.attempts,
    lastStatus: row.lastStatus,
    lastError: row.lastError,
    responseExcerpt: row.responseExcerpt,
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  };
}

/** What the audit log keeps of an endpoint: never its secret. */
const auditedTerms = (row: Pick<EndpointRow, 'url' | 'events' | 'description' | 'active'>) => ({
  url: row.url,
  events: row.events,
  description: row.description,
  active: row.active,
});

/**
 * The staff's webhooks (issue 34 item 3, docs/decisions/024): endpoints, their secrets (shown once),
 * a test event, the delivery log and replays. An address is checked when it is registered (a 400
 * naming why) as well as at every attempt.
 */
export function createWebhooksService(deps: {
  repository: WebhooksRepository;
  guard: AddressGuard;
  secrets: SecretBox;
  retryMs: number;
  /** Tells the delivery worker there is work. */
  kick: () => void;
}) {
  const { repository, guard, secrets, retryMs, kick } = deps;
  const target = (row: { id?: string; url: string }) => ({
    type: 'webhook',
    id: row.id ?? null,
    label: row.url,
  });

  async function existing(id: string): Promise<EndpointRow> {
    const row = isUuid(id) ? await repository.endpoint(id) : undefined;
    if (!row) throw notFound(NOT_FOUND);
    return row;
  }

  async function checkedUrl(url: string): Promise<string> {
    try {
      await guard.check(url);
      return url;
    } catch (error) {
      if (error instanceof RefusedAddress)
        throw new HttpError(400, 'validation_error', error.message, { url: error.message });
      throw error;
    }
  }

  const values = (terms: WebhookEndpointTerms) => ({
    url: terms.url,
    events: terms.events,
    description: terms.description ?? '',
    active: terms.active,
  });

  return {
    list: async () => (await repository.listEndpoints()).map(endpointAnswer),

    async create(terms: WebhookEndpointTerms, actor: Actor): Promise<WebhookEndpointWithSecret> {
      await checkedUrl(terms.url);
      const secret = secrets.generate();
      const row = await repository.insertEndpoint(
        { ...values(terms), secret: secrets.seal(secret) },
        {
          actor,
          record: { action: 'webhook.create', target: target(terms), after: auditedTerms(values(terms)) },
        },
      );
      return { ...endpointAnswer(row), secret };
    },

    async update(id: string, terms: WebhookEndpointTerms, actor: Actor): Promise<WebhookEndpointAnswer> {
      const before = await existing(id);
      await checkedUrl(terms.url);
      const row = await repository.updateEndpoint(before.id, values(terms), {
        actor,
        record: {
          action: 'webhook.update',
          target: target({ id: before.id, url: terms.url }),
          before: auditedTerms(before),
          after: auditedTerms(values(terms)),
        },
      });
      if (!row) throw notFound(NOT_FOUND);
      return endpointAnswer(row);
    },

    async remove(id: string, actor: Actor): Promise<void> {
      const before = await existing(id);
      const deleted = await repository.deleteEndpoint(before.id, {
        actor,
        record: { action: 'webhook.delete', target: target(before), before: auditedTerms(before) },
      });
      if (!deleted) throw notFound(NOT_FOUND);
    },

    /** A new secret, shown once: the old one signs nothing more. */
    async rotate(id: string, actor: Actor): Promise<WebhookEndpointWithSecret> {
      const before = await existing(id);
      const secret = secrets.generate();
      const row = await repository.updateEndpoint(
        before.id,
        { secret: secrets.seal(secret) },
        { actor, record: { action: 'webhook.rotate', target: target(before) } },
      );
      if (!row) throw notFound(NOT_FOUND);
      return { ...endpointAnswer(row), secret };
    },

    /** A `ping` queued for this endpoint, whatever it subscribes to. */
    async test(id: string, actor: Actor): Promise<WebhookDeliveryAnswer> {
      const endpoint = await existing(id);
      const eventId = crypto.randomUUID();
      const body = webhookBody(WEBHOOK_PING, new Date(), { endpointId: endpoint.id });
      const [row] = await repository.enqueue(
        [{ endpointId: endpoint.id, eventId, eventType: WEBHOOK_PING, body }],
        retryMs,
        { actor, record: { action: 'webhook.test', target: target(endpoint) } },
      );
      kick();
      return deliveryAnswer(row!);
    },

    async deliveries(id: string, page: number, limit: number) {
      const endpoint = await existing(id);
      const { rows, total } = await repository.deliveries(endpoint.id, page, limit);
      return { deliveries: rows.map(deliveryAnswer), total, page, limit };
    },

    /** The same delivery (same webhook-id and body) due again now, with a new retry window. */
    async replay(id: string, deliveryId: string, actor: Actor): Promise<WebhookDeliveryAnswer> {
      const endpoint = await existing(id);
      const row = isUuid(deliveryId)
        ? await repository.replay(endpoint.id, deliveryId, retryMs, {
            actor,
            record: {
              action: 'webhook.replay',
              target: target(endpoint),
              after: { deliveryId },
            },
          })
        : undefined;
      if (!row) throw notFound(DELIVERY_NOT_FOUND);
      kick();
      return deliveryAnswer(row);
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
