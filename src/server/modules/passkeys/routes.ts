import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { passwordAgainSchema } from '../../../domain/account.js';
import { messageAnswerSchema, userAnswerSchema } from '../../../domain/contracts/answers.js';
import { MESSAGES } from '../../../domain/messages.js';
import {
  addPasskeySchema,
  passkeyAddedSchema,
  passkeyListSchema,
  passkeySignInSchema,
  webAuthnOptionsSchema,
} from '../../../domain/passkeys.js';
import type { AttemptCounter } from '../../http/attempt-counter.js';
import { createAttemptLimiter, perAddressLimit } from '../../http/attempt-limiter.js';
import { errorBodySchema } from '../../http/errors.js';
import { sendAuthAnswer } from '../../auth/auth-answer.js';
import { authHeaders } from '../../auth/auth-headers.js';
import type { CurrentUser } from '../../auth/current-user.js';
import type { PasskeyService } from './service.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 429: errorBodySchema };

/** The signed-in user's passkeys (added after the password, listed, removed) and signing in with one. */
export const passkeyRoutes: FastifyPluginAsyncZod<{
  passkeys: PasskeyService;
  currentUser: CurrentUser;
  attempts: AttemptCounter;
}> = async (app, { passkeys, currentUser, attempts }) => {
  const perAddress = (max: number) => perAddressLimit(max, MESSAGES.identity.tooManyAttempts);
  // The password asked before adding a passkey is guessed no faster than anywhere else.
  const perAccount = createAttemptLimiter({
    counter: attempts,
    name: 'passkey-options',
    max: 5,
    windowMs: 60_000,
    message: MESSAGES.identity.tooManyAttempts,
  }).by(async (request) => (await currentUser.optional(request))?._id);

  app.get(
    '/account/passkeys',
    {
      onRequest: currentUser.requireUser,
      schema: {
        tags: ['account'],
        summary: 'Your passkeys, the oldest first (never a key)',
        response: { 200: passkeyListSchema, ...errors },
      },
    },
    async (request) => passkeys.list(await currentUser.require(request)),
  );

  app.post(
    '/account/passkeys/options',
    {
      onRequest: currentUser.requireUser,
      config: { rateLimit: perAddress(10) },
      preHandler: perAccount,
      schema: {
        tags: ['account'],
        summary:
          'Start adding a passkey (asks for the password): the WebAuthn options for navigator.credentials.create, ' +
          'valid 5 minutes',
        body: passwordAgainSchema,
        response: { 200: webAuthnOptionsSchema, ...errors },
      },
    },
    async (request, reply) =>
      sendAuthAnswer(reply, await passkeys.registrationOptions(request.body.password, authHeaders(request))),
  );

  app.post(
    '/account/passkeys',
    {
      onRequest: currentUser.requireUser,
      config: { rateLimit: perAddress(10) },
      schema: {
        tags: ['account'],
        summary: 'Add the passkey the browser just made, with an optional name',
        body: addPasskeySchema,
        response: { 201: passkeyAddedSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await passkeys.add(await currentUser.require(request), request.body, authHeaders(request))),
  );

  app.delete(
    '/account/passkeys/:id',
    {
      onRequest: currentUser.requireUser,
      schema: {
        tags: ['account'],
        summary: 'Remove one of your passkeys (staff keep the admin panel only with another second factor)',
        params: z.object({ id: z.string().max(200) }),
        response: { 200: messageAnswerSchema, 404: errorBodySchema, ...errors },
      },
    },
    async (request) =>
      passkeys.remove(await currentUser.require(request), request.params.id, authHeaders(request)),
  );

  app.post(
    '/account/sign-in/passkey/options',
    {
      config: { rateLimit: perAddress(20) },
      schema: {
        tags: ['account'],
        summary: 'Start signing in with a passkey: the WebAuthn options for navigator.credentials.get',
        response: { 200: webAuthnOptionsSchema, ...errors },
      },
    },
    async (request, reply) => sendAuthAnswer(reply, await passkeys.signInOptions(authHeaders(request))),
  );

  app.post(
    '/account/sign-in/passkey',
    {
      config: { rateLimit: perAddress(20) },
      schema: {
        tags: ['account'],
        summary:
          'Sign in with the passkey the browser signed the challenge with: a session that counts as two factors',
        body: passkeySignInSchema,
        response: { 200: userAnswerSchema, ...errors },
      },
    },
    async (request, reply) =>
      sendAuthAnswer(reply, await passkeys.signIn(request.body.response, authHeaders(request))),
  );
};
