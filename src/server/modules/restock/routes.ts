import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageAnswerSchema } from '../../../domain/contracts/answers.js';
import { MESSAGES } from '../../../domain/messages.js';
import { restockRequestSchema } from '../../../domain/restock.js';
import { errorBodySchema } from '../../http/errors.js';
import type { RestockService } from './service.js';

/** A form a robot could hammer: as the newsletter, a few a minute per address. */
const rateLimit = { max: 5, timeWindow: '1 minute' };

const page = (text: string) =>
  `<!doctype html><html lang="en"><meta charset="utf-8"><title>Restock alerts</title><p>${text}</p><p><a href="/">Back Home</a></p></html>`;

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

  app.get(
    '/restock/unsubscribe',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Stop waiting for a size, with the token of the mail',
        querystring: z.object({ token: z.string().min(1).max(200) }),
        response: {
          200: { description: 'A page confirming it', content: { 'text/html': { schema: z.string() } } },
          400: errorBodySchema,
          404: {
            description: 'A page saying the link is not valid',
            content: { 'text/html': { schema: z.string() } },
          },
        },
      },
    },
    async (request, reply) => {
      const done = await restock.unsubscribe(request.query.token);
      return reply
        .status(done ? 200 : 404)
        .type('text/html; charset=utf-8')
        .send(page(done ? MESSAGES.restock.unsubscribed : 'This link is not valid.'));
    },
  );
};
