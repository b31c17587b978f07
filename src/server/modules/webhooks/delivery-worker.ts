import type { WebhooksRepository } from './repository.js';
import { nextDelayMs } from './retry-schedule.js';
import type { SecretBox } from './secret-box.js';
import type { Sender } from './sender.js';

/**
 * Sends queued deliveries (docs/decisions/024), a few at a time per instance, apart from the job
 * runner: a receiver that never answers holds one slot for its timeout, never an import or the other
 * deliveries. It looks for due rows when kicked (right after deliveries are queued) and every
 * `pollEveryMs` (retries coming due, rows queued by another instance, or left by a dead one when
 * their lease runs out). A claim outlasts an attempt's timeout, so a slow attempt is not taken over
 * while it is still running.
 */
export function createDeliveryWorker(deps: {
  repository: WebhooksRepository;
  send: Sender;
  secrets: SecretBox;
  retryDelaysMs: readonly number[];
  timeoutMs: number;
  log: { error(object: unknown, message: string): void };
  concurrency?: number;
  pollEveryMs?: number;
}) {
  const { repository, send, secrets, retryDelaysMs, timeoutMs, log } = deps;
  const { concurrency = 4, pollEveryMs = 2_000 } = deps;
  const leaseMs = timeoutMs + 10_000;
  const inFlight = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  let stopped = true;
  let claiming: Promise<void> | undefined;
  let again = false;

  async function attempt(delivery: Awaited<ReturnType<WebhooksRepository['claimDue']>>[number]) {
    const startedAt = new Date();
    let secret: string;
    try {
      secret = secrets.open(delivery.secret);
    } catch {
      const error = 'The signing secret cannot be read (SESSION_SECRET changed?): rotate it.';
      await repository.recordAttempt(
        delivery,
        startedAt,
        { ok: false, status: null, error, excerpt: null, durationMs: 0 },
        nextDelayMs(retryDelaysMs, delivery.attempts + 1),
      );
      return;
    }
    const result = await send({ url: delivery.url, secret, eventId: delivery.eventId, body: delivery.body });
    const retryInMs = nextDelayMs(retryDelaysMs, delivery.attempts + 1);
    await repository.recordAttempt(delivery, startedAt, result, retryInMs);
    // A retry due before the next poll is looked for when it is due.
    if (!result.ok && retryInMs < pollEveryMs && !stopped)
      setTimeout(() => void kick(), retryInMs + 5).unref();
  }

  async function claimAndSend(): Promise<void> {
    do {
      again = false;
      const rows = await repository.claimDue(concurrency - inFlight.size, leaseMs);
      for (const row of rows) {
        const running: Promise<void> = attempt(row)
          .catch((error: unknown) => log.error({ err: error, delivery: row.id }, 'a webhook attempt failed'))
          .finally(() => {
            inFlight.delete(running);
            if (!stopped) void kick();
          });
        inFlight.add(running);
      }
    } while (again && !stopped && inFlight.size < concurrency);
  }

  function kick(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (claiming) {
      again = true;
      return claiming;
    }
    claiming = claimAndSend()
      .catch((error: unknown) => log.error({ err: error }, 'webhook deliveries could not be claimed'))
      .finally(() => {
        claiming = undefined;
      });
    return claiming;
  }

  return {
    kick,
    start() {
      stopped = false;
      timer = setInterval(() => void kick(), pollEveryMs);
      timer.unref();
      void kick();
    },
    /** Stops claiming; waits for the attempts under way (each bounded by its timeout). */
    async stop() {
      stopped = true;
      clearInterval(timer);
      await claiming;
      await Promise.all([...inFlight]);
    },
    /** For tests: resolves once nothing is being claimed or sent. */
    async idle() {
      while (claiming || inFlight.size > 0) await Promise.all([claiming, ...inFlight]);
    },
  };
}

export type DeliveryWorker = ReturnType<typeof createDeliveryWorker>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The webhook delivery worker (app.ts): tests wait for it to be idle. */
    webhookDeliveries: DeliveryWorker;
  }
}
