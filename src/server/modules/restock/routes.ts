import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageAnswerSchema } from '../../../domain/contracts/answers.js';
import { restockRequestSchema } from '../../../domain/restock.js';
import { errorBodySchema } from '../../http/errors.js';
import type { RestockService } from './service.js';

/** A form a robot could hammer: as the newsletter, a few a minute per address. */
const rateLimit = { max: 5, timeWindow: '1 minute' };

/** "Email me when it's back" (public). */
export const restockRoutes: FastifyPluginAsyncZod<{ restock: RestockService }> = async (app, { restock }) => {
  app.post(
    '/restock',
    {
      config: { rateLimit },
      schema: {
        tags: ['catalog'],
        summary:
          "Email me when it's back: an address waits for a sold-out size of a shoe (once per address, shoe and " +
          'size); the first restock of that size mails it once',
        body: restockRequestSchema,
        response: {
          200: messageAnswerSchema,
          400: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request) => restock.wait(request.body),
  );
};
