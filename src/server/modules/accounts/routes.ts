import '@fastify/multipart';
import { authHeaders } from '../../auth/auth-headers.js';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AVATAR_MAX_BYTES,
  changePasswordSchema,
  credentialsSchema,
  displayNameSchema,
  forgetPasswordSchema,
  resetPasswordSchema,
  sessionSchema,
  verifyEmailSchema,
} from '../../../domain/account.js';
import { MESSAGES } from '../../../domain/messages.js';
import type { CurrentUser } from '../../auth/current-user.js';
import type { AttemptCounter } from '../../http/attempt-counter.js';
import { createAttemptLimiter, perAddressLimit } from '../../http/attempt-limiter.js';
import { errorBodySchema, HttpError } from '../../http/errors.js';
import { documentMultipartForm } from '../../http/multipart-form.js';
import type { AccountService } from './service.js';
import { sendAuthAnswer } from '../../auth/auth-answer.js';
import { emailConfirmationAnswerSchema, providersAnswerSchema } from '../../../domain/contracts/accounts.js';
import { signInAnswerSchema } from '../../../domain/contracts/two-factor.js';
import {
  messageAnswerSchema as messageSchema,
  messageAndUserAnswerSchema as messageAndUserSchema,
  userAnswerSchema,
} from '../../../domain/contracts/answers.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 429: errorBodySchema };
const imageForm = z.object({
  image: z.file().describe('JPEG, PNG, WebP, GIF or AVIF (checked by content), at most 5 MB'),
});

const emailKey = (request: FastifyRequest) => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : undefined;
};

interface AccountRoutesOptions {
  accounts: AccountService;
  currentUser: CurrentUser;
  googleEnabled: boolean;
  /** Per-account attempt counts: this instance's memory, or Redis shared by all instances. */
  attempts: AttemptCounter;
}

/** Sign-up, sign-in, sign-out, password recovery and the signed-in user's own profile. */
export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app, options) => {
  const { accounts, currentUser, googleEnabled, attempts } = options;
  // Guessing is slow on two axes: per address (route config) and per account (preHandler).
  const perAccount = (name: string, max: number) =>
    createAttemptLimiter({
      counter: attempts,
      name,
      max,
      windowMs: 60_000,
      message: MESSAGES.identity.tooManyAttempts,
    }).by(emailKey);
  const perAddress = (max: number) => perAddressLimit(max, MESSAGES.identity.tooManyAttempts);

  app.get(
    '/account/session',
    {
      schema: { tags: ['account'], summary: 'The signed-in user, or null', response: { 200: sessionSchema } },
    },
    async (request) => currentUser.session(request),
  );

  app.get(
    '/account/providers',
    {
      schema: {
        tags: ['account'],
        summary: 'Which sign-in providers are configured',
        response: { 200: providersAnswerSchema },
      },
    },
    async () => ({ google: googleEnabled }),
  );

  // Sign-up and sign-in take the same body: only their limits, their summary, their answer (a
  // sign-in may ask for the second step) and the refusal they may give (409 'Email already in
  // use', 404 'User not found') differ.
  const credentialRoutes = [
    {
      path: '/account/sign-up',
      limits: { perAddress: 10, perAccount: 5 },
      summary: 'Create an account with email and password, and sign in',
      refusal: 409,
      answer: userAnswerSchema,
      act: accounts.signUp,
    },
    {
      path: '/account/sign-in',
      limits: { perAddress: 20, perAccount: 8 },
      summary: 'Sign in with email and password',
      refusal: 404,
      answer: signInAnswerSchema,
      act: accounts.signIn,
    },
  ] as const;
  for (const route of credentialRoutes) {
    app.post(
      route.path,
      {
        config: { rateLimit: perAddress(route.limits.perAddress) },
        preHandler: perAccount(route.path.slice('/account/'.length), route.limits.perAccount),
        schema: {
          tags: ['account'],
          summary: route.summary,
          body: credentialsSchema,
          response: { 200: route.answer, [route.refusal]: errorBodySchema, ...errors },
        },
      },
      async (request, reply) =>
        sendAuthAnswer(
          reply,
          await route.act(request.body.email, request.body.password, authHeaders(request)),
        ),
    );
  }

  app.post(
    '/account/sign-out',
    { schema: { tags: ['account'], summary: 'End this session', response: { 200: messageSchema } } },
    async (request, reply) => sendAuthAnswer(reply, await accounts.signOut(authHeaders(request))),
  );

  app.post(
    '/account/forget',
    {
      config: { rateLimit: perAddress(5) },
      preHandler: perAccount('forget', 3),
      schema: {
        tags: ['account'],
        summary: 'Mail a password reset link',
        body: forgetPasswordSchema,
        response: { 200: messageSchema, 404: errorBodySchema, ...errors },
      },
    },
    async (request) => accounts.requestPasswordReset(request.body.email),
  );

  app.post(
    '/account/reset-password',
    {
      config: { rateLimit: perAddress(10) },
      schema: {
        tags: ['account'],
        summary: 'Choose a new password with the token of a reset link (works once, expires in an hour)',
        body: resetPasswordSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => accounts.resetPassword(request.body.token, request.body.newPassword),
  );

  app.post(
    '/account/verify-email',
    {
      config: { rateLimit: perAddress(10) },
      schema: {
        tags: ['account'],
        summary:
          'Confirm the email address with the token of the mailed link (works for 24 hours; an address ' +
          'confirmed already answers the same)',
        body: verifyEmailSchema,
        response: { 200: emailConfirmationAnswerSchema, ...errors },
      },
    },
    async (request) => accounts.confirmEmail(request.body.token),
  );

  // A mail to one's own address on each press: a few per account, whichever device asks.
  const resendsPerAccount = createAttemptLimiter({
    counter: attempts,
    name: 'verify-email-send',
    max: 3,
    windowMs: 10 * 60_000,
    message: MESSAGES.identity.tooManyAttempts,
  }).by(async (request) => (await currentUser.optional(request))?._id);

  app.post(
    '/account/verify-email/send',
    {
      onRequest: currentUser.requireUser,
      config: { rateLimit: perAddress(10) },
      preHandler: resendsPerAccount,
      schema: {
        tags: ['account'],
        summary:
          'Mail the signed-in user a new link that confirms their email address (3 per 10 minutes); ' +
          'nothing is mailed once it is confirmed',
        response: { 200: emailConfirmationAnswerSchema, ...errors },
      },
    },
    async (request) => accounts.sendEmailConfirmation(await currentUser.require(request)),
  );

  app.put(
    '/account/name',
    {
      onRequest: currentUser.requireUser,
      schema: {
        tags: ['account'],
        summary: 'Change the display name',
        body: displayNameSchema,
        response: { 200: messageAndUserSchema, ...errors },
      },
    },
    async (request) => accounts.changeName((await currentUser.require(request))._id, request.body.name),
  );

  app.put(
    '/account/password',
    {
      onRequest: currentUser.requireUser,
      config: { rateLimit: perAddress(10) },
      schema: {
        tags: ['account'],
        summary: 'Change the password (asks for the current one; other sessions end)',
        body: changePasswordSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request, reply) =>
      sendAuthAnswer(
        reply,
        await accounts.changePassword(
          request.body.currentPassword,
          request.body.newPassword,
          authHeaders(request),
        ),
      ),
  );

  app.post(
    '/account/image',
    {
      onRequest: currentUser.requireUser,
      config: { rateLimit: perAddress(20), swaggerTransform: documentMultipartForm(imageForm) },
      schema: {
        tags: ['account'],
        summary:
          'Upload a profile image (multipart field "image"; JPEG, PNG, WebP, GIF or AVIF, at most 5 MB)',
        consumes: ['multipart/form-data'],
        response: { 200: messageAndUserSchema, 413: errorBodySchema, 415: errorBodySchema, ...errors },
      },
    },
    async (request) => {
      const user = await currentUser.require(request);
      if (!request.isMultipart()) throw new HttpError(400, 'validation', MESSAGES.identity.imageRequired);
      const file = await request.file({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1 } });
      if (!file) throw new HttpError(400, 'validation', MESSAGES.identity.imageRequired);
      let bytes: Buffer;
      try {
        bytes = await file.toBuffer();
      } catch {
        throw new HttpError(413, 'payload_too_large', MESSAGES.identity.imageTooLarge);
      }
      return accounts.changeImage(user._id, bytes);
    },
  );
};
