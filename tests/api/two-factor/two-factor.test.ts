// One file because its tests share one app and the enrolment helpers, and follow two-step sign-in
// from setting it up to signing in, codes taken once (over a moved clock) and staff who must have it.
import { count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../../src/domain/messages.js';
import { auditLog, sessions, twoFactors, twoFactorUsedCodes, users } from '../../../src/server/db/schema.js';
import { authenticatorCodeAt, TOTP_PERIOD_MS } from '../../fixtures/authenticator-codes.js';
import { cookieFrom, signIn, signUp, TEST_ORIGIN } from '../support/session.js';
import { authenticatorCode, enrolTwoFactor, staffSession } from '../support/staff.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const ADMIN = { email: 'owner@shop.test', password: 'owner-password' };
let t: TestApp;
let address = 0;
/** Each request from its own address: the per-address limits are not what these tests look at. */
const nextIp = () => `10.120.${Math.floor(address / 250)}.${(address++ % 250) + 1}`;

beforeAll(async () => {
  t = await createTestApp(
    { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
    { bootstrapAdmin: true },
  );
});
afterAll(() => t.close());

const get = (url: string, cookie: string) =>
  t.app.inject({ method: 'GET', url, headers: { cookie }, remoteAddress: nextIp() });
const post = (url: string, cookie: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { origin: TEST_ORIGIN, cookie },
    remoteAddress: nextIp(),
  });
const sessionOf = async (cookie: string) => (await get('/api/account/session', cookie)).json();
const sessionsOf = async (userId: string) =>
  (await t.database.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, userId)))[0]!.n;
const secondStep = (pending: string, code: string, kind?: 'authenticator' | 'recovery') =>
  post('/api/account/sign-in/two-factor', pending, kind ? { code, kind } : { code });
/** The password step: its cookie holds the pending sign-in. */
async function passwordStep(email: string, password: string): Promise<string> {
  const answer = await signIn(t.app, email, password, nextIp());
  expect(answer.statusCode).toBe(200);
  expect(answer.json()).toEqual({ twoFactorRequired: true });
  return cookieFrom(answer);
}

describe('setting two-step sign-in up', () => {
  it('asks for the password, shows a QR code, its secret and ten recovery codes, and turns on with the first code', async () => {
    const shopper = await signUp(t.app);
    const wrong = await post('/api/account/two-factor/setup', shopper.cookie, { password: 'not-it-at-all' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({
      code: 'wrong_password',
      fields: { password: MESSAGES.identity.wrongPassword },
    });
    expect(
      (await t.database.db.select().from(twoFactors).where(eq(twoFactors.userId, shopper.user._id))).length,
    ).toBe(0);

    const setup = await post('/api/account/two-factor/setup', shopper.cookie, { password: shopper.password });
    expect(setup.statusCode).toBe(200);
    const { totpURI, secret, qrCode, recoveryCodes } = setup.json();
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/Sneaker%20Street:/);
    expect(new URL(totpURI).searchParams.get('secret')).toBe(secret);
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(Buffer.from(qrCode.replace('data:image/svg+xml;base64,', ''), 'base64').toString()).toMatch(
      /^<svg[^>]*>.*<\/svg>\s*$/s,
    );
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/);
    // The secret and the codes are stored encrypted, never as shown.
    const [stored] = await t.database.db
      .select()
      .from(twoFactors)
      .where(eq(twoFactors.userId, shopper.user._id));
    expect(stored!.secret).not.toContain(secret);
    for (const code of recoveryCodes) expect(stored!.backupCodes).not.toContain(code);
    // Not on until the first code.
    expect((await sessionOf(shopper.cookie)).user.twoFactor).toBe(false);

    const wrongCode = await post('/api/account/two-factor/confirm', shopper.cookie, { code: '000000' });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().error).toMatchObject({
      code: 'wrong_code',
      fields: { code: MESSAGES.twoFactor.wrongCode },
    });
    expect((await sessionOf(shopper.cookie)).user.twoFactor).toBe(false);

    const confirmed = await post('/api/account/two-factor/confirm', shopper.cookie, {
      code: await authenticatorCode(secret),
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ message: MESSAGES.twoFactor.on, user: { twoFactor: true } });
    // The session is renewed, as one begun with a second factor; the old cookie has ended.
    const renewed = cookieFrom(confirmed);
    expect(await sessionOf(renewed)).toMatchObject({ user: { twoFactor: true }, secondFactor: true });
    expect((await sessionOf(shopper.cookie)).user).toBeNull();

    const again = await post('/api/account/two-factor/setup', renewed, { password: shopper.password });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({ code: 'two_factor_on', message: MESSAGES.twoFactor.alreadyOn });
  });

  it('checks the codes’ shape with the form’s messages before anything else', async () => {
    const shopper = await signUp(t.app);
    const cases: [object, string][] = [
      [{ code: '' }, MESSAGES.twoFactor.fillCode],
      [{ code: '12a456' }, MESSAGES.twoFactor.codeFormat],
      [{ code: '1234567' }, MESSAGES.twoFactor.codeFormat],
    ];
    for (const [body, message] of cases) {
      const answer = await post('/api/account/two-factor/confirm', shopper.cookie, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json().error.fields.code).toBe(message);
    }
    const recovery = await post('/api/account/sign-in/two-factor', '', { code: '123456', kind: 'recovery' });
    expect(recovery.statusCode).toBe(400);
    expect(recovery.json().error.fields.code).toBe(MESSAGES.twoFactor.recoveryFormat);
    const spaced = await post('/api/account/two-factor/confirm', shopper.cookie, { code: ' 123 456 ' });
    // Spaces copied with a code are dropped: this one is well formed (and wrong: nothing is set up).
    expect(spaced.json().error.code).toBe('two_factor_off');
    expect(spaced.json().error.message).toBe(MESSAGES.twoFactor.notStarted);
  });
});

describe('signing in with two-step sign-in on', () => {
  it('asks for the code after the password, and only the code begins the session', async () => {
    const shopper = await signUp(t.app);
    const { secret } = await enrolTwoFactor(t.app, shopper.cookie, shopper.email, shopper.password);
    const before = await sessionsOf(shopper.user._id);

    const pending = await passwordStep(shopper.email, shopper.password);
    expect(await sessionsOf(shopper.user._id)).toBe(before);
    expect((await sessionOf(pending)).user).toBeNull();

    const wrong = await secondStep(pending, '000000');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('wrong_code');
    const signedIn = await secondStep(pending, await authenticatorCode(secret));
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user).toMatchObject({ _id: shopper.user._id, twoFactor: true });
    expect(await sessionOf(cookieFrom(signedIn))).toMatchObject({ secondFactor: true });
    expect(await sessionsOf(shopper.user._id)).toBe(before + 1);
    // The pending sign-in is used up.
    const replay = await secondStep(pending, await authenticatorCode(secret));
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error).toEqual({ code: 'sign_in_expired', message: MESSAGES.twoFactor.expired });
  });

  it('refuses the code of an account disabled after its password step, as a disabled account', async () => {
    const shopper = await signUp(t.app);
    const { secret } = await enrolTwoFactor(t.app, shopper.cookie, shopper.email, shopper.password);
    const pending = await passwordStep(shopper.email, shopper.password);
    const before = await sessionsOf(shopper.user._id);
    await t.database.db.update(users).set({ status: 'Disabled' }).where(eq(users.id, shopper.user._id));
    const refused = await secondStep(pending, await authenticatorCode(secret));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({ code: 'account_disabled', message: MESSAGES.identity.disabled });
    // No session began.
    expect(await sessionsOf(shopper.user._id)).toBe(before);
  });

  it('takes each recovery code once', async () => {
    const shopper = await signUp(t.app);
    const { recoveryCodes } = await enrolTwoFactor(t.app, shopper.cookie, shopper.email, shopper.password);
    const first = await secondStep(
      await passwordStep(shopper.email, shopper.password),
      recoveryCodes[3]!,
      'recovery',
    );
    expect(first.statusCode).toBe(200);
    expect(await sessionOf(cookieFrom(first))).toMatchObject({ secondFactor: true });
    const reused = await secondStep(
      await passwordStep(shopper.email, shopper.password),
      recoveryCodes[3]!,
      'recovery',
    );
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.code).toBe('wrong_code');
    const other = await secondStep(
      await passwordStep(shopper.email, shopper.password),
      recoveryCodes[4]!,
      'recovery',
    );
    expect(other.statusCode).toBe(200);
  });

  it('allows five codes per sign-in, and locks the account’s second step after ten wrong ones in a row', async () => {
    const shopper = await signUp(t.app);
    const { secret } = await enrolTwoFactor(t.app, shopper.cookie, shopper.email, shopper.password);
    const pending = await passwordStep(shopper.email, shopper.password);
    for (let i = 0; i < 5; i++) expect((await secondStep(pending, '000000')).statusCode).toBe(400);
    // The sixth code on the same sign-in: start again, even with the right code.
    const sixth = await secondStep(pending, await authenticatorCode(secret));
    expect(sixth.statusCode).toBe(401);
    expect(sixth.json().error.code).toBe('sign_in_expired');

    const next = await passwordStep(shopper.email, shopper.password);
    for (let i = 0; i < 5; i++) expect((await secondStep(next, '000000')).statusCode).toBe(400);
    // Ten wrong codes in a row: locked for 15 minutes, whatever the code and wherever from.
    const locked = await secondStep(
      await passwordStep(shopper.email, shopper.password),
      await authenticatorCode(secret),
    );
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toEqual({ code: 'rate_limited', message: MESSAGES.twoFactor.locked });
    expect(await sessionsOf(shopper.user._id)).toBe(1);
  });

  it('turns off with the password, and the password alone signs in again', async () => {
    const shopper = await signUp(t.app);
    const { cookie } = await enrolTwoFactor(t.app, shopper.cookie, shopper.email, shopper.password);
    const wrong = await post('/api/account/two-factor/disable', cookie, { password: 'not-it-at-all' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('wrong_password');
    expect((await sessionOf(cookie)).user.twoFactor).toBe(true);

    const off = await post('/api/account/two-factor/disable', cookie, { password: shopper.password });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ message: MESSAGES.twoFactor.off, user: { twoFactor: false } });
    expect(
      await t.database.db.select().from(twoFactors).where(eq(twoFactors.userId, shopper.user._id)),
    ).toEqual([]);
    const signedIn = await signIn(t.app, shopper.email, shopper.password, nextIp());
    expect(signedIn.json().user).toMatchObject({ _id: shopper.user._id, twoFactor: false });
  });

  it('renews the recovery codes with the password: the old ones stop working', async () => {
    const shopper = await signUp(t.app);
    const { cookie, recoveryCodes } = await enrolTwoFactor(
      t.app,
      shopper.cookie,
      shopper.email,
      shopper.password,
    );
    const renewed = await post('/api/account/two-factor/recovery-codes', cookie, {
      password: shopper.password,
    });
    expect(renewed.statusCode).toBe(200);
    const fresh: string[] = renewed.json().recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh.some((code) => recoveryCodes.includes(code))).toBe(false);
    const old = await secondStep(
      await passwordStep(shopper.email, shopper.password),
      recoveryCodes[0]!,
      'recovery',
    );
    expect(old.statusCode).toBe(400);
    const good = await secondStep(await passwordStep(shopper.email, shopper.password), fresh[0]!, 'recovery');
    expect(good.statusCode).toBe(200);
  });
});

describe('an authenticator code works once (RFC 6238 §5.2)', () => {
  const usedCodesOf = (userId: string) =>
    t.database.db.select().from(twoFactorUsedCodes).where(eq(twoFactorUsedCodes.userId, userId));
  const sessionCookies = (answer: { cookies: { name: string }[] }) =>
    answer.cookies.filter((cookie) => cookie.name.includes('session'));

  it('refuses a code that signed in when it is typed again, as a wrong code that counts', async () => {
    const shopper = await signUp(t.app);
    const { secret } = await enrolTwoFactor(t.app, shopper.cookie, shopper.email, shopper.password, nextIp());
    const code = await authenticatorCode(secret);
    const signedIn = await secondStep(await passwordStep(shopper.email, shopper.password), code);
    expect(signedIn.statusCode).toBe(200);
    const before = await sessionsOf(shopper.user._id);
    // Only a digest is kept, not the code.
    const used = await usedCodesOf(shopper.user._id);
    expect(used).toHaveLength(2); // the code that turned it on, and this one
    expect(JSON.stringify(used)).not.toContain(code);

    const wrong = await secondStep(await passwordStep(shopper.email, shopper.password), '000000');
    const pending = await passwordStep(shopper.email, shopper.password);
    const replayed = await secondStep(pending, code);
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json()).toEqual(wrong.json());
    expect(sessionCookies(replayed)).toEqual([]);
    expect(await sessionsOf(shopper.user._id)).toBe(before);
    // It counts as one of the sign-in's five codes: four more replays, and the right code comes too late.
    for (let i = 0; i < 4; i++) expect((await secondStep(pending, code)).statusCode).toBe(400);
    const sixth = await secondStep(pending, await authenticatorCode(secret));
    expect(sixth.statusCode).toBe(401);
    expect(sixth.json().error.code).toBe('sign_in_expired');
    expect(await sessionsOf(shopper.user._id)).toBe(before);
  });

  it('refuses the code that turned two-step sign-in on at the next sign-in', async () => {
    const shopper = await signUp(t.app);
    const setup = await post('/api/account/two-factor/setup', shopper.cookie, { password: shopper.password });
    const { secret } = setup.json();
    const code = await authenticatorCode(secret);
    const confirmed = await post('/api/account/two-factor/confirm', shopper.cookie, { code });
    expect(confirmed.statusCode).toBe(200);
    const before = await sessionsOf(shopper.user._id);

    const pending = await passwordStep(shopper.email, shopper.password);
    const replayed = await secondStep(pending, code);
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().error).toMatchObject({
      code: 'wrong_code',
      fields: { code: MESSAGES.twoFactor.wrongCode },
    });
    expect(sessionCookies(replayed)).toEqual([]);
    expect(await sessionsOf(shopper.user._id)).toBe(before);
    // The app's next code signs in.
    expect((await secondStep(pending, await authenticatorCode(secret))).statusCode).toBe(200);
  });

  it('lets exactly one of two sign-ins sent at once with the same code in', async () => {
    const shopper = await signUp(t.app);
    const { secret } = await enrolTwoFactor(t.app, shopper.cookie, shopper.email, shopper.password, nextIp());
    const before = await sessionsOf(shopper.user._id);
    const pendings = [
      await passwordStep(shopper.email, shopper.password),
      await passwordStep(shopper.email, shopper.password),
    ];
    const code = await authenticatorCode(secret);
    const answers = await Promise.all(pendings.map((pending) => secondStep(pending, code)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    expect(await sessionsOf(shopper.user._id)).toBe(before + 1);
  });

  describe('over time', () => {
    // Only Date is faked: the shop's clock, as better-auth reads it to check a code.
    afterEach(() => vi.useRealTimers());
    /** Steps well after now (read before the clock is set), so no test typed their codes before. */
    const stepsAhead = () => {
      const first = Math.floor(Date.now() / TOTP_PERIOD_MS) + 1000;
      return (step: number) => (first + step) * TOTP_PERIOD_MS;
    };
    const at = (timestamp: number) => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(timestamp);
    };
    async function enrolledAt(timestamp: number) {
      const shopper = await signUp(t.app);
      const { secret } = await enrolTwoFactor(
        t.app,
        shopper.cookie,
        shopper.email,
        shopper.password,
        nextIp(),
      );
      at(timestamp);
      return { ...shopper, secret };
    }
    const signInWith = async (shopper: { email: string; password: string }, code: string) =>
      secondStep(await passwordStep(shopper.email, shopper.password), code);

    it('gives a wrong code back, so it signs in once it is the right one', async () => {
      const stepStart = stepsAhead();
      const shopper = await enrolledAt(stepStart(0) + 1_000);
      // Two steps ahead: not yet accepted.
      const early = authenticatorCodeAt(shopper.secret, stepStart(2));
      expect((await signInWith(shopper, early)).statusCode).toBe(400);
      at(stepStart(1) + 1_000);
      expect((await signInWith(shopper, early)).statusCode).toBe(200);
    });

    it('takes the next step’s new code, and refuses a used code for as long as it could verify', async () => {
      const stepStart = stepsAhead();
      const shopper = await enrolledAt(stepStart(0) + 1_000);
      const now = authenticatorCodeAt(shopper.secret, stepStart(0));
      // A code of the step after now's is accepted at once (a clock behind the app's)…
      const ahead = authenticatorCodeAt(shopper.secret, stepStart(1));
      expect((await signInWith(shopper, now)).statusCode).toBe(200);
      expect((await signInWith(shopper, ahead)).statusCode).toBe(200);
      // …and verifies until the end of the step after its own: used, it stays refused until then.
      at(stepStart(3) - 1);
      expect((await signInWith(shopper, ahead)).statusCode).toBe(400);
      at(stepStart(1));
      expect((await signInWith(shopper, now)).statusCode).toBe(400);
      expect((await signInWith(shopper, authenticatorCodeAt(shopper.secret, stepStart(2)))).statusCode).toBe(
        200,
      );

      // Once no used code can verify any more, the next claim drops them.
      at(stepStart(10));
      expect((await signInWith(shopper, authenticatorCodeAt(shopper.secret, stepStart(10)))).statusCode).toBe(
        200,
      );
      expect(await usedCodesOf(shopper.user._id)).toHaveLength(1);
    });
  });
});

describe('staff need a second factor', () => {
  it('refuses the admin API to staff until two-step sign-in is on and the session began with its code', async () => {
    const manager = await signUp(t.app);
    await t.database.db.update(users).set({ manager: true }).where(eq(users.id, manager.user._id));
    const stats = (cookie: string) => get('/api/admin/stats', cookie);

    const notEnrolled = await stats(manager.cookie);
    expect(notEnrolled.statusCode).toBe(403);
    expect(notEnrolled.json().error).toEqual({
      code: 'two_factor_required',
      message: MESSAGES.twoFactor.staffRequired,
    });
    // A session from before the setup (another device) still lacks the code.
    const otherDevice = cookieFrom(await signIn(t.app, manager.email, manager.password, nextIp()));
    const strong = await staffSession(t.app, manager.email, manager.password);
    expect((await stats(strong)).statusCode).toBe(200);
    const weak = await stats(otherDevice);
    expect(weak.statusCode).toBe(403);
    expect(weak.json().error).toEqual({
      code: 'two_factor_required',
      message: MESSAGES.twoFactor.staffSignInAgain,
    });
    // The manager's own pages (the account, orders) need no second factor.
    expect((await get('/api/account/sessions', otherDevice)).statusCode).toBe(200);

    // Turned off: the admin panel is closed again.
    const off = await post('/api/account/two-factor/disable', strong, { password: manager.password });
    expect(off.statusCode).toBe(200);
    expect((await stats(cookieFrom(off))).statusCode).toBe(403);
    expect((await stats(strong)).statusCode).toBe(401);
  });

  it('records the staff’s two-step sign-in changes in the audit log, and no shopper’s', async () => {
    const admin = await staffSession(t.app, ADMIN.email, ADMIN.password);
    const renewed = await post('/api/account/two-factor/recovery-codes', admin, { password: ADMIN.password });
    expect(renewed.statusCode).toBe(200);
    const entries = await t.database.db
      .select({ action: auditLog.action, actor: auditLog.actorEmail, after: auditLog.after })
      .from(auditLog)
      .where(eq(auditLog.actorEmail, ADMIN.email));
    const actions = entries.map((entry) => entry.action);
    expect(actions.filter((action) => action === 'staff.two-factor-on')).toHaveLength(1);
    expect(actions.filter((action) => action === 'staff.recovery-codes')).toHaveLength(1);
    // No code or secret in the log.
    const logged = JSON.stringify(entries);
    for (const code of renewed.json().recoveryCodes as string[]) expect(logged).not.toContain(code);
    expect(logged).not.toMatch(/"secret"|otpauth/);

    const shopper = await signUp(t.app);
    await enrolTwoFactor(t.app, shopper.cookie, shopper.email, shopper.password);
    const theirs = await t.database.db.select().from(auditLog).where(eq(auditLog.actorEmail, shopper.email));
    expect(theirs).toEqual([]);
  });

  it('keeps the secret out of the shopper’s data download', async () => {
    const shopper = await signUp(t.app);
    const { cookie, secret, recoveryCodes } = await enrolTwoFactor(
      t.app,
      shopper.cookie,
      shopper.email,
      shopper.password,
    );
    const data = await get('/api/account/data', cookie);
    expect(data.statusCode).toBe(200);
    expect(data.json().profile).toMatchObject({ twoFactorEnabled: true });
    expect(data.body).not.toContain(secret);
    for (const code of recoveryCodes) expect(data.body).not.toContain(code);
  });
});
