import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/** A Redis that accepts connections and never answers costs a request at most this long. */
export const REDIS_COMMAND_TIMEOUT_MS = 500;
const REDIS_CONNECT_TIMEOUT_MS = 1_000;
const REDIS_RECONNECT_MAX_DELAY_MS = 2_000;

/**
 * The one Redis connection of an instance: it holds the counters that several instances share
 * (per-address rate limits, per-account attempts). Redis helps the shop; the shop does not stand
 * on it. When Redis is down or stuck, a command fails within REDIS_COMMAND_TIMEOUT_MS instead of
 * waiting, and its caller decides what that means (shared-counters.ts):
 * - `enableOfflineQueue: false`: while disconnected a command fails at once rather than queueing
 *   until a reconnect that may never come (ioredis' default would hold the request);
 * - `maxRetriesPerRequest: 0`: a command cut by a lost connection is not resent later;
 * - `connectTimeout` and `commandTimeout`: bound a Redis that accepts and never answers;
 * - `retryStrategy`: keeps reconnecting in the background (at most every 2 s), so the counters
 *   are shared again as soon as Redis is back, with no restart.
 */
export function createRedisClient(url: string, log: FastifyBaseLogger): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    retryStrategy: (attempt) => Math.min(attempt * 200, REDIS_RECONNECT_MAX_DELAY_MS),
  });
  // One line when Redis goes away and one when it is back, not one per reconnect attempt.
  let down = false;
  redis.on('error', (error: Error) => {
    if (down) return;
    down = true;
    log.warn(
      { err: error },
      'Redis unavailable: per-address limits are off and per-account attempts count on this instance until it is back',
    );
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    log.info('Redis is back: rate limits are shared again');
  });
  return redis;
}

/**
 * Resolves once the first connection is ready, or after `timeoutMs` (false): an instance should
 * start with shared counters when it can, but never wait for Redis to start.
 */
export function waitForRedis(redis: Redis, timeoutMs = REDIS_CONNECT_TIMEOUT_MS): Promise<boolean> {
  if (redis.status === 'ready') return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (ready: boolean) => {
      clearTimeout(timer);
      redis.off('ready', onReady);
      resolve(ready);
    };
    const onReady = () => done(true);
    const timer = setTimeout(() => done(false), timeoutMs);
    redis.on('ready', onReady);
  });
}

/** Ends the connection and its reconnect loop; in-flight requests have finished by then. */
export async function closeRedis(redis: Redis): Promise<void> {
  try {
    await redis.quit();
  } catch {
    // Not connected: nothing to say goodbye to.
    redis.disconnect();
  }
}
