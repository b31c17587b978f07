import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieFrom, signUp, TEST_ORIGIN } from '../support/session.js';
import { startOidcServer } from '../support/oidc-server.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let oidc: Awaited<ReturnType<typeof startOidcServer>>;

beforeAll(async () => {
  oidc = await startOidcServer();
  t = await createTestApp({
    GOOGLE_CLIENT_ID: 'shop-client',
    GOOGLE_CLIENT_SECRET: 'shop-secret',
    GOOGLE_ISSUER: oidc.issuer,
  });
});
afterAll(async () => {
  await t.close();
  await oidc.stop();
});

/** The browser's round trip: start, authorize at the provider, come back to the callback. */
async function signInWithGoogle() {
  const start = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/social',
    payload: { provider: 'google', callbackURL: '/account?welcome=google', errorCallbackURL: '/signin' },
    headers: { origin: TEST_ORIGIN },
  });
  expect(start.statusCode).toBe(200);
  const authorize = await fetch(start.json().url, { redirect: 'manual' });
  expect(authorize.status).toBe(302);
  const callback = new URL(authorize.headers.get('location')!);
  expect(callback.pathname).toBe('/api/auth/callback/google');
  return t.app.inject({
    method: 'GET',
    url: callback.pathname + callback.search,
    headers: { cookie: cookieFrom(start) },
  });
}

describe('Google sign-in through OpenID Connect', () => {
  it('says Google is available when configured', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/account/providers' })).json()).toEqual({
      google: true,
    });
  });

  it('creates an account for a new Google user and signs them in', async () => {
    oidc.setIdentity({ sub: 'g-100', email: 'new.fan@gmail.test', email_verified: true, name: 'New Fan' });
    const done = await signInWithGoogle();
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe('/account?welcome=google');
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/account/session',
      headers: { cookie: cookieFrom(done) },
    });
    expect(session.json().user).toMatchObject({ email: 'new.fan@gmail.test', name: 'New Fan', role: 'user' });
  });

  it('never takes over an existing password account whose email was not verified', async () => {
    const owner = await signUp(t.app, 'owner@gmail.test');
    oidc.setIdentity({ sub: 'g-200', email: 'owner@gmail.test', email_verified: true, name: 'Impostor' });
    const done = await signInWithGoogle();
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toMatch(/^\/signin\?error=/);
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/account/session',
      headers: { cookie: cookieFrom(done) },
    });
    expect(session.json().user).toBeNull();
    // The real owner still signs in with the password.
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/account/session',
      headers: { cookie: owner.cookie },
    });
    expect(mine.json().user.email).toBe('owner@gmail.test');
  });
});

describe('without a Google client id', () => {
  it('reports Google sign-in as unavailable instead of failing', async () => {
    const plain = await createTestApp();
    try {
      expect((await plain.app.inject({ method: 'GET', url: '/api/account/providers' })).json()).toEqual({
        google: false,
      });
      const start = await plain.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/social',
        payload: { provider: 'google', callbackURL: '/account' },
        headers: { origin: TEST_ORIGIN },
      });
      expect(start.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
