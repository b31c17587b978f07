import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGES } from '../../../domain/messages.js';
import { errorBodySchema } from '../../http/errors.js';
import type { Readiness } from './service.js';

const SHUTTING_DOWN = 'This instance is shutting down; another one will answer.';

/**
 * Probes for a load balancer or an orchestrator: liveness (`/health`: the process answers, nothing
 * else is touched, so a database outage never gets healthy instances restarted) and readiness
 * (`/ready`: send this instance traffic). No sign-in and no rate limit, since probes come often
 * and from the infrastructure; never cached, since a stale answer is a wrong one.
 */
export const healthRoutes: FastifyPluginAsyncZod<{ readiness: Readiness }> = async (app, { readiness }) => {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  // A probe every few seconds per instance would bury the log in two lines per probe.
  const logLevel = 'warn';

  app.get(
    '/health',
    {
      logLevel,
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process is up (does not touch the database)',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/ready',
    {
      logLevel,
      schema: {
        tags: ['health'],
        summary:
          'Readiness: 200 when the database answers; 503 without it or while the instance drains for a shutdown. ' +
          'Redis, when configured, is reported but does not make the instance unready (the rate limits fall back).',
        response: {
          200: z.object({
            status: z.enum(['ok', 'degraded']),
            database: z.literal('ok'),
            redis: z.enum(['ok', 'unavailable', 'not_configured']),
          }),
          503: errorBodySchema,
        },
      },
    },
    async (_request, reply) => {
      const answer = await readiness.check();
      if (answer.ready) {
        const status = answer.redis === 'unavailable' ? ('degraded' as const) : ('ok' as const);
        return { status, database: 'ok' as const, redis: answer.redis };
      }
      const message = answer.reason === 'shutting_down' ? SHUTTING_DOWN : MESSAGES.common.databaseUnavailable;
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({ error: { code: answer.reason, message } });
    },
  );
};
