/** Matrix rows of accounts: sign-up and sign-in, sessions, passwords, two-step sign-in, passkeys. */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { passkeys } from '../../../../../src/server/db/schema.js';
import { multipart } from '../../multipart.js';
import { uniqueEmail } from '../../session.js';
import {
  OK,
  OWN_ONLY,
  SIGN_IN_FIRST,
  DISABLED,
  WRONG_PASSWORD,
  NOT_THE_ADMINISTRATOR,
  TWO_FACTOR_ON,
  TWO_FACTOR_OFF,
  SIGN_IN_EXPIRED,
  PASSKEY_EXPIRED,
  anyone,
  ownAccount,
  usersOwn,
  type Row,
  get,
  post,
  put,
  del,
  ids,
} from '../roles.js';
import { png, db, accounts } from '../world.js';
import { uniqueLetters, freshUser, resetToken, confirmationToken } from '../fixtures.js';
import {
  twoFactorOf,
  userRow,
  passwordOf,
  sessionCount,
  cookieSessionAlive,
  storedPasskey,
  passkeyExists,
  webAuthnAnswer,
  secondSession,
  sessionAlive,
  usersWithEmail,
  mailsTo,
  emailVerifiedOf,
} from '../state.js';

export const ACCOUNT_ROWS: Row[] = [
  // Accounts.
  {
    route: 'GET /api/account/session',
    outcomes: anyone(OK),
    request: () => get('/api/account/session'),
    // A disabled user's cookie reads as nobody's.
    check: (response, { role, actor }) =>
      expect(response.json().user?._id ?? null).toBe(role === 'disabled user' ? null : (actor?.id ?? null)),
  },
  {
    route: 'GET /api/account/sessions',
    outcomes: ownAccount,
    prepare: () => secondSession(accounts.user),
    request: () => get('/api/account/sessions'),
    // Each role sees its own sessions only: the user's second device is the user's to see.
    check: (response, { role, fixture }) =>
      expect(ids(response).includes(fixture.session!)).toBe(role === 'user'),
  },
  {
    route: 'DELETE /api/account/sessions/{id}',
    note: "the user's other session",
    // Someone else's session answers like one that has ended.
    outcomes: usersOwn(OK),
    prepare: () => secondSession(accounts.user),
    request: ({ fixture }) => del(`/api/account/sessions/${fixture.session}`),
    state: ({ fixture }) => sessionAlive(fixture.session!),
    after: () => false,
  },
  {
    route: 'POST /api/account/sessions/sign-out-others',
    note: "the user's other session stays unless the user asks",
    outcomes: ownAccount,
    prepare: () => secondSession(accounts.user),
    request: () => post('/api/account/sessions/sign-out-others'),
    state: ({ fixture }) => sessionAlive(fixture.session!),
    after: () => false,
  },
  {
    route: 'GET /api/account/providers',
    outcomes: anyone(OK),
    request: () => get('/api/account/providers'),
    check: (response) => expect(response.json()).toEqual({ google: false }),
  },
  {
    route: 'POST /api/account/sign-up',
    note: 'a new address',
    outcomes: anyone(OK),
    prepare: async () => ({ email: uniqueEmail('newcomer') }),
    request: ({ fixture }) => post('/api/account/sign-up', { email: fixture.email, password: 'secret123' }),
    state: ({ fixture }) => usersWithEmail(fixture.email!),
    after: () => 1,
  },
  {
    route: 'POST /api/account/sign-in',
    note: "with their own password; a visitor with the user's",
    outcomes: {
      visitor: OK,
      user: OK,
      'other user': OWN_ONLY,
      'disabled user': DISABLED,
      manager: OWN_ONLY,
      administrator: OWN_ONLY,
    },
    request: ({ actor, owner }) =>
      post('/api/account/sign-in', { email: (actor ?? owner).email, password: (actor ?? owner).password }),
    state: ({ owner }) => sessionCount(owner.id),
    after: (_context, before) => (before as number) + 1,
  },
  {
    route: 'POST /api/account/sign-out',
    outcomes: {
      visitor: OWN_ONLY,
      user: OK,
      'other user': OWN_ONLY,
      'disabled user': OK,
      manager: OWN_ONLY,
      administrator: OWN_ONLY,
    },
    request: () => post('/api/account/sign-out'),
    state: ({ owner }) => cookieSessionAlive(owner),
    after: () => false,
  },
  {
    route: 'POST /api/account/forget',
    note: "another account's address",
    outcomes: anyone(OK),
    prepare: freshUser,
    request: ({ fixture }) => post('/api/account/forget', { email: fixture.email }),
    // The link goes to the account's own address, whoever asks.
    state: ({ fixture }) => mailsTo(fixture.email!),
    after: () => 1,
  },
  {
    route: 'POST /api/account/reset-password',
    note: "with a reset link's token",
    outcomes: anyone(OK),
    prepare: resetToken,
    request: ({ fixture }) =>
      post('/api/account/reset-password', { token: fixture.token, newPassword: 'chosen-again-1' }),
    state: ({ fixture }) => passwordOf(fixture.id!),
    after: () => expect.stringMatching(/^scrypt\$/),
  },
  {
    route: 'POST /api/account/verify-email',
    note: "with a confirmation link's token",
    // The link confirms the address it was mailed to, whoever opens it (signed in or not).
    outcomes: anyone(OK),
    prepare: confirmationToken,
    request: ({ fixture }) => post('/api/account/verify-email', { token: fixture.token }),
    state: ({ fixture }) => emailVerifiedOf(fixture.id!),
    after: () => true,
  },
  {
    route: 'POST /api/account/verify-email/send',
    note: 'the user has not confirmed their address',
    // Each signed-in role asks for its own address (the administrator's is confirmed: nothing mailed).
    outcomes: ownAccount,
    request: () => post('/api/account/verify-email/send'),
    state: ({ owner }) => mailsTo(owner.email),
    after: (_context, before) => (before as number) + 1,
    check: (response, { role }) => expect(response.json().emailVerified).toBe(role === 'administrator'),
  },
  {
    route: 'PUT /api/account/name',
    outcomes: ownAccount,
    prepare: async () => ({ name: uniqueLetters('Renamed') }),
    request: ({ fixture }) => put('/api/account/name', { name: fixture.name! }),
    state: async ({ owner }) => (await userRow(owner.id))!.name,
    after: ({ fixture }) => fixture.name,
  },
  {
    route: 'PUT /api/account/password',
    note: 'the same password again',
    outcomes: ownAccount,
    request: ({ actor, owner }) =>
      put('/api/account/password', {
        currentPassword: (actor ?? owner).password,
        newPassword: (actor ?? owner).password,
      }),
    state: ({ owner }) => passwordOf(owner.id),
    after: (_context, before) => expect.not.stringContaining(before as string),
  },
  {
    route: 'GET /api/account/data',
    outcomes: ownAccount,
    request: () => get('/api/account/data'),
    // Each role downloads its own data, never the user's.
    check: (response, { owner, actor }) => expect(response.json().profile.id).toBe((actor ?? owner).id),
  },
  {
    route: 'POST /api/account/sign-in/two-factor',
    note: 'a code without a pending sign-in (no password step first)',
    outcomes: anyone(SIGN_IN_EXPIRED),
    request: () => post('/api/account/sign-in/two-factor', { code: '123456' }),
    state: ({ owner }) => sessionCount(owner.id),
  },
  {
    // The walk's staff have two-step sign-in on (the admin panel needs it); the shoppers do not.
    route: 'POST /api/account/two-factor/setup',
    note: 'with a wrong password',
    outcomes: {
      visitor: SIGN_IN_FIRST,
      user: WRONG_PASSWORD,
      'other user': WRONG_PASSWORD,
      'disabled user': DISABLED,
      manager: TWO_FACTOR_ON,
      administrator: TWO_FACTOR_ON,
    },
    request: () => post('/api/account/two-factor/setup', { password: 'not-the-password' }),
    state: ({ owner }) => twoFactorOf(owner.id),
  },
  {
    route: 'POST /api/account/two-factor/confirm',
    note: 'with no setup waiting',
    outcomes: {
      visitor: SIGN_IN_FIRST,
      user: TWO_FACTOR_OFF,
      'other user': TWO_FACTOR_OFF,
      'disabled user': DISABLED,
      manager: TWO_FACTOR_ON,
      administrator: TWO_FACTOR_ON,
    },
    request: () => post('/api/account/two-factor/confirm', { code: '123456' }),
    state: ({ owner }) => twoFactorOf(owner.id),
  },
  ...(['disable', 'recovery-codes'] as const).map((action): Row => ({
    route: `POST /api/account/two-factor/${action}`,
    note: 'with a wrong password',
    outcomes: {
      visitor: SIGN_IN_FIRST,
      user: TWO_FACTOR_OFF,
      'other user': TWO_FACTOR_OFF,
      'disabled user': DISABLED,
      manager: WRONG_PASSWORD,
      administrator: WRONG_PASSWORD,
    },
    request: () => post(`/api/account/two-factor/${action}`, { password: 'not-the-password' }),
    state: async ({ actor, owner }) => twoFactorOf((actor ?? owner).id),
  })),
  {
    route: 'GET /api/account/passkeys',
    outcomes: ownAccount,
    prepare: () => storedPasskey(accounts.user),
    request: () => get('/api/account/passkeys'),
    check: (response, { actor, fixture }) => {
      const ids = (response.json() as { _id: string }[]).map((passkey) => passkey._id);
      expect(ids.includes(fixture.passkey!)).toBe(actor === accounts.user);
    },
  },
  {
    route: 'POST /api/account/passkeys/options',
    note: 'with a wrong password',
    outcomes: {
      visitor: SIGN_IN_FIRST,
      user: WRONG_PASSWORD,
      'other user': WRONG_PASSWORD,
      'disabled user': DISABLED,
      manager: WRONG_PASSWORD,
      administrator: WRONG_PASSWORD,
    },
    request: () => post('/api/account/passkeys/options', { password: 'not-the-password' }),
  },
  {
    route: 'POST /api/account/passkeys',
    note: 'an answer to a challenge the shop never gave',
    outcomes: {
      visitor: SIGN_IN_FIRST,
      user: PASSKEY_EXPIRED,
      'other user': PASSKEY_EXPIRED,
      'disabled user': DISABLED,
      manager: PASSKEY_EXPIRED,
      administrator: PASSKEY_EXPIRED,
    },
    request: () =>
      post('/api/account/passkeys', {
        response: webAuthnAnswer({ clientDataJSON: 'AAAA', attestationObject: 'AAAA' }),
      }),
    state: async ({ owner }) =>
      (await db().select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, owner.id))).length,
  },
  {
    route: 'DELETE /api/account/passkeys/{id}',
    note: "the user's passkey",
    // Someone else's passkey answers like one that is gone.
    outcomes: usersOwn(OK),
    prepare: () => storedPasskey(accounts.user),
    request: ({ fixture }) => del(`/api/account/passkeys/${fixture.passkey}`),
    state: ({ fixture }) => passkeyExists(fixture.passkey!),
    after: () => false,
  },
  {
    route: 'POST /api/account/sign-in/passkey/options',
    outcomes: anyone(OK),
    request: () => post('/api/account/sign-in/passkey/options'),
    check: (response) => expect(response.json()).toMatchObject({ challenge: expect.any(String) }),
  },
  {
    route: 'POST /api/account/sign-in/passkey',
    note: 'an answer to a challenge the shop never gave',
    outcomes: anyone(PASSKEY_EXPIRED),
    request: () =>
      post('/api/account/sign-in/passkey', {
        response: webAuthnAnswer({ clientDataJSON: 'AAAA', authenticatorData: 'AAAA', signature: 'AAAA' }),
      }),
    state: ({ owner }) => sessionCount(owner.id),
  },
  {
    route: 'POST /api/account/delete',
    // The walk's accounts must survive it: a wrong password, refused for all (tests/api/your-data/your-data.test.ts
    // deletes accounts); the administrator's refusal comes before the password is looked at.
    note: 'with a wrong password',
    outcomes: {
      visitor: SIGN_IN_FIRST,
      user: WRONG_PASSWORD,
      'other user': WRONG_PASSWORD,
      'disabled user': DISABLED,
      manager: WRONG_PASSWORD,
      administrator: NOT_THE_ADMINISTRATOR,
    },
    request: () => post('/api/account/delete', { password: 'not-the-password' }),
    state: async ({ owner }) => (await userRow(owner.id))!.status,
  },
  {
    route: 'POST /api/account/image',
    outcomes: ownAccount,
    request: async () => {
      const form = await multipart({}, { name: 'me.png', type: 'image/png', bytes: png });
      return { method: 'POST', url: '/api/account/image', payload: form.payload, headers: form.headers };
    },
    state: async ({ owner }) => (await userRow(owner.id))!.image,
    after: ({ owner }) => expect.stringContaining(`/avatars/${owner.id}-`),
  },
  {
    route: 'POST /api/users',
    note: "the sync call, naming the user's email and id in its body",
    outcomes: ownAccount,
    request: ({ owner }) => post('/api/users', { email: owner.email, idUser: owner.id }),
    state: ({ owner }) => userRow(owner.id),
    check: (response, { actor }) => expect(response.json()._id).toBe(actor!.id),
  },
];
