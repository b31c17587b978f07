import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../src/domain/messages.js';
import { buildApp } from '../../../src/server/app.js';
import { loadConfig } from '../../../src/server/config.js';
import { openDatabase, type DatabaseHandle } from '../../../src/server/db/client.js';
import { migrateDatabase } from '../../../src/server/db/migrate.js';
import { READINESS_TIMEOUT_MS } from '../../../src/server/modules/health/service.js';
import { untilNoIdleConnection } from '../support/idle-connections.js';
import { startProxy } from '../support/tcp-proxy.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * The probes a load balancer uses (issue 9): liveness (`/api/health`) never touches the database,
 * so it stays 200 through a database outage; readiness (`/api/ready`) answers 200 while a trivial
 * query succeeds, and 503 in the shop's error format, quickly, when the database refuses
 * connections or does not answer, and while the instance drains for a shutdown.
 *
 * The outage part runs on the machine's PostgreSQL (DATABASE_URL, or 127.0.0.1:5432) behind a TCP
 * proxy the test stops and makes hang, as database-outage.test.ts does.
 */
const BASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const get = (app: FastifyInstance, url: string) => app.inject({ method: 'GET', url });

async function timed(request: () => Promise<LightMyRequestResponse>) {
  const started = Date.now();
  const response = await request();
  return { response, ms: Date.now() - started };
}

function expectNotReady(response: LightMyRequestResponse, code: string, message: string) {
  expect(response.statusCode, response.body).toBe(503);
  expect(response.json()).toEqual({ error: { code, message } });
  expect(response.headers['cache-control']).toBe('no-store');
  expect(response.headers['retry-after']).toBe('5');
}

function expectAlive(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ status: 'ok' });
}

describe('on the test database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('liveness: 200 {status: ok}, never cached', async () => {
    const response = await get(t.app, '/api/health');
    expectAlive(response);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('readiness: 200 with the database answering; Redis not configured', async () => {
    const response = await get(t.app, '/api/ready');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok', redis: 'not_configured' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('no rate limit: a probe every few milliseconds from one address is always answered', async () => {
    for (const url of ['/api/health', '/api/ready']) {
      const codes = [];
      for (let i = 0; i < 40; i++)
        codes.push((await t.app.inject({ method: 'GET', url, remoteAddress: '10.71.0.1' })).statusCode);
      expect(codes).toEqual(Array(40).fill(200));
    }
  });

  it('both are in the OpenAPI document, readiness with its 503', async () => {
    const document = (await get(t.app, '/api/docs/json')).json() as {
      paths: Record<string, { get?: { responses: Record<string, unknown> } }>;
    };
    expect(Object.keys(document.paths['/api/health']!.get!.responses)).toEqual(['200']);
    expect(Object.keys(document.paths['/api/ready']!.get!.responses)).toEqual(['200', '503']);
  });
});

describe('when the database goes away', () => {
  const dbName = `shop_health_${crypto.randomBytes(6).toString('hex')}`;
  const baseUrl = new URL(BASE_URL);
  const proxy = startProxy({ host: baseUrl.hostname, port: Number(baseUrl.port || 5432) });
  const stopping = new AbortController();
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let dataDir: string;

  async function admin(statement: string) {
    const client = new pg.Client({ connectionString: BASE_URL });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    await admin(`CREATE DATABASE ${dbName}`);
    await proxy.listen();
    database = await openDatabase({ kind: 'postgres', url: proxy.url(dbName) });
    await migrateDatabase(database);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-health-'));
    const config = loadConfig({}, { DATA_DIR: dataDir, SEED: 'none', LOG_LEVEL: 'silent' });
    app = await buildApp({
      config: { ...config, webDistDir: path.join(dataDir, 'no-web-build') },
      database,
      logger: false,
      stopping: stopping.signal,
    });
    await app.ready();
  });

  afterAll(async () => {
    await proxy.start().catch(() => undefined);
    await app?.close();
    await database?.close();
    await proxy.stop();
    await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('is ready while the database answers', async () => {
    expect((await get(app, '/api/ready')).statusCode).toBe(200);
  });

  it('refusing connections: readiness 503 at once, liveness still 200', async () => {
    await proxy.stop();
    const ready = await timed(() => get(app, '/api/ready'));
    expectNotReady(ready.response, 'database_unavailable', MESSAGES.common.databaseUnavailable);
    // A refused connection is known at once: no waiting out the probe's own timeout.
    expect(ready.ms).toBeLessThan(READINESS_TIMEOUT_MS);
    const health = await timed(() => get(app, '/api/health'));
    expectAlive(health.response);
    expect(health.ms).toBeLessThan(READINESS_TIMEOUT_MS);
  });

  it('not answering: readiness 503 within its timeout, liveness still 200 at once', async () => {
    await proxy.hang();
    // The pool has dropped the connections the proxy cut, so the probe needs a new one.
    await untilNoIdleConnection(database.pool!);
    const [ready, health] = await Promise.all([
      timed(() => get(app, '/api/ready')),
      timed(() => get(app, '/api/health')),
    ]);
    expectNotReady(ready.response, 'database_unavailable', MESSAGES.common.databaseUnavailable);
    expect(ready.ms).toBeGreaterThanOrEqual(READINESS_TIMEOUT_MS - 100);
    expect(ready.ms).toBeLessThan(READINESS_TIMEOUT_MS + 3_000);
    expectAlive(health.response);
    // Liveness never touches the database: it answers while readiness is still waiting.
    expect(health.ms).toBeLessThan(ready.ms);
  });

  it('ready again once the database is back, without a restart', async () => {
    await proxy.start();
    const response = await get(app, '/api/ready');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', database: 'ok' });
  });

  it('draining for a shutdown: readiness 503, everything else still served', async () => {
    stopping.abort();
    expectNotReady(
      await get(app, '/api/ready'),
      'shutting_down',
      'This instance is shutting down; another one will answer.',
    );
    expectAlive(await get(app, '/api/health'));
    expect((await get(app, '/api/shoes')).statusCode).toBe(200);
  });
});
