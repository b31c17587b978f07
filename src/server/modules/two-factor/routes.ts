import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { passwordAgainSchema } from '../../../domain/account.js';
import { messageAndUserAnswerSchema } from '../../../domain/contracts/answers.js';
import { recoveryCodesSchema, twoFactorSetupSchema } from '../../../domain/contracts/two-factor.js';
import { userAnswerSchema } from '../../../domain/contracts/answers.js';
import { MESSAGES } from '../../../domain/messages.js';
import { confirmTwoFactorSchema, twoFactorCodeSchema } from '../../../domain/two-factor.js';
import type { AttemptCounter } from '../../http/attempt-counter.js';
import { createAttemptLimiter, perAddressLimit } from '../../http/attempt-limiter.js';
import { errorBodySchema } from '../../http/errors.js';
import { sendAuthAnswer } from '../../auth/auth-answer.js';
import { authHeaders } from '../../auth/auth-headers.js';
import type { CurrentUser } from '../../auth/current-user.js';
import type { TwoFactorService } from './service.js';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
};

const CHALLENGE_COOKIE = /^(?:__Secure-)?shop\.(?:two_factor|dont_remember)$/;

/**
 * The second step reads only the pending sign-in's cookies: a session the browser may also hold
 * plays no part (better-auth would otherwise check the code against that session's account).
 */
function challengeHeaders(request: FastifyRequest): Headers {
  const headers = authHeaders(request);
  const kept = (request.headers.cookie ?? '')
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => CHALLENGE_COOKIE.test(pair.slice(0, pair.indexOf('='))));
  if (kept.length > 0) headers.set('cookie', kept.join('; '));
  else headers.delete('cookie');
  return headers;
}

/**
 * The pending sign-in's identifier from better-auth's signed two-factor cookie (`value.signature`),
 * only to name whose code was wrong in the audit log; better-auth checks the signature itself.
 */
function pendingChallenge(request: FastifyRequest): string | undefined {
  const match = /(?:^|;\s*)(?:__Secure-)?shop\.two_factor=([^;]+)/.exec(request.headers.cookie ?? '');
  if (!match) return undefined;
  const value = decodeURIComponent(match[1]!);
  const dot = value.lastIndexOf('.');
  return dot > 0 ? value.slice(0, dot) : undefined;
}

/** Two-step sign-in: set up, confirmed, turned off, recovery codes renewed, and the sign-in's code. */
export const twoFactorRoutes: FastifyPluginAsyncZod<{
  twoFactor: TwoFactorService;
  currentUser: CurrentUser;
  attempts: AttemptCounter;
}> = async (app, { twoFactor, currentUser, attempts }) => {
  const perAddress = (max: number) => perAddressLimit(max, MESSAGES.identity.tooManyAttempts);
  // Guessing a password or a code from a session left open is slow per account too.
  const perAccount = (name: string, max: number) =>
    createAttemptLimiter({
      counter: attempts,
      name,
      max,
      windowMs: 60_000,
      message: MESSAGES.identity.tooManyAttempts,
    }).by(async (request) => (await currentUser.optional(request))?._id);

  app.post(
    '/account/sign-in/two-factor',
    {
      config: { rateLimit: perAddress(10) },
      schema: {
        tags: ['account'],
        summary:
          'The second step of a sign-in: a code from the authenticator app, or a recovery code (works once). ' +
          'Five codes per sign-in; ten wrong codes in a row lock the account’s second step for 15 minutes',
        body: twoFactorCodeSchema,
        response: { 200: userAnswerSchema, ...errors },
      },
    },
    async (request, reply) =>
      sendAuthAnswer(
        reply,
        await twoFactor.signIn(
          request.body.code,
          request.body.kind,
          pendingChallenge(request),
          challengeHeaders(request),
        ),
      ),
  );

  app.post(
    '/account/two-factor/setup',
    {
      onRequest: currentUser.requireUser,
      config: { rateLimit: perAddress(10) },
      preHandler: perAccount('two-factor-setup', 5),
      schema: {
        tags: ['account'],
        summary:
          'Start two-step sign-in (asks for the password): a QR code and its secret for an authenticator ' +
          'app, and ten recovery codes, shown this once. It is on once /two-factor/confirm takes a first code',
        body: passwordAgainSchema,
        response: { 200: twoFactorSetupSchema, ...errors },
      },
    },
    async (request) =>
      twoFactor.setUp(await currentUser.require(request), request.body.password, authHeaders(request)),
  );

  app.post(
    '/account/two-factor/confirm',
    {
      onRequest: currentUser.requireUser,
      config: { rateLimit: perAddress(10) },
      preHandler: perAccount('two-factor-confirm', 5),
      schema: {
        tags: ['account'],
        summary: 'Turn two-step sign-in on with the first code of the authenticator app',
        body: confirmTwoFactorSchema,
        response: { 200: messageAndUserAnswerSchema, ...errors },
      },
    },
    async (request, reply) =>
      sendAuthAnswer(
        reply,
        await twoFactor.confirm(await currentUser.require(request), request.body.code, authHeaders(request)),
      ),
  );

  app.post(
    '/account/two-factor/disable',
    {
      onRequest: currentUser.requireUser,
      config: { rateLimit: perAddress(10) },
      preHandler: perAccount('two-factor-disable', 5),
      schema: {
        tags: ['account'],
        summary:
          'Turn two-step sign-in off (asks for the password; staff lose the admin panel until it is on again)',
        body: passwordAgainSchema,
        response: { 200: messageAndUserAnswerSchema, ...errors },
      },
    },
    async (request, reply) =>
      sendAuthAnswer(
        reply,
        await twoFactor.turnOff(
          await currentUser.require(request),
          request.body.password,
          authHeaders(request),
        ),
      ),
  );

  app.post(
    '/account/two-factor/recovery-codes',
    {
      onRequest: currentUser.requireUser,
      config: { rateLimit: perAddress(10) },
      preHandler: perAccount('two-factor-recovery', 5),
      schema: {
        tags: ['account'],
        summary: 'Ten new recovery codes (asks for the password); the old ones stop working',
        body: passwordAgainSchema,
        response: { 200: recoveryCodesSchema, ...errors },
      },
    },
    async (request) =>
      twoFactor.renewRecoveryCodes(
        await currentUser.require(request),
        request.body.password,
        authHeaders(request),
      ),
  );
};
