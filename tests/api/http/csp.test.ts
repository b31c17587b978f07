import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cspOf } from '../support/csp.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/** The Content-Security-Policy lets Stripe.js and its card field in only when the shop uses Stripe. */
const STRIPE = {
  PAYMENTS: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_x',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
  STRIPE_API_URL: 'http://127.0.0.1:9',
} as const;

/** `default-src 'self';script-src ...` -> directive name -> its sources. */
async function policyOf(t: TestApp, url: string): Promise<Map<string, string[]>> {
  return cspOf(await t.app.inject({ method: 'GET', url }));
}

describe('Content-Security-Policy with PAYMENTS=stripe', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(STRIPE);
  });
  afterAll(async () => {
    await t.close();
  });

  it('allows Stripe.js, its card frame and its API besides the shop itself', async () => {
    const policy = await policyOf(t, '/api/payments/config');
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('script-src')).toEqual(["'self'", 'https://js.stripe.com']);
    expect(policy.get('frame-src')).toEqual(["'self'", 'https://js.stripe.com']);
    expect(policy.get('connect-src')).toEqual(["'self'", 'https://api.stripe.com']);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
  });

  it('sends the same policy with every answer, pages and API errors alike', async () => {
    for (const url of ['/', '/cart', '/api/unknown']) {
      const policy = await policyOf(t, url);
      expect(policy.get('script-src'), url).toEqual(["'self'", 'https://js.stripe.com']);
      expect(policy.get('frame-src'), url).toEqual(["'self'", 'https://js.stripe.com']);
      expect(policy.get('connect-src'), url).toEqual(["'self'", 'https://api.stripe.com']);
    }
  });

  it('tells the payment form to use Stripe with the publishable key', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/payments/config' });
    expect(response.json()).toEqual({ provider: 'stripe', publishableKey: 'pk_test_x' });
  });
});

describe('Content-Security-Policy with the test processor', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('allows nothing but the shop itself for scripts, frames and connections', async () => {
    const policy = await policyOf(t, '/api/payments/config');
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    // No frame-src: frames fall back to default-src 'self'.
    expect(policy.has('frame-src')).toBe(false);
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(String(response.headers['content-security-policy'])).not.toMatch(/stripe/i);
  });

  it('tells the payment form to use its own card fields', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/payments/config' });
    expect(response.json()).toEqual({ provider: 'test', publishableKey: null });
  });
});
