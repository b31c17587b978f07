import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contactSchema, newsletterSchema } from '../../../domain/forms.js';
import { errorBodySchema } from '../../http/errors.js';
import { UNSUBSCRIBED, type MailService } from './service.js';
import { messageAnswerSchema as messageSchema } from '../../../domain/contracts/answers.js';

/** Forms a robot could hammer: a few per minute per address is plenty for a person. */
const rateLimit = { max: 5, timeWindow: '1 minute' };

export const mailRoutes: FastifyPluginAsyncZod<{ mail: MailService }> = async (app, { mail }) => {
  app.post(
    '/mail/newsletter',
    {
      config: { rateLimit },
      schema: {
        tags: ['mail'],
        summary: 'Subscribe to the newsletter (a welcome mail with an unsubscribe link follows)',
        body: newsletterSchema,
        response: { 200: messageSchema, 400: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request) => mail.subscribe(request.body.email),
  );

  app.get(
    '/mail/newsletter/unsubscribe',
    {
      schema: {
        tags: ['mail'],
        summary: 'Unsubscribe with the token of the welcome mail',
        querystring: z.object({ token: z.string().min(1).max(200) }),
        response: {
          200: {
            description: 'A page confirming the unsubscription',
            content: { 'text/html': { schema: z.string() } },
          },
          400: errorBodySchema,
          404: {
            description: 'A page saying the link is not valid',
            content: { 'text/html': { schema: z.string() } },
          },
        },
      },
    },
    async (request, reply) => {
      const done = await mail.unsubscribe(request.query.token);
      const text = done ? UNSUBSCRIBED : 'This unsubscribe link is not valid.';
      return reply
        .status(done ? 200 : 404)
        .type('text/html; charset=utf-8')
        .send(
          `<!doctype html><html lang="en"><meta charset="utf-8"><title>Newsletter</title><p>${text}</p><p><a href="/">Back Home</a></p></html>`,
        );
    },
  );

  app.post(
    '/mail/contactUs',
    {
      config: { rateLimit },
      schema: {
        tags: ['mail'],
        summary: 'Send a message to the shop',
        body: contactSchema,
        response: { 200: messageSchema, 400: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request) => mail.contact(request.body),
  );
};
