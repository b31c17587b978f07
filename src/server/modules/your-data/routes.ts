import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deleteAccountSchema } from '../../../domain/account.js';
import { messageAnswerSchema } from '../../../domain/contracts/answers.js';
import { MESSAGES } from '../../../domain/messages.js';
import type { AttemptCounter } from '../../http/attempt-counter.js';
import { createAttemptLimiter, perAddressLimit } from '../../http/attempt-limiter.js';
import { errorBodySchema } from '../../http/errors.js';
import type { CurrentUser } from '../../auth/current-user.js';
import type { YourDataService } from './service.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 429: errorBodySchema };
const perAddress = (max: number) => perAddressLimit(max, MESSAGES.identity.tooManyAttempts);

/** The signed-in shopper's own data: downloaded whole, or deleted with the account. */
export const yourDataRoutes: FastifyPluginAsyncZod<{
  yourData: YourDataService;
  currentUser: CurrentUser;
  attempts: AttemptCounter;
}> = async (app, { yourData, currentUser, attempts }) => {
  // Guessing the password from a session (a device left signed in) is slow per account too.
  const perAccount = createAttemptLimiter({
    counter: attempts,
    name: 'delete-account',
    max: 5,
    windowMs: 60_000,
    message: MESSAGES.identity.tooManyAttempts,
  }).by(async (request) => (await currentUser.optional(request))?._id);

  app.addHook('onRequest', currentUser.requireUser);

  app.get(
    '/account/data',
    {
      config: { rateLimit: perAddress(10) },
      schema: {
        tags: ['account'],
        summary:
          'Everything the shop holds about you, as a JSON file: profile, orders, reviews, favorites, ' +
          'newsletter and restock subscriptions, contact messages, sign-in methods and sessions',
        response: { 200: z.record(z.string(), z.unknown()), ...errors },
      },
    },
    async (request, reply) => {
      const data = await yourData.export(await currentUser.require(request));
      return reply
        .header(
          'content-disposition',
          `attachment; filename="sneaker-street-data-${data.exportedAt.slice(0, 10)}.json"`,
        )
        .header('cache-control', 'no-store')
        .send(data);
    },
  );

  app.post(
    '/account/delete',
    {
      config: { rateLimit: perAddress(10) },
      preHandler: perAccount,
      schema: {
        tags: ['account'],
        summary:
          'Delete your account after typing your password: sessions end, personal data is erased, orders ' +
          'are kept without your email, reviews stay anonymous (not the administrator’s account)',
        body: deleteAccountSchema,
        response: { 200: messageAnswerSchema, ...errors },
      },
    },
    async (request) => yourData.deleteAccount(await currentUser.require(request), request.body.password),
  );
};
