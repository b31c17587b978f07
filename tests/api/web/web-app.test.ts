import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';

/** How the server hands out the built React app next to the API. */
const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-dist-'));
const INDEX = '<!doctype html><html><body><div id="root"></div>' + ' '.repeat(2048) + '</body></html>';
let t: TestApp;

beforeAll(async () => {
  fs.mkdirSync(path.join(distDir, 'assets'));
  fs.writeFileSync(path.join(distDir, 'index.html'), INDEX);
  fs.writeFileSync(path.join(distDir, 'assets', 'index-abc123.js'), 'console.log("shop");'.repeat(200));
  fs.writeFileSync(path.join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({}, { webDistDir: distDir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

describe('the web app', () => {
  it.each(['/', '/shoes', '/collections/Velo', '/AboutUs', '/sizeChart'])(
    'answers index.html for the page %s',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toBe(INDEX);
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );

  it('answers index.html with 404 for a path that is no page, so crawlers do not index it', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/no/such/page' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toBe(INDEX);
  });

  it('caches hashed assets for a year and compresses them', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('gzip');
  });

  it('compresses the HTML', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
    expect(response.headers['content-encoding']).toBe('br');
  });

  it('keeps JSON 404s for unknown API paths and non-GET requests', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe('not_found');
    const put = await t.app.inject({ method: 'PUT', url: '/shoes' });
    expect(put.statusCode).toBe(404);
    const apiPost = await t.app.inject({ method: 'POST', url: '/api/unknown', payload: { a: 1 } });
    expect(apiPost.statusCode).toBe(404);
    expect(apiPost.json().error.code).toBe('not_found');
  });

  it('sends a form the browser posted itself back to its page, unread (the app was not running yet)', async () => {
    for (const [url, payload, type] of [
      ['/createaccount', 'email=a%40b.test&password=hunter2', 'application/x-www-form-urlencoded'],
      ['/reset-password?token=abc', 'newPassword=hunter2', 'application/x-www-form-urlencoded'],
      ['/ContactUs', 'name=Ana\r\nemail=a@b.test', 'text/plain'],
      ['/signin', '', undefined],
    ] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        payload,
        headers: type ? { 'content-type': type } : {},
      });
      expect(response.statusCode, url).toBe(303);
      expect(response.headers.location, url).toBe(url);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.body).not.toContain('hunter2');
    }
  });

  it('takes form fields a stale page put in a URL out of it at once', async () => {
    const leaked = await t.app.inject({
      method: 'GET',
      url: '/createaccount?email=a%40b.test&password=hunter2&confirmPassword=hunter2',
    });
    expect(leaked.statusCode).toBe(303);
    expect(leaked.headers.location).toBe('/createaccount?email=a%40b.test');
    const card = await t.app.inject({ method: 'GET', url: '/cart?cardNumber=4242424242424242&cvc=123' });
    expect(card.headers.location).toBe('/cart');
    // A reset link's token is what its page reads: it stays.
    const reset = await t.app.inject({ method: 'GET', url: '/reset-password?token=abc' });
    expect(reset.statusCode).toBe(200);
  });

  it('sends security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});
