import type { FastifyRequest } from 'fastify';
import type { AttemptCounter } from './attempt-counter.js';
import { HttpError } from './errors.js';

/**
 * Limits attempts per key (an account's email, say) in fixed windows. The per-address limits
 * come from @fastify/rate-limit; this one covers the other axis, which that plugin cannot combine
 * with a second limit on one route. The counter is shared through Redis when several instances
 * run (attempt-counter.ts); `name` keeps each limiter's windows apart in it.
 */
export function createAttemptLimiter(options: {
  counter: AttemptCounter;
  name: string;
  max: number;
  windowMs: number;
  message: string;
}) {
  return {
    /** preHandler: refuses with 429 once `keyOf(request)` has used up its window. */
    by(keyOf: (request: FastifyRequest) => string | undefined | Promise<string | undefined>) {
      return async (request: FastifyRequest) => {
        const key = await keyOf(request);
        if (!key) return;
        const count = await options.counter.hit(`${options.name}:${key}`, options.windowMs);
        if (count > options.max) throw new HttpError(429, 'rate_limited', options.message);
      };
    },
  };
}

/** A route's per-address limit (@fastify/rate-limit's route config): `max` a minute, then 429 with `message`. */
export function perAddressLimit(max: number, message: string) {
  return {
    max,
    timeWindow: '1 minute',
    errorResponseBuilder: () => ({ statusCode: 429, error: 'rate_limited', message }),
  };
}
