// One file because it is the session's threats in one place over one app (cookie flags, fixation,
// ending sessions, CSRF, login limits, headers); each describe stands alone and can move out if it grows.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../src/domain/messages.js';
import { mailOutbox, sessions, users } from '../../../src/server/db/schema.js';
import { CROSS_SITE_REFUSED } from '../../../src/server/http/same-origin.js';
import { multipart } from '../support/multipart.js';
import { cookieFrom, signIn, signUp, TEST_ORIGIN, uniqueEmail } from '../support/session.js';
import { cspOf } from '../support/csp.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { createStaffTestApp } from '../support/staff-test-app.js';

/** Issue 7, item 5: cookies, session lifetime, CSRF, login rate limits and security headers. */

const ADMIN = { email: 'owner@hardening.test', password: 'owner-password' };
const FOREIGN = 'https://evil.example';

let t: TestApp;
let admin: string;
let webDir: string;

beforeAll(async () => {
  // A stand-in web build, so that HTML answers (the SPA's index.html) can be checked too.
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-hardening-web-'));
  fs.writeFileSync(
    path.join(webDir, 'index.html'),
    '<!doctype html><html><head><title>Shop</title></head><body><div id="root"></div></body></html>',
  );
  ({ t, admin } = await createStaffTestApp(ADMIN, { signInFrom: '10.50.0.1', app: { webDistDir: webDir } }));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

let addresses = 0;
const nextIp = () => `10.51.${Math.floor(addresses / 250)}.${(addresses++ % 250) + 1}`;

const request = (app: TestApp, options: InjectOptions) =>
  app.app.inject({ remoteAddress: nextIp(), ...options });

/** `name=value; HttpOnly; ...` -> attribute name (lower case) -> value ('' for flags). */
function parseSetCookie(line: string) {
  const [pair, ...attributes] = line.split(';').map((part) => part.trim());
  const [name, ...value] = pair!.split('=');
  return {
    name: name!,
    value: value.join('='),
    attributes: new Map(
      attributes.map((attribute) => {
        const [key, ...rest] = attribute.split('=');
        return [key!.toLowerCase(), rest.join('=')] as const;
      }),
    ),
  };
}

function setCookies(response: LightMyRequestResponse) {
  const header = response.headers['set-cookie'];
  const lines = header === undefined ? [] : Array.isArray(header) ? header : [String(header)];
  return lines.map(parseSetCookie);
}

function sessionCookie(response: LightMyRequestResponse) {
  const cookie = setCookies(response).find((c) => /session_token$/.test(c.name));
  expect(cookie, `no session cookie in ${JSON.stringify(response.headers['set-cookie'])}`).toBeDefined();
  return cookie!;
}

/** What a signed cookie's value carries before its signature: the session token stored in the database. */
const tokenOf = (value: string) => decodeURIComponent(value).split('.')[0]!;

const whoIs = async (app: TestApp, cookie: string) =>
  (await app.app.inject({ method: 'GET', url: '/api/account/session', headers: { cookie } })).json().user as {
    email: string;
  } | null;

/** A guarded write: PUT /api/account/name. */
const rename = (app: TestApp, cookie: string, name = 'Renamed') =>
  request(app, {
    method: 'PUT',
    url: '/api/account/name',
    payload: { name },
    headers: { cookie, origin: TEST_ORIGIN },
  });

describe('the session cookie', () => {
  it('is HttpOnly, SameSite=Lax and Path=/ (and not Secure on plain http)', async () => {
    const response = await request(t, {
      method: 'POST',
      url: '/api/account/sign-up',
      payload: { email: uniqueEmail(), password: 'secret123' },
      headers: { origin: TEST_ORIGIN },
    });
    expect(response.statusCode).toBe(200);
    const cookie = sessionCookie(response);
    expect(cookie.name).toBe('shop.session_token');
    expect(cookie.attributes.has('httponly')).toBe(true);
    expect(cookie.attributes.get('samesite')?.toLowerCase()).toBe('lax');
    expect(cookie.attributes.get('path')).toBe('/');
    expect(cookie.attributes.has('secure')).toBe(false);
    expect(cookie.attributes.has('domain')).toBe(false);
    // Every cookie the shop sets is out of reach of scripts.
    for (const each of setCookies(response)) expect(each.attributes.has('httponly'), each.name).toBe(true);
  });

  describe('when PUBLIC_URL is https', () => {
    let https: TestApp;
    beforeAll(async () => {
      https = await createTestApp({ PUBLIC_URL: 'https://shop.example' });
    });
    afterAll(() => https.close());

    it('is also Secure, under the __Secure- prefix, and it signs the shopper in', async () => {
      const response = await request(https, {
        method: 'POST',
        url: '/api/account/sign-up',
        payload: { email: uniqueEmail(), password: 'secret123' },
        headers: { origin: 'https://shop.example' },
      });
      expect(response.statusCode, response.body).toBe(200);
      const cookie = sessionCookie(response);
      expect(cookie.name).toBe('__Secure-shop.session_token');
      expect(cookie.attributes.has('secure')).toBe(true);
      expect(cookie.attributes.has('httponly')).toBe(true);
      expect(cookie.attributes.get('samesite')?.toLowerCase()).toBe('lax');
      expect(cookie.attributes.get('path')).toBe('/');
      for (const each of setCookies(response)) expect(each.attributes.has('secure'), each.name).toBe(true);
      expect(await whoIs(https, cookieFrom(response))).toMatchObject({ email: response.json().user.email });
    });

    it('sends Strict-Transport-Security', async () => {
      const response = await https.app.inject({ method: 'GET', url: '/api/shoes' });
      expect(String(response.headers['strict-transport-security'])).toMatch(/max-age=(\d{8,}|[2-9]\d{6,})/);
    });
  });

  describe('behind a TLS-terminating proxy (TRUST_PROXY set, PUBLIC_URL not set)', () => {
    let proxied: TestApp;
    beforeAll(async () => {
      proxied = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
    });
    afterAll(() => proxied.close());

    const signUpThrough = (app: TestApp, headers: Record<string, string>) =>
      app.app.inject({
        method: 'POST',
        url: '/api/account/sign-up',
        payload: { email: uniqueEmail(), password: 'secret123' },
        headers: { host: 'shop.example', origin: 'https://shop.example', ...headers },
        remoteAddress: '127.0.0.1',
      });

    it('is Secure when the proxy says the shopper came over https, and the session works', async () => {
      const response = await signUpThrough(proxied, {
        'x-forwarded-proto': 'https',
        'x-forwarded-for': '203.0.113.7',
      });
      expect(response.statusCode, response.body).toBe(200);
      for (const each of setCookies(response)) {
        expect(each.attributes.has('secure'), each.name).toBe(true);
        expect(each.attributes.has('httponly'), each.name).toBe(true);
      }
      expect(await whoIs(proxied, cookieFrom(response))).toMatchObject({ email: response.json().user.email });
      // Signing out over https clears the cookie with the same attributes.
      const out = await proxied.app.inject({
        method: 'POST',
        url: '/api/account/sign-out',
        headers: {
          cookie: cookieFrom(response),
          host: 'shop.example',
          origin: 'https://shop.example',
          'x-forwarded-proto': 'https',
        },
        remoteAddress: '127.0.0.1',
      });
      expect(out.statusCode).toBe(200);
      for (const each of setCookies(out)) expect(each.attributes.has('secure'), each.name).toBe(true);
    });

    it('takes X-Forwarded-Proto only from the trusted proxy', async () => {
      const spoofed = await proxied.app.inject({
        method: 'POST',
        url: '/api/account/sign-up',
        payload: { email: uniqueEmail(), password: 'secret123' },
        headers: { host: 'shop.example', origin: 'http://shop.example', 'x-forwarded-proto': 'https' },
        remoteAddress: '198.51.100.9',
      });
      expect(spoofed.statusCode, spoofed.body).toBe(200);
      expect(sessionCookie(spoofed).attributes.has('secure')).toBe(false);
    });
  });
});

describe('session fixation', () => {
  it('gives a new session token at every sign-in; a token planted before sign-in never becomes the session', async () => {
    const victim = await signUp(t.app);
    const attacker = await signUp(t.app);
    // A token of the attacker's own (valid) session, and a made-up one, planted in the victim's browser.
    const planted = [attacker.cookie, 'shop.session_token=attacker-chosen-token.c2lnbmF0dXJl'];
    const seen = new Set([
      tokenOf(sessionCookieValue(victim.cookie)),
      tokenOf(sessionCookieValue(attacker.cookie)),
    ]);
    for (const cookie of planted) {
      const response = await request(t, {
        method: 'POST',
        url: '/api/account/sign-in',
        payload: { email: victim.email, password: victim.password },
        headers: { origin: TEST_ORIGIN, cookie },
      });
      expect(response.statusCode).toBe(200);
      const token = tokenOf(sessionCookie(response).value);
      expect(seen.has(token), 'a token seen before this sign-in').toBe(false);
      expect(token).not.toBe(tokenOf(sessionCookieValue(cookie)));
      seen.add(token);
      // The planted cookie still means what it meant: the attacker's own account, or nobody.
      expect((await whoIs(t, cookie))?.email ?? null).toBe(
        cookie === attacker.cookie ? attacker.email : null,
      );
      expect(await whoIs(t, cookieFrom(response))).toMatchObject({ email: victim.email });
    }
    // The tokens in the database are the ones handed out, random and long.
    const rows = await t.database.db
      .select({ token: sessions.token })
      .from(sessions)
      .where(eq(sessions.userId, victim.user._id));
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(seen.has(row.token)).toBe(true);
      expect(row.token.length).toBeGreaterThanOrEqual(32);
    }
  });
});

function sessionCookieValue(cookieHeader: string): string {
  const pair = cookieHeader.split(';').find((part) => part.trim().split('=')[0]!.endsWith('session_token'));
  return pair ? pair.trim().split('=').slice(1).join('=') : '';
}

describe('all sessions of a user end', () => {
  async function twoSessions() {
    const laptop = await signUp(t.app);
    const phone = cookieFrom(await signIn(t.app, laptop.email, laptop.password));
    expect(await whoIs(t, phone)).toMatchObject({ email: laptop.email });
    return { ...laptop, laptop: laptop.cookie, phone };
  }
  const sessionsOf = (userId: string) =>
    t.database.db.select().from(sessions).where(eq(sessions.userId, userId));

  it.each(['Disabled', 'Eliminated'] as const)('when the administrator sets them %s', async (status) => {
    const user = await twoSessions();
    const changed = await request(t, {
      method: 'PUT',
      url: `/api/users/${user.user._id}`,
      payload: { status },
      headers: { cookie: admin, origin: TEST_ORIGIN },
    });
    expect(changed.statusCode).toBe(200);
    // At once, neither session is anyone.
    expect(await whoIs(t, user.laptop)).toBeNull();
    expect(await whoIs(t, user.phone)).toBeNull();
    // The next guarded request says why, and ends every session...
    const refused = await rename(t, user.laptop);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({ code: 'account_disabled', message: MESSAGES.identity.disabled });
    expect(await sessionsOf(user.user._id)).toEqual([]);
    // ...so the one after, from either device, is a stranger's.
    expect((await rename(t, user.laptop)).statusCode).toBe(401);
    expect((await rename(t, user.phone)).statusCode).toBe(401);
    const again = await signIn(t.app, user.email, user.password);
    expect(again.statusCode).toBe(403);
    expect(setCookies(again).filter((c) => c.value !== '')).toEqual([]);
    expect(await sessionsOf(user.user._id)).toEqual([]);
  });

  it('after a password change: the other sessions end, the changing one gets a fresh cookie', async () => {
    const user = await twoSessions();
    const before = await sessionsOf(user.user._id);
    expect(before).toHaveLength(2);
    const changed = await request(t, {
      method: 'PUT',
      url: '/api/account/password',
      payload: { currentPassword: user.password, newPassword: 'brand-new-1' },
      headers: { cookie: user.laptop, origin: TEST_ORIGIN },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    // Every session that existed is gone, the changing one included: it was handed a new token.
    expect((await rename(t, user.phone)).statusCode).toBe(401);
    expect((await rename(t, user.laptop)).statusCode).toBe(401);
    const fresh = sessionCookie(changed);
    expect(fresh.attributes.has('httponly')).toBe(true);
    expect(before.map((row) => row.token)).not.toContain(tokenOf(fresh.value));
    expect((await rename(t, cookieFrom(changed))).statusCode).toBe(200);
    const after = await sessionsOf(user.user._id);
    expect(after.map((row) => row.token)).toEqual([tokenOf(fresh.value)]);
    expect((await signIn(t.app, user.email, user.password)).statusCode).toBe(401);
  });

  it('after a password reset by mail: every session ends', async () => {
    const user = await twoSessions();
    const asked = await request(t, {
      method: 'POST',
      url: '/api/account/forget',
      payload: { email: user.email },
      headers: { origin: TEST_ORIGIN },
    });
    expect(asked.statusCode).toBe(200);
    const [mail] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, user.email))
      .orderBy(desc(mailOutbox.createdAt));
    const token = decodeURIComponent(/token=([^\s&]+)/.exec(mail!.text)![1]!);
    const reset = await request(t, {
      method: 'POST',
      url: '/api/account/reset-password',
      payload: { token, newPassword: 'after-reset-1' },
      headers: { origin: TEST_ORIGIN },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await sessionsOf(user.user._id)).toEqual([]);
    expect((await rename(t, user.laptop)).statusCode).toBe(401);
    expect((await rename(t, user.phone)).statusCode).toBe(401);
  });
});

describe('CSRF: state-changing requests from another origin are refused', () => {
  type Route = { method: 'POST' | 'PUT' | 'DELETE'; url: string; body: 'multipart' | 'json' | 'none' };
  let writes: Route[];
  let png: Buffer;

  beforeAll(async () => {
    png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123' } })
      .png()
      .toBuffer();
    const document = t.app.swagger() as {
      paths: Record<string, Record<string, { requestBody?: { content?: Record<string, unknown> } }>>;
    };
    const id = crypto.randomUUID();
    writes = Object.entries(document.paths).flatMap(([url, operations]) =>
      Object.entries(operations)
        .filter(([method]) => ['post', 'put', 'delete'].includes(method))
        .map(([method, operation]) => ({
          method: method.toUpperCase() as Route['method'],
          url: url.replace(/\{[^}]+\}/g, id),
          body: operation.requestBody?.content?.['multipart/form-data']
            ? 'multipart'
            : operation.requestBody
              ? 'json'
              : 'none',
        })),
    );
    // better-auth's passthrough is hidden from the document; it is a write route all the same.
    writes.push({ method: 'POST', url: '/api/auth/sign-in/social', body: 'json' });
  });

  async function send(route: Route, headers: Record<string, string>) {
    if (route.body === 'multipart') {
      const form = await multipart(
        { brand: 'Velo', name: 'X', color: 'Red', price: '10', size: '9', q: '1', description: 'A shoe.' },
        { name: 'a.png', type: 'image/png', bytes: png },
      );
      return request(t, {
        method: route.method,
        url: route.url,
        payload: form.payload,
        headers: { ...form.headers, ...headers },
      });
    }
    return request(t, {
      method: route.method,
      url: route.url,
      headers,
      ...(route.body === 'json' ? { payload: { provider: 'google', callbackURL: '/', name: 'X' } } : {}),
    });
  }

  const refusedBy = (response: LightMyRequestResponse) =>
    response.statusCode === 403 && response.json().error?.message === CROSS_SITE_REFUSED;

  it('covers every POST, PUT and DELETE of the API', () => {
    expect(writes.length).toBeGreaterThan(20);
    for (const expected of [
      'POST /api/account/sign-in',
      'POST /api/shoes',
      'POST /api/account/image',
      'PUT /api/account/password',
      'POST /api/cart/checkout',
    ]) {
      expect(writes.map((route) => `${route.method} ${route.url}`)).toContain(expected);
    }
    console.log(`[session-hardening] CSRF: ${writes.length} write routes, 4 cross-site variants each`);
  });

  it.each([
    ['a foreign Origin', { origin: FOREIGN }],
    ['Origin: null (a sandboxed frame or a no-referrer form)', { origin: 'null' }],
    ['no Origin but a foreign Referer', { referer: `${FOREIGN}/trap.html` }],
    ['neither Origin nor Referer, with a cookie', {}],
  ])('refuses %s, before anything runs', async (_label, headers) => {
    const missed: string[] = [];
    for (const route of writes) {
      const response = await send(route, { cookie: admin, ...headers });
      if (!refusedBy(response))
        missed.push(`${route.method} ${route.url} -> ${response.statusCode} ${response.body}`);
    }
    expect(missed).toEqual([]);
  });

  it('refuses a foreign Origin even without a cookie, and a Referer on another port or scheme', async () => {
    for (const route of writes) {
      expect(refusedBy(await send(route, { origin: FOREIGN })), `${route.method} ${route.url}`).toBe(true);
    }
    for (const referer of ['http://localhost:3001/cart', 'https://localhost:3000/cart', 'not a url']) {
      const response = await request(t, {
        method: 'PUT',
        url: '/api/account/name',
        payload: { name: 'Nope' },
        headers: { cookie: admin, referer },
      });
      expect(refusedBy(response), referer).toBe(true);
    }
    expect((await whoIs(t, admin))?.email).toBe(ADMIN.email);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, ADMIN.email));
    expect(row!.name).not.toBe('Nope');
  });

  it('lets our own pages through: our Origin, or no Origin and our Referer; and cookie-less clients', async () => {
    const own = await request(t, {
      method: 'PUT',
      url: '/api/account/name',
      payload: { name: 'Own Origin' },
      headers: { cookie: admin, origin: TEST_ORIGIN },
    });
    expect(own.statusCode).toBe(200);
    const byReferer = await request(t, {
      method: 'PUT',
      url: '/api/account/name',
      payload: { name: 'Own Referer' },
      headers: { cookie: admin, referer: `${TEST_ORIGIN}/account` },
    });
    expect(byReferer.statusCode).toBe(200);
    // The host the request was sent to counts as ours too (a shop reached by another name).
    const byHost = await request(t, {
      method: 'PUT',
      url: '/api/account/name',
      payload: { name: 'Own Host' },
      headers: { cookie: admin, origin: 'http://shop.internal:8080', host: 'shop.internal:8080' },
    });
    expect(byHost.statusCode).toBe(200);
    // No cookie, no Origin, no Referer: curl or another server, with no ambient authority to abuse.
    const curl = await request(t, {
      method: 'POST',
      url: '/api/account/sign-in',
      payload: { email: 'nobody@example.com', password: 'secret123' },
    });
    expect(curl.statusCode).toBe(404);
    // Reads are never refused for their Origin.
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/shoes',
      headers: { origin: FOREIGN, cookie: admin },
    });
    expect(read.statusCode).toBe(200);
  });
});

describe('login rate limits', () => {
  it('per account: guesses from many addresses at one email end in 429, even for the right password', async () => {
    const { email, password } = await signUp(t.app);
    const codes: number[] = [];
    for (let i = 0; i < 12; i++)
      codes.push((await signIn(t.app, email, `guess-${i}`, `10.52.0.${i + 1}`)).statusCode);
    expect(codes.slice(0, 8)).toEqual(Array(8).fill(401));
    expect(codes.slice(8)).toEqual([429, 429, 429, 429]);
    const right = await signIn(t.app, email, password, '10.52.1.1');
    expect(right.statusCode).toBe(429);
    expect(right.json().error).toEqual({ code: 'rate_limited', message: MESSAGES.identity.tooManyAttempts });
    expect(setCookies(right)).toEqual([]);
    // However the address is written.
    const shouted = await signIn(t.app, email.toUpperCase(), password, '10.52.1.2');
    expect(shouted.statusCode).toBe(429);
    console.log(
      `[session-hardening] per-account sign-in limit: ${codes.filter((c) => c === 401).length} guesses, then 429`,
    );
  });

  it('per address: one address trying many emails ends in 429 with the clear message', async () => {
    const ip = '10.53.0.1';
    const codes: number[] = [];
    let last: LightMyRequestResponse | undefined;
    for (let i = 0; i < 24; i++) {
      last = await signIn(t.app, uniqueEmail('spray'), 'secret123', ip);
      codes.push(last.statusCode);
    }
    expect(codes.slice(0, 20)).toEqual(Array(20).fill(404));
    expect(codes.slice(20)).toEqual([429, 429, 429, 429]);
    expect(last!.json().error.message).toBe(MESSAGES.identity.tooManyAttempts);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await signIn(t.app, uniqueEmail('spray'), 'secret123', '10.53.0.2')).statusCode).toBe(404);
    console.log(
      `[session-hardening] per-address sign-in limit: ${codes.filter((c) => c === 404).length} tries, then 429`,
    );
  });

  it('per address: an X-Forwarded-For the shop does not trust does not reset the count', async () => {
    const ip = '10.54.0.1';
    const codes: number[] = [];
    for (let i = 0; i < 22; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/account/sign-in',
        payload: { email: uniqueEmail('forwarded'), password: 'secret123' },
        headers: { origin: TEST_ORIGIN, 'x-forwarded-for': `198.51.100.${i + 1}` },
        remoteAddress: ip,
      });
      codes.push(response.statusCode);
    }
    expect(codes.slice(20)).toEqual([429, 429]);
  });
});

describe('security headers', () => {
  const policy = cspOf;

  it.each([
    ['an HTML page', '/shoes', /text\/html/],
    ['the home page', '/', /text\/html/],
    ['an API answer', '/api/shoes', /application\/json/],
    ['an API error', '/api/no-such-route', /application\/json/],
    ['a refused write', '/api/account/name', /application\/json/],
  ])('on %s', async (_label, url, type) => {
    const response =
      url === '/api/account/name'
        ? await t.app.inject({ method: 'PUT', url, payload: {}, headers: { origin: FOREIGN } })
        : await t.app.inject({ method: 'GET', url });
    expect(String(response.headers['content-type'])).toMatch(type);
    const csp = policy(response);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    expect(csp.get('script-src-attr')).toEqual(["'none'"]);
    for (const sources of csp.values()) {
      expect(sources).not.toContain("'unsafe-eval'");
    }
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(response.headers['x-powered-by']).toBeUndefined();
    expect(response.headers.server).toBeUndefined();
  });

  it('also on uploaded files, which are served as themselves, never sniffed', async () => {
    const user = await signUp(t.app);
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#abc' } })
      .png()
      .toBuffer();
    const form = await multipart({}, { name: 'me.png', type: 'image/png', bytes: png });
    const uploaded = await request(t, {
      method: 'POST',
      url: '/api/account/image',
      payload: form.payload,
      headers: { ...form.headers, cookie: user.cookie, origin: TEST_ORIGIN },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const served = await t.app.inject({ method: 'GET', url: uploaded.json().user.image });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(policy(served).get('default-src')).toEqual(["'self'"]);
  });
});
