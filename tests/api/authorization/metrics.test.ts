import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * /metrics is never public: with neither METRICS_TOKEN nor METRICS_PORT it does not exist; with a
 * token, only its bearer reads it; with a port of its own, the main port has no /metrics at all.
 */
const TOKEN = 'authorization-metrics-token-0123';
const apps: TestApp[] = [];
afterAll(() => Promise.all(apps.map((app) => app.close())));

async function appWith(overrides: Parameters<typeof createTestApp>[0]) {
  const app = await createTestApp(overrides);
  apps.push(app);
  return app;
}

const get = (t: TestApp, authorization?: string) =>
  t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('GET /metrics', () => {
  it('is a 404 like any unknown path when metrics are off', async () => {
    const t = await appWith({});
    expect((await get(t)).statusCode).toBe(404);
    expect((await get(t, `Bearer ${TOKEN}`)).statusCode).toBe(404);
  });

  it('with METRICS_TOKEN: 401 without the token or with another, 200 with it', async () => {
    const t = await appWith({ METRICS_TOKEN: TOKEN });
    const none = await get(t);
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(none.body).not.toContain('shop_');
    for (const wrong of [
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      'Bearer ',
      TOKEN,
      `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}`,
    ]) {
      const refused = await get(t, wrong);
      expect(refused.statusCode, wrong).toBe(401);
      expect(refused.body).not.toContain('shop_');
    }
    const right = await get(t, `Bearer ${TOKEN}`);
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('# TYPE shop_http_request_duration_seconds histogram');
    expect(right.headers['cache-control']).toBe('no-store');
  });

  it('with METRICS_PORT: served there, on 127.0.0.1, and not on the main port', async () => {
    const port = await freePort();
    const t = await appWith({ METRICS_PORT: port });
    expect((await get(t)).statusCode).toBe(404);
    const own = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(own.status).toBe(200);
    expect(await own.text()).toContain('# TYPE shop_checkouts_total counter');
    expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${port}/metrics`, { method: 'POST' })).status).toBe(404);
  });
});
