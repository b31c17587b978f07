import type { Database } from '../db/client.js';
import type { EventConsumer, StoredEvent } from './domain-events.js';
import { eventsOfTransaction, type OutboxRepository } from './outbox-repository.js';

/** Events younger than this are left to the transaction that wrote them; older ones, to the sweep. */
export const SWEEP_GRACE_MS = 2_000;
const SWEEP_BATCH = 100;
/** A sweep's claim: long enough for the consumers, short enough that a crash delays little. */
const LEASE_MS = 30_000;
/** Dispatched events are kept a day for whoever looks into one, then dropped. */
const KEEP_DISPATCHED_MS = 24 * 60 * 60 * 1000;

/**
 * The one after-commit point (docs/decisions/017). Every transaction begun through `database` hands
 * the events it wrote to the consumers once it has committed, before its caller goes on (so an
 * answer leaves after the cache dropped what the change made stale). A sweep, at start and then
 * every few seconds, hands over what a crash or a failing consumer left waiting, on any instance.
 * Delivery is at least once: consumers must take the same event twice calmly.
 */
export function createEventDispatcher(deps: {
  db: Database;
  outbox: OutboxRepository;
  consumers: readonly EventConsumer[];
  log: { error(object: unknown, message: string): void };
  sweepEveryMs?: number;
  /** Events younger than this are left to the transaction that wrote them (tests set 0). */
  sweepGraceMs?: number;
}) {
  const { db, outbox, consumers, log, sweepEveryMs = 5_000, sweepGraceMs = SWEEP_GRACE_MS } = deps;
  let timer: NodeJS.Timeout | undefined;
  let sweeping: Promise<void> | undefined;

  /**
   * Every consumer, each event; true when all took it (else it is left for the next sweep). One
   * consumer takes all the events before the next begins, in the order they are composed: the cache
   * (first) has dropped what a change made stale before a mail sends anyone to look at it.
   */
  async function deliver(events: readonly StoredEvent[]): Promise<boolean> {
    let delivered = true;
    for (const consume of consumers) {
      for (const event of events) {
        try {
          await consume(event);
        } catch (error) {
          delivered = false;
          log.error({ err: error, event: event.type, eventId: event.id }, 'an event consumer failed');
        }
      }
    }
    return delivered;
  }

  /** Right after commit: the events are known here, so no claim is needed (a sweep waits out the grace). */
  async function dispatchCommitted(events: readonly StoredEvent[]): Promise<void> {
    if (!(await deliver(events))) return;
    await outbox.markDispatched(events.map((event) => event.id)).catch((error: unknown) => {
      // Delivered, not marked: the sweep hands them over again, which consumers take calmly.
      log.error({ err: error }, 'dispatched events could not be marked');
    });
  }

  async function sweepOnce(): Promise<void> {
    for (;;) {
      const events = await outbox.claim({
        graceMs: sweepGraceMs,
        limit: SWEEP_BATCH,
        leaseMs: LEASE_MS,
      });
      if (events.length === 0) break;
      if (await deliver(events)) await outbox.markDispatched(events.map((event) => event.id));
      if (events.length < SWEEP_BATCH) break;
    }
    await outbox.dropDispatched(new Date(Date.now() - KEEP_DISPATCHED_MS));
  }

  /**
   * One sweep at a time per instance (the timer's tick joins one under way); a failed one is logged
   * and tried again at the next tick.
   */
  function sweepUnlessSweeping(): Promise<void> {
    sweeping ??= sweepOnce()
      .catch((error: unknown) => log.error({ err: error }, 'the event sweep failed'))
      .finally(() => {
        sweeping = undefined;
      });
    return sweeping;
  }

  /** A sweep that starts now: one under way may have claimed before what the caller waits for. */
  async function sweep(): Promise<void> {
    await sweeping;
    await sweepUnlessSweeping();
  }

  /** `db` whose transactions dispatch their events once committed; everything else as it is. */
  const database = new Proxy(db, {
    get(target, property) {
      if (property === 'transaction') {
        const transaction: Database['transaction'] = async (work, config) => {
          const written: StoredEvent[] = [];
          const result = await eventsOfTransaction.run(written, () => target.transaction(work, config));
          if (written.length > 0) await dispatchCommitted(written);
          return result;
        };
        return transaction;
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });

  return {
    database,
    /** Hands over what waits (a restart after a crash), then keeps sweeping until stop(). */
    start(): Promise<void> {
      timer ??= setInterval(() => void sweepUnlessSweeping(), sweepEveryMs);
      timer.unref();
      return sweepUnlessSweeping();
    },
    /** Sweeps now and waits for it: what waits past the grace is handed over (tests, shutdown). */
    sweep,
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = undefined;
      await sweeping;
    },
  };
}

export type EventDispatcher = ReturnType<typeof createEventDispatcher>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The outbox's dispatcher (app.ts): shutdown and tests sweep it. */
    domainEvents: EventDispatcher;
  }
}
