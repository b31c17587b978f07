import type { FastifyRequest } from 'fastify';
import { HttpError } from './errors.js';

/**
 * Counts attempts per key (an account's email, say) in fixed windows. The
 * per-address limits come from @fastify/rate-limit; this one covers the other
 * axis, which that plugin cannot combine with a second limit on one route.
 * In memory: one instance's view (a shared store arrives with several instances).
 */
export function createAttemptLimiter(options: { max: number; windowMs: number; message: string }) {
  const windows = new Map<string, { count: number; resetAt: number }>();

  function sweep(now: number) {
    for (const [key, window] of windows) if (window.resetAt <= now) windows.delete(key);
  }

  return {
    /** preHandler: refuses with 429 once `keyOf(request)` has used up its window. */
    by(keyOf: (request: FastifyRequest) => string | undefined) {
      return async (request: FastifyRequest) => {
        const key = keyOf(request);
        if (!key) return;
        const now = Date.now();
        if (windows.size > 10_000) sweep(now);
        const window = windows.get(key);
        if (!window || window.resetAt <= now) {
          windows.set(key, { count: 1, resetAt: now + options.windowMs });
          return;
        }
        window.count += 1;
        if (window.count > options.max) throw new HttpError(429, 'rate_limited', options.message);
      };
    },
  };
}
