import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { createSharedCounters, type SharedCounters } from '../redis/shared-counters.js';

/**
 * Rate limits, counted in this instance's memory or, with REDIS_URL, in Redis for every instance
 * (redis/shared-counters.ts). They apply only to routes that ask for one (`config.rateLimit`),
 * such as the public forms. The counters also keep the per-account attempts (sign-in...).
 */
export async function registerRateLimit(app: FastifyInstance, config: Config): Promise<SharedCounters> {
  const counters = await createSharedCounters({
    url: config.REDIS_URL,
    keyPrefix: config.REDIS_KEY_PREFIX,
    log: app.log,
  });
  app.addHook('onReady', counters.connect);
  app.addHook('onClose', counters.close);
  await app.register(rateLimit, { global: false, ...counters.rateLimit });
  return counters;
}
