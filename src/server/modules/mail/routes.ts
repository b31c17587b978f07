import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactSchema, newsletterSchema } from '../../../domain/forms.js';
import { errorBodySchema } from '../../http/errors.js';
import { unsubscribeLinkRoutes } from '../../http/unsubscribe-link.js';
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

  await app.register(unsubscribeLinkRoutes, {
    path: '/mail/newsletter/unsubscribe',
    tag: 'mail',
    summary: 'Unsubscribe from the newsletter',
    tokenMax: 200,
    title: 'Newsletter',
    question: 'Unsubscribe from our newsletter?',
    button: 'Unsubscribe',
    done: UNSUBSCRIBED,
    invalid: 'This unsubscribe link is not valid.',
    unsubscribe: (token) => mail.unsubscribe(token),
  });

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
