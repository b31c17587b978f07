import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageAnswerSchema } from '../../../domain/contracts/answers.js';
import { accountSessionListSchema, endedSessionsSchema } from '../../../domain/contracts/sessions.js';
import { errorBodySchema } from '../../http/errors.js';
import type { CurrentUser } from '../../auth/current-user.js';
import type { SessionService } from './service.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/** The signed-in user's own sessions: listed, one ended, or all but the one in use. */
export const sessionRoutes: FastifyPluginAsyncZod<{
  sessions: SessionService;
  currentUser: CurrentUser;
}> = async (app, { sessions, currentUser }) => {
  app.addHook('onRequest', currentUser.requireUser);

  app.get(
    '/account/sessions',
    {
      schema: {
        tags: ['account'],
        summary:
          'Your signed-in sessions, the most recently used first: device, address, when (never a token)',
        response: { 200: accountSessionListSchema, ...errors },
      },
    },
    async (request) => {
      const { user, sessionId } = await currentUser.requireSession(request);
      return sessions.list(user._id, sessionId);
    },
  );

  app.delete(
    '/account/sessions/:id',
    {
      schema: {
        tags: ['account'],
        summary: 'Sign out one of your other sessions (the one in use signs out with /account/sign-out)',
        params: z.object({ id: z.string().max(200) }),
        response: { 200: messageAnswerSchema, 409: errorBodySchema, ...errors },
      },
    },
    async (request) => {
      const { user, sessionId } = await currentUser.requireSession(request);
      return sessions.end(user._id, sessionId, request.params.id);
    },
  );

  app.post(
    '/account/sessions/sign-out-others',
    {
      schema: {
        tags: ['account'],
        summary: 'Sign out of every session but the one in use',
        response: { 200: endedSessionsSchema, ...errors },
      },
    },
    async (request) => {
      const { user, sessionId } = await currentUser.requireSession(request);
      return sessions.endOthers(user._id, sessionId);
    },
  );
};
