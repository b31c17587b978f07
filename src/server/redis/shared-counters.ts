import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import {
  createMemoryAttemptCounter,
  createRedisAttemptCounter,
  type AttemptCounter,
} from '../http/attempt-counter.js';

export interface SharedCounters {
  /** Undefined without REDIS_URL. */
  redis?: Redis;
  /** The store part of @fastify/rate-limit's options. */
  rateLimit: Pick<RateLimitPluginOptions, 'redis' | 'nameSpace' | 'skipOnError'>;
  /** Per-account attempts (sign-in, sign-up, password reset). */
  attempts: AttemptCounter;
  /** onReady: waits briefly for Redis, so an instance starts with shared counters when it can. */
  connect(): Promise<void>;
  /** onClose: runs after the last in-flight request has finished. */
  close(): Promise<void>;
}

/**
 * The rate-limit counters: in this instance's memory, or in Redis when REDIS_URL is set, so that
 * several instances behind a load balancer count together. Keys start with `keyPrefix`, so several
 * shops (or test runs) can share one Redis.
 *
 * When Redis is down or stuck the shop keeps selling, on purpose (a 503 would make Redis a way to
 * take every instance down at once):
 * - per-address limits (@fastify/rate-limit) fail open (`skipOnError`): they brake spam on forms,
 *   and going without them for a while costs little;
 * - per-account attempts fall back to this instance's memory: they guard passwords, so guessing
 *   stays limited, per instance, until Redis is back.
 */
export async function createSharedCounters(options: {
  url: string | undefined;
  keyPrefix: string;
  log: FastifyBaseLogger;
}): Promise<SharedCounters> {
  const memory = createMemoryAttemptCounter();
  if (!options.url) {
    return { rateLimit: {}, attempts: memory, connect: async () => undefined, close: async () => undefined };
  }
  // Loaded only when configured: a single instance starts without paying for the Redis client.
  const { closeRedis, createRedisClient, waitForRedis } = await import('./redis-client.js');
  const redis = createRedisClient(options.url, options.log);
  return {
    redis,
    rateLimit: { redis, nameSpace: `${options.keyPrefix}rate-limit:`, skipOnError: true },
    attempts: createRedisAttemptCounter(redis, `${options.keyPrefix}attempts:`, memory),
    async connect() {
      await waitForRedis(redis);
    },
    close: () => closeRedis(redis),
  };
}
