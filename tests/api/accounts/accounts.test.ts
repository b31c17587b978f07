// One file because its tests share one app and one SMTP server and follow an account's life: sign-up,
// sign-in, recovery by mail, profile, roles. The recovery and profile parts are the first to move out if it
// grows.
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../src/domain/messages.js';
import { PASSWORD_TOO_LONG } from '../../../src/domain/account.js';
import { accounts, sessions, users, verifications } from '../../../src/server/db/schema.js';
import { startSmtpServer } from '../support/smtp-server.js';
import { cookieFrom, signIn, signUp, TEST_ORIGIN, uniqueEmail } from '../support/session.js';
import { staffSession } from '../support/staff.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { createStaffTestApp } from '../support/staff-test-app.js';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true` });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const session = async (cookie?: string) =>
  (
    await t.app.inject({ method: 'GET', url: '/api/account/session', headers: cookie ? { cookie } : {} })
  ).json().user;

/** The password reset mail to `email` (its sign-up mailed it the confirmation of its address too). */
const resetMailTo = (email: string) =>
  smtp.inbox.find((received) => received.to.includes(email) && /^Subject: Reset your/m.test(received.body));

const write = (method: 'POST' | 'PUT', url: string, payload: object, cookie?: string, ip = '10.2.0.1') =>
  t.app.inject({
    method,
    url,
    payload,
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    remoteAddress: ip,
  });

describe('sign-up', () => {
  it('creates the account, signs in with an httpOnly SameSite cookie and stores an scrypt hash', async () => {
    const email = uniqueEmail();
    const response = await write('POST', '/api/account/sign-up', { email, password: 'secret123' });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ email, status: 'Enabled', manager: false, role: 'user' });
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(await session(cookieFrom(response))).toMatchObject({ email });

    const [credential] = await t.database.db
      .select({ password: accounts.password })
      .from(accounts)
      .innerJoin(users, eq(users.id, accounts.userId))
      .where(eq(users.email, email));
    expect(credential!.password).toMatch(/^scrypt\$16384\$8\$5\$/);
  });

  it("answers 'Email already in use' for a taken address, whatever its case", async () => {
    const { email } = await signUp(t.app);
    const again = await write('POST', '/api/account/sign-up', {
      email: email.toUpperCase(),
      password: 'another1',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(MESSAGES.identity.emailInUse);
  });

  it.each([
    ['a malformed email', { email: 'nope', password: 'secret123' }, 'email', MESSAGES.identity.invalidEmail],
    ['an empty password', { email: 'a@b.co', password: '' }, 'password', MESSAGES.identity.fillPassword],
    ['no password', { email: 'a@b.co' }, 'password', MESSAGES.identity.fillPassword],
    [
      'a 5-character password',
      { email: 'a@b.co', password: '12345' },
      'password',
      MESSAGES.identity.weakPassword,
    ],
    ['a 10 kB password', { email: 'a@b.co', password: 'x'.repeat(10_000) }, 'password', PASSWORD_TOO_LONG],
  ])('refuses %s with the spec message', async (_label, body, field, message) => {
    const response = await write('POST', '/api/account/sign-up', body, undefined, '10.2.1.1');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields[field]).toBe(message);
  });
});

describe('sign-in and sign-out', () => {
  it("tells 'User not found' and 'Wrong Password' apart, and signs in with the right password", async () => {
    const { email, password } = await signUp(t.app);
    const unknown = await signIn(t.app, uniqueEmail('ghost'), password);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(MESSAGES.identity.userNotFound);
    const wrong = await signIn(t.app, email, 'not-the-password');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.message).toBe(MESSAGES.identity.wrongPassword);
    expect(wrong.headers['set-cookie']).toBeUndefined();
    const right = await signIn(t.app, email, password);
    expect(right.statusCode).toBe(200);
    expect(await session(cookieFrom(right))).toMatchObject({ email });
  });

  it('ends the session on sign-out', async () => {
    const { cookie } = await signUp(t.app);
    const out = await write('POST', '/api/account/sign-out', {}, cookie);
    expect(out.json()).toEqual({ message: MESSAGES.identity.loggedOut });
    expect(await session(cookie)).toBeNull();
  });

  it('gives nothing to a forged or garbled session cookie', async () => {
    expect(await session('shop.session_token=forged.value')).toBeNull();
    const response = await write(
      'PUT',
      '/api/account/name',
      { name: 'Mallory' },
      'shop.session_token=forged.value',
    );
    expect(response.statusCode).toBe(401);
  });

  it('refuses a write from another site', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/account/sign-in',
      payload: { email: 'a@b.co', password: 'secret123' },
      headers: { origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
  });

  it('rate-limits guessing one account, with a clear message', async () => {
    const { email } = await signUp(t.app);
    const codes: number[] = [];
    for (let i = 0; i < 10; i++)
      codes.push((await signIn(t.app, email, `guess-${i}`, `10.3.0.${i}`)).statusCode);
    expect(codes.slice(0, 8).every((code) => code === 401)).toBe(true);
    expect(codes.slice(8)).toEqual([429, 429]);
    const limited = await signIn(t.app, email, 'again-123', '10.3.1.1');
    expect(limited.json().error.message).toBe(MESSAGES.identity.tooManyAttempts);
  });
});

describe('password recovery by mail', () => {
  it("mails a link that resets the password once; 'User not found' for unknown addresses", async () => {
    const { email } = await signUp(t.app);
    const unknown = await write(
      'POST',
      '/api/account/forget',
      { email: uniqueEmail('ghost') },
      undefined,
      '10.4.0.1',
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(MESSAGES.identity.userNotFound);

    const sent = await write('POST', '/api/account/forget', { email }, undefined, '10.4.0.2');
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ message: MESSAGES.identity.resetSent });
    const mail = resetMailTo(email);
    const link = mail!.body.match(/http:\/\/localhost:3000\/reset-password\?token=([\w-]+)/);
    expect(link).not.toBeNull();
    const token = decodeURIComponent(link![1]!);

    const reset = await write('POST', '/api/account/reset-password', { token, newPassword: 'brand-new-1' });
    expect(reset.statusCode).toBe(200);
    expect((await signIn(t.app, email, 'brand-new-1')).statusCode).toBe(200);
    expect((await signIn(t.app, email, 'secret123', '10.4.0.9')).statusCode).toBe(401);

    const reused = await write('POST', '/api/account/reset-password', { token, newPassword: 'another-2' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.message).toBe(MESSAGES.identity.resetLinkInvalid);
  });

  it('refuses an expired link', async () => {
    const { email } = await signUp(t.app);
    await write('POST', '/api/account/forget', { email }, undefined, '10.4.1.1');
    const mail = resetMailTo(email);
    const token = decodeURIComponent(mail!.body.match(/reset-password\?token=([\w-]+)/)![1]!);
    await t.database.db.update(verifications).set({ expiresAt: new Date(Date.now() - 1000) });
    const reset = await write('POST', '/api/account/reset-password', { token, newPassword: 'brand-new-1' });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().error.message).toBe(MESSAGES.identity.resetLinkInvalid);
  });
});

describe('profile', () => {
  it("changes the display name: 'Name Updated'", async () => {
    const { cookie } = await signUp(t.app);
    const response = await write('PUT', '/api/account/name', { name: 'Ana Lima' }, cookie);
    expect(response.json()).toMatchObject({
      message: MESSAGES.identity.nameUpdated,
      user: { name: 'Ana Lima' },
    });
    expect((await write('PUT', '/api/account/name', { name: '' }, cookie)).statusCode).toBe(400);
  });

  it('changes the password only with the current one', async () => {
    const { email, cookie } = await signUp(t.app);
    const wrong = await write(
      'PUT',
      '/api/account/password',
      { currentPassword: 'nope', newPassword: 'fresh-pass' },
      cookie,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(MESSAGES.identity.wrongPassword);
    const right = await write(
      'PUT',
      '/api/account/password',
      { currentPassword: 'secret123', newPassword: 'fresh-pass' },
      cookie,
    );
    expect(right.json()).toEqual({ message: MESSAGES.identity.passwordUpdated });
    expect((await signIn(t.app, email, 'fresh-pass', '10.5.0.1')).statusCode).toBe(200);
  });

  const upload = (cookie: string, bytes: Buffer, filename: string, type: string) => {
    const boundary = '----shop-test-boundary';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return t.app.inject({
      method: 'POST',
      url: '/api/account/image',
      payload: body,
      headers: { cookie, origin: TEST_ORIGIN, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
  };

  it("stores an uploaded image as a 256 px WebP: 'Image Upload'", async () => {
    const { cookie } = await signUp(t.app);
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#f97316' } })
      .png()
      .toBuffer();
    const response = await upload(cookie, png, 'me.png', 'image/png');
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(MESSAGES.identity.imageUploaded);
    const url: string = response.json().user.image;
    expect(url).toMatch(/^\/uploads\/avatars\/.+\.webp$/);
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    const metadata = await sharp(served.rawPayload).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['webp', 256, 256]);
  });

  it('refuses a file that is not an image, whatever its name says, and an SVG', async () => {
    const { cookie } = await signUp(t.app);
    const fake = await upload(cookie, Buffer.from('not an image at all'), 'photo.png', 'image/png');
    expect(fake.statusCode).toBe(415);
    expect(fake.json().error.message).toBe(MESSAGES.identity.imageInvalid);
    const svg = await upload(
      cookie,
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
      'a.svg',
      'image/svg+xml',
    );
    expect(svg.statusCode).toBe(415);
  });

  it('refuses an image over 5 MB with 413', async () => {
    const { cookie } = await signUp(t.app);
    const response = await upload(cookie, Buffer.alloc(6 * 1024 * 1024, 1), 'big.png', 'image/png');
    expect(response.statusCode).toBe(413);
    expect(response.json().error.message).toBe(MESSAGES.identity.imageTooLarge);
  });

  it('needs a session', async () => {
    const response = await write('PUT', '/api/account/name', { name: 'Nobody' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toBe(MESSAGES.identity.signInRequired);
  });
});

describe('users and roles', () => {
  it('syncs the signed-in user idempotently, ignoring identities in the body', async () => {
    const { cookie, user, email } = await signUp(t.app);
    const first = await write(
      'POST',
      '/api/users',
      { email: 'someone@else.com', idUser: 'other-id' },
      cookie,
    );
    const second = await write('POST', '/api/users', {}, cookie);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      _id: user._id,
      idUser: user._id,
      email,
      status: 'Enabled',
      manager: false,
    });
    expect(second.json()).toEqual(first.json());
    expect(first.json().createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('refuses a Disabled user everywhere and ends all their sessions', async () => {
    const { cookie, user, email, password } = await signUp(t.app);
    await t.database.db.update(users).set({ status: 'Disabled' }).where(eq(users.id, user._id));
    const refused = await write('PUT', '/api/account/name', { name: 'Still here' }, cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'account_disabled',
      message: MESSAGES.identity.disabled,
    });
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user._id))).toEqual([]);
    const again = await signIn(t.app, email, password, '10.6.0.1');
    expect(again.statusCode).toBe(403);
    expect(again.json().error.message).toBe(MESSAGES.identity.disabled);
  });

  it('lets only the administrator and managers list users', async () => {
    const visitor = await t.app.inject({ method: 'GET', url: '/api/users' });
    expect(visitor.statusCode).toBe(401);
    const shopper = await signUp(t.app);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/users', headers: { cookie: shopper.cookie } }))
        .statusCode,
    ).toBe(403);

    const manager = await signUp(t.app);
    await t.database.db.update(users).set({ manager: true }).where(eq(users.id, manager.user._id));
    const list = (cookie: string) =>
      t.app.inject({ method: 'GET', url: '/api/users?limit=4', headers: { cookie } });
    // A manager's session without a second factor is refused until two-step sign-in is on.
    const refused = await list(manager.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({
      code: 'two_factor_required',
      message: MESSAGES.twoFactor.staffRequired,
    });
    const listed = await list(await staffSession(t.app, manager.email, manager.password));
    expect(listed.statusCode).toBe(200);
    expect(listed.json().length).toBeLessThanOrEqual(4);
    expect(Number(listed.headers['x-total-count'])).toBeGreaterThan(3);
  });
});

describe('PUT /api/users/:id', () => {
  it('lets the administrator disable a user, which ends their sessions at once, and enable them again', async () => {
    const { t: admin, admin: chief } = await createStaffTestApp({
      email: 'chief@shop.test',
      password: 'chief-password',
    });
    try {
      const shopper = await signUp(admin.app);
      const put = (id: string, body: object, cookie: string) =>
        admin.app.inject({
          method: 'PUT',
          url: `/api/users/${id}`,
          payload: body,
          headers: { cookie, origin: TEST_ORIGIN },
        });

      expect((await put(shopper.user._id, { status: 'Disabled' }, shopper.cookie)).statusCode).toBe(403);
      const disabled = await put(shopper.user._id, { status: 'Disabled' }, chief);
      expect(disabled.statusCode).toBe(200);
      expect(disabled.json()).toMatchObject({ status: 'Disabled' });
      const session = await admin.app.inject({
        method: 'GET',
        url: '/api/account/session',
        headers: { cookie: shopper.cookie },
      });
      expect(session.json().user).toBeNull();
      // Their next request tells them why (the client warns and sends them home), and ends the session.
      const sync = await put(shopper.user._id, {}, shopper.cookie);
      expect(sync.json().error.code).toBe('account_disabled');
      const after = await admin.app.inject({
        method: 'POST',
        url: '/api/users',
        payload: {},
        headers: { cookie: shopper.cookie, origin: TEST_ORIGIN },
      });
      expect(after.statusCode).toBe(401);
      expect((await put(shopper.user._id, { status: 'Enabled', manager: true }, chief)).json()).toMatchObject(
        {
          status: 'Enabled',
          manager: true,
          role: 'manager',
        },
      );
      expect((await put(shopper.user._id, { status: 'Gone' }, chief)).statusCode).toBe(400);
      expect((await put(shopper.user._id, { isAdmin: true }, chief)).statusCode).toBe(400);
      expect((await put('nobody', { status: 'Enabled' }, chief)).statusCode).toBe(404);

      const me = (
        await admin.app.inject({ method: 'GET', url: '/api/account/session', headers: { cookie: chief } })
      ).json().user;
      const selfDisable = await put(me._id, { status: 'Disabled' }, chief);
      expect(selfDisable.statusCode).toBe(409);
      expect(selfDisable.json().error.message).toBe(MESSAGES.admin.cannotDemoteAdmin);
    } finally {
      await admin.close();
    }
  });
});

describe('the administrator account', () => {
  it('is created at start from ADMIN_EMAIL and ADMIN_PASSWORD and has the admin role', async () => {
    const admin = await createTestApp(
      { ADMIN_EMAIL: 'boss@shop.test', ADMIN_PASSWORD: 'boss-password' },
      { bootstrapAdmin: true },
    );
    try {
      const response = await signIn(admin.app, 'boss@shop.test', 'boss-password');
      expect(response.statusCode).toBe(200);
      expect(response.json().user.role).toBe('admin');
      const list = (cookie: string) =>
        admin.app.inject({ method: 'GET', url: '/api/users', headers: { cookie } });
      // The admin panel waits for two-step sign-in: the password alone opens nothing.
      const refused = await list(cookieFrom(response));
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('two_factor_required');
      expect((await list(await staffSession(admin.app, 'boss@shop.test', 'boss-password'))).statusCode).toBe(
        200,
      );
    } finally {
      await admin.close();
    }
  });
});
