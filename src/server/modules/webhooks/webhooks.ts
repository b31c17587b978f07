import type { Database } from '../../db/client.js';
import { createAddressGuard } from './address-guard.js';
import { createDeliveryWorker } from './delivery-worker.js';
import { createWebhooksRepository } from './repository.js';
import { retryDelaysOf } from './retry-schedule.js';
import { createSecretBox } from './secret-box.js';
import { createSender } from './sender.js';
import { createWebhooksService } from './service.js';
import { createWebhookConsumer, type WebhookReaders } from './webhook-events.js';

/**
 * The webhooks module built whole (docs/decisions/024): its service for the routes, the consumer that
 * queues a delivery per endpoint subscribed to a domain event, and the worker that sends them.
 */
export function createWebhooks(deps: {
  db: Database;
  /** The session secret: the key that seals the signing secrets is derived from it. */
  sessionSecret: string;
  readers: WebhookReaders;
  settings: {
    WEBHOOK_TIMEOUT_MS: number;
    WEBHOOK_RETRY_HOURS: number;
    WEBHOOK_RETRY_DELAYS_MS?: string | undefined;
    WEBHOOK_ALLOWED_HOSTS: string;
    SHOP_NAME: string;
  };
  log: { error(object: unknown, message: string): void };
}) {
  const { settings } = deps;
  const repository = createWebhooksRepository(deps.db);
  const secrets = createSecretBox(deps.sessionSecret);
  const guard = createAddressGuard(settings.WEBHOOK_ALLOWED_HOSTS);
  const retryMs = settings.WEBHOOK_RETRY_HOURS * 3_600_000;
  const worker = createDeliveryWorker({
    repository,
    send: createSender({
      guard,
      timeoutMs: settings.WEBHOOK_TIMEOUT_MS,
      userAgent: `${settings.SHOP_NAME} webhooks`,
    }),
    secrets,
    retryDelaysMs: retryDelaysOf(settings.WEBHOOK_RETRY_DELAYS_MS),
    timeoutMs: settings.WEBHOOK_TIMEOUT_MS,
    log: deps.log,
  });
  const service = createWebhooksService({
    repository,
    guard,
    secrets,
    retryMs,
    kick: () => void worker.kick(),
  });
  const consumer = createWebhookConsumer({
    readers: deps.readers,
    subscribed: repository.subscribed,
    enqueue: async (deliveries) => {
      await repository.enqueue(deliveries, retryMs);
      void worker.kick();
    },
  });
  return { service, consumer, worker };
}
