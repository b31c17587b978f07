import { createEmailVerificationToken } from 'better-auth/api';
import { and, desc, eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../../src/domain/messages.js';
import { mailOutbox, users } from '../../../src/server/db/schema.js';
import { EMAIL_CONFIRMATION_SUBJECT } from '../../../src/server/mail/templates/account-mails.js';
import { closedPort } from '../support/closed-port.js';
import { signIn, signUp, TEST_ORIGIN, uniqueEmail } from '../support/session.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * Confirming a password sign-up's address (docs/decisions/002): sign-up mails a link, its token
 * confirms the address through our route, any other token changes nothing, a signed-in shopper may
 * ask for a new link a few times, and neither the token nor a slow mail server gets in the way.
 */

const SECRET = 'email-verification-test-secret-0123456789abcdef';
const I = MESSAGES.identity;

let t: TestApp;
const log: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ SESSION_SECRET: SECRET }, { logStream: { write: (line) => log.push(line) } });
});
afterAll(() => t.close());

let addresses = 0;
const post = (url: string, payload?: object, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    ...(payload ? { payload } : {}),
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    remoteAddress: `10.31.${Math.floor(addresses / 250)}.${(addresses++ % 250) + 1}`,
  });
const confirm = (token: string) => post('/api/account/verify-email', { token });
const resend = (cookie?: string) => post('/api/account/verify-email/send', undefined, cookie);

/** The confirmation mails to `email`, newest first. */
const confirmationsTo = (email: string) =>
  t.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), eq(mailOutbox.subject, EMAIL_CONFIRMATION_SUBJECT)))
    .orderBy(desc(mailOutbox.createdAt));

/** The token of the newest confirmation link mailed to `email`. */
async function mailedToken(email: string): Promise<string> {
  const [mail] = await confirmationsTo(email);
  const link = mail?.text.match(/http:\/\/localhost:3000\/verify-email\?token=([^\s&]+)/);
  if (!link) throw new Error(`no confirmation link mailed to ${email}`);
  return decodeURIComponent(link[1]!);
}

const verified = async (userId: string) =>
  (await t.database.db.select({ v: users.emailVerified }).from(users).where(eq(users.id, userId)))[0]!.v;

const sessionUser = async (cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/account/session', headers: { cookie } })).json().user as {
    emailVerified: boolean;
  };

describe('sign-up', () => {
  it('mails the new address a link to /verify-email, in text and HTML, and still signs in without it', async () => {
    const shopper = await signUp(t.app);
    expect(shopper.user).toMatchObject({ emailVerified: false });
    const mails = await confirmationsTo(shopper.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(
      `Confirm that ${shopper.email} is your address within the next 24 hours`,
    );
    const token = await mailedToken(shopper.email);
    expect(mails[0]!.html).toContain(`href="http://localhost:3000/verify-email?token=${token}"`);
    // better-auth's JWT: the address and the account it was made for.
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));
    expect(payload).toMatchObject({ email: shopper.email, userId: shopper.user._id });
    expect(payload.exp - payload.iat).toBe(24 * 60 * 60);

    // Signing in does not wait for the confirmation.
    const again = await signIn(t.app, shopper.email, shopper.password);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().user).toMatchObject({ emailVerified: false });
  });
});

describe('POST /api/account/verify-email', () => {
  it('confirms the address with the mailed token, and says so again for a second press', async () => {
    const shopper = await signUp(t.app);
    expect(await sessionUser(shopper.cookie)).toMatchObject({ emailVerified: false });

    const confirmed = await confirm(await mailedToken(shopper.email));
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ message: I.emailConfirmed, emailVerified: true });
    expect(await verified(shopper.user._id)).toBe(true);
    expect(await sessionUser(shopper.cookie)).toMatchObject({ emailVerified: true });

    const twice = await confirm(await mailedToken(shopper.email));
    expect(twice.statusCode).toBe(200);
    expect(twice.json()).toEqual({ message: I.emailConfirmed, emailVerified: true });
  });

  it('refuses a wrong, altered, foreign or expired token with 400 and confirms nothing', async () => {
    const shopper = await signUp(t.app);
    const other = await signUp(t.app);
    const token = await mailedToken(shopper.email);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    // Claims another account's address under the first one's signature.
    const forgedPayload = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')),
        email: other.email,
        userId: other.user._id,
      }),
    ).toString('base64url');
    const flipped = signature.at(-2) === 'A' ? 'B' : 'A';
    const refused = {
      'a made-up token': 'not-a-token',
      'an altered signature': `${header}.${payload}.${signature.slice(0, -2)}${flipped}${signature.at(-1)}`,
      'an altered payload': `${header}.${forgedPayload}.${signature}`,
      "another shop's token": await createEmailVerificationToken(
        'another-secret-entirely-0123456789abcdefgh',
        shopper.email,
        undefined,
        3600,
        { userId: shopper.user._id },
      ),
      'an expired token': await createEmailVerificationToken(SECRET, shopper.email, undefined, -60, {
        userId: shopper.user._id,
      }),
      "a token naming another account's id": await createEmailVerificationToken(
        SECRET,
        shopper.email,
        undefined,
        3600,
        { userId: other.user._id },
      ),
    };
    for (const [label, bad] of Object.entries(refused)) {
      const response = await confirm(bad);
      expect(response.statusCode, `${label}: ${response.body}`).toBe(400);
      expect(response.json().error).toEqual({ code: 'invalid_token', message: I.confirmLinkInvalid });
    }
    expect((await confirm('')).statusCode).toBe(400);
    expect(await verified(shopper.user._id)).toBe(false);
    expect(await verified(other.user._id)).toBe(false);
    // The real one still works afterwards.
    expect((await confirm(token)).statusCode).toBe(200);
    expect(await verified(shopper.user._id)).toBe(true);
    expect(await verified(other.user._id)).toBe(false);
  });

  it('refuses the link of a deleted account', async () => {
    const shopper = await signUp(t.app);
    const token = await mailedToken(shopper.email);
    const deleted = await post('/api/account/delete', { password: shopper.password }, shopper.cookie);
    expect(deleted.statusCode, deleted.body).toBe(200);
    const response = await confirm(token);
    expect(response.statusCode).toBe(400);
    expect(await verified(shopper.user._id)).toBe(false);
  });
});

describe('POST /api/account/verify-email/send', () => {
  it('needs a session', async () => {
    const response = await resend();
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toBe(I.signInRequired);
  });

  it('mails a new link that works, three times in ten minutes, then refuses with 429', async () => {
    const shopper = await signUp(t.app);
    const sent = await resend(shopper.cookie);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ message: I.confirmationSent, emailVerified: false });
    expect(await confirmationsTo(shopper.email)).toHaveLength(2);

    expect((await resend(shopper.cookie)).statusCode).toBe(200);
    expect((await resend(shopper.cookie)).statusCode).toBe(200);
    const limited = await resend(shopper.cookie);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toBe(I.tooManyAttempts);
    expect(await confirmationsTo(shopper.email)).toHaveLength(4);

    // The newest link confirms, and the limit is the account's: another one still asks.
    expect((await confirm(await mailedToken(shopper.email))).statusCode).toBe(200);
    expect(await verified(shopper.user._id)).toBe(true);
    const other = await signUp(t.app);
    expect((await resend(other.cookie)).statusCode).toBe(200);
  });

  it('mails nothing to an account whose address is confirmed', async () => {
    const shopper = await signUp(t.app);
    expect((await confirm(await mailedToken(shopper.email))).statusCode).toBe(200);
    const response = await resend(shopper.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: I.emailAlreadyConfirmed, emailVerified: true });
    expect(await confirmationsTo(shopper.email)).toHaveLength(1);
  });
});

describe('the log', () => {
  it('never shows a confirmation token, sent in the body or opened on the page', async () => {
    const shopper = await signUp(t.app, uniqueEmail('logged'));
    const token = await mailedToken(shopper.email);
    await t.app.inject({ method: 'GET', url: `/verify-email?token=${encodeURIComponent(token)}` });
    expect((await post('/api/account/verify-email', { token: `${token}x` })).statusCode).toBe(400);
    expect((await confirm(token)).statusCode).toBe(200);
    const text = log.join('');
    // The logger wrote the requests (else this would prove nothing), never the token nor its parts.
    expect(text).toContain('"route":"/api/account/verify-email"');
    expect(text).toContain('mail kept in the outbox');
    for (const part of [token, ...token.split('.').slice(1)]) expect(text).not.toContain(part);
  });
});

describe('the mail server', () => {
  it('does not hold a sign-up up while it is slow, and gets the mail after', async () => {
    const received: string[] = [];
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        stream.resume();
        // Answers the message only once the test lets it: a provider that takes its time.
        stream.on(
          'end',
          () =>
            void held.then(() => {
              received.push(...session.envelope.rcptTo.map((to) => to.address));
              callback();
            }),
        );
      },
    });
    const port = await new Promise<number>((resolve) =>
      server.listen(0, '127.0.0.1', () => resolve((server.server.address() as { port: number }).port)),
    );
    const slow = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true` });
    try {
      const shopper = await signUp(slow.app);
      const [kept] = await slow.database.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, shopper.email), eq(mailOutbox.subject, EMAIL_CONFIRMATION_SUBJECT)));
      // Answered while the server still holds the message: kept, not yet sent.
      expect(kept?.sentAt).toBeNull();
      expect(received).toEqual([]);
      release();
      await vi.waitFor(() => expect(received).toEqual([shopper.email]), { timeout: 5_000 });
      await vi.waitFor(
        async () => {
          const [row] = await slow.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, kept!.id));
          expect(row!.sentAt).not.toBeNull();
        },
        { timeout: 5_000 },
      );
    } finally {
      release();
      await slow.close();
      await new Promise<void>((done) => server.close(() => done()));
    }
  });

  it('being down fails no sign-up: the mail waits in the outbox and the log says so', async () => {
    const lines: string[] = [];
    const down = await createTestApp(
      { SMTP_URL: `smtp://127.0.0.1:${await closedPort()}?ignoreTLS=true` },
      { logStream: { write: (line) => lines.push(line) } },
    );
    try {
      const shopper = await signUp(down.app);
      await vi.waitFor(() => expect(lines.join('')).toContain('mail could not be sent; kept in the outbox'), {
        timeout: 5_000,
      });
      const [kept] = await down.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, shopper.email));
      expect(kept).toMatchObject({ subject: EMAIL_CONFIRMATION_SUBJECT, sentAt: null });
      expect((await signIn(down.app, shopper.email, shopper.password)).statusCode).toBe(200);
    } finally {
      await down.close();
    }
  });
});
