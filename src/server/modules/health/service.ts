import type { Redis } from 'ioredis';
import type { HealthRepository } from './repository.js';

/**
 * How long the readiness probe waits for the database. Shorter than the pool's connect timeout
 * (5 s), so a database that does not answer fails the probe before a load balancer gives up on it.
 */
export const READINESS_TIMEOUT_MS = 2_000;

export type ReadinessAnswer =
  | { ready: true; redis: 'ok' | 'unavailable' | 'not_configured' }
  | { ready: false; reason: 'shutting_down' | 'database_unavailable' };

function withinTimeout<T>(work: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Whether this instance should get traffic: not while it drains for a shutdown (`stopping`), and
 * not without its database. Redis down does not make it unready: the rate limits fall back
 * (shared-counters.ts), and every instance shares that Redis, so failing here would take the
 * whole shop out of the load balancer at once. It is reported, for the operator.
 */
export function createReadiness(options: {
  database: HealthRepository;
  redis?: Redis;
  stopping?: AbortSignal;
  timeoutMs?: number;
}) {
  const timeoutMs = options.timeoutMs ?? READINESS_TIMEOUT_MS;
  const { database, redis, stopping } = options;

  const databaseAnswers = () =>
    withinTimeout(database.ping(), timeoutMs).then(
      () => true,
      () => false,
    );
  const redisState = async () => {
    if (!redis) return 'not_configured' as const;
    // ping() itself gives up after the client's command timeout (redis-client.ts).
    return redis.ping().then(
      () => 'ok' as const,
      () => 'unavailable' as const,
    );
  };

  return {
    async check(): Promise<ReadinessAnswer> {
      if (stopping?.aborted) return { ready: false, reason: 'shutting_down' };
      const [database, redisNow] = await Promise.all([databaseAnswers(), redisState()]);
      if (!database) return { ready: false, reason: 'database_unavailable' };
      return { ready: true, redis: redisNow };
    },
  };
}

export type Readiness = ReturnType<typeof createReadiness>;
