import crypto from 'node:crypto';
import type { Redis } from 'ioredis';

/** Counts attempts per key in fixed windows: the first attempt opens a window of `windowMs`. */
export interface AttemptCounter {
  /** Records one attempt and returns how many the key's current window holds, this one included. */
  hit(key: string, windowMs: number): Promise<number>;
}

/** This instance's own counters: right for one instance, and the fallback when Redis is away. */
export function createMemoryAttemptCounter(): AttemptCounter {
  const windows = new Map<string, { count: number; resetAt: number }>();

  function sweep(now: number) {
    for (const [key, window] of windows) if (window.resetAt <= now) windows.delete(key);
  }

  return {
    async hit(key, windowMs) {
      const now = Date.now();
      if (windows.size > 10_000) sweep(now);
      const window = windows.get(key);
      if (!window || window.resetAt <= now) {
        windows.set(key, { count: 1, resetAt: now + windowMs });
        return 1;
      }
      window.count += 1;
      return window.count;
    },
  };
}

/**
 * INCR and PEXPIRE in one step, so two instances never both open a window and a key never
 * outlives it. The TTL check also mends a key left without one.
 */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 or redis.call('PTTL', KEYS[1]) == -1 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
end
return count`;

/**
 * Counters every instance shares. When Redis cannot answer (down, stuck: redis-client.ts bounds
 * the wait), the attempt is counted by `fallback`, this instance's memory: password guessing stays
 * limited per instance instead of not at all, and sign-in keeps working.
 * Keys hold a hash of the caller's key, so no email address is written to Redis.
 */
export function createRedisAttemptCounter(
  redis: Redis,
  keyPrefix: string,
  fallback: AttemptCounter,
): AttemptCounter {
  return {
    async hit(key, windowMs) {
      const hashed = crypto.createHash('sha256').update(key).digest('base64url');
      try {
        return Number(await redis.eval(HIT_SCRIPT, 1, `${keyPrefix}${hashed}`, windowMs));
      } catch {
        return fallback.hit(key, windowMs);
      }
    },
  };
}
