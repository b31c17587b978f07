import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app.js';
import { loadConfig } from '../../../src/server/config.js';
import { openDatabase, type DatabaseHandle } from '../../../src/server/db/client.js';
import { closedPort } from '../support/closed-port.js';

/**
 * Structured logs with a request id (issue 9): every log line is JSON and carries the request's id
 * as `reqId`; the id is the caller's `X-Request-Id` when that is a safe token and a new UUID
 * otherwise, and every answer names it in `X-Request-Id`. The app's database refuses connections,
 * so one request also goes through the error handler, whose log line must carry the id too.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  [field: string]: unknown;
}

const raw: string[] = [];
let app: FastifyInstance;
let database: DatabaseHandle;
let dataDir: string;

const linesOf = (id: string) =>
  raw.map((line) => JSON.parse(line) as LogLine).filter((line) => line.reqId === id);
const idOf = (response: LightMyRequestResponse) => String(response.headers['x-request-id']);

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-request-id-'));
  database = await openDatabase({
    kind: 'postgres',
    url: `postgres://postgres@127.0.0.1:${await closedPort()}/none`,
    connectTimeoutMs: 500,
  });
  const config = loadConfig({}, { DATA_DIR: dataDir, SEED: 'none', LOG_LEVEL: 'info' });
  app = await buildApp({
    config: { ...config, webDistDir: path.join(dataDir, 'no-web-build') },
    database,
    logStream: { write: (line) => raw.push(line) },
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

beforeEach(() => {
  raw.length = 0;
});

describe('request ids', () => {
  it('generates a UUID, answers with it, and puts it on every log line of the request as JSON', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/payments/config' });
    expect(response.statusCode).toBe(200);
    const id = idOf(response);
    expect(id).toMatch(UUID);
    // Every line is one JSON object.
    for (const line of raw) expect(() => JSON.parse(line)).not.toThrow();
    const lines = linesOf(id);
    // One line per request, when it is answered.
    expect(lines).toEqual([
      expect.objectContaining({
        msg: 'request',
        method: 'GET',
        route: '/api/payments/config',
        status: 200,
        ms: expect.any(Number),
      }),
    ]);
  });

  it("names the route's pattern, never the URL (whose path or query may carry a secret)", async () => {
    const shoe = '5c7f5d8e-0000-4000-8000-000000000000';
    const response = await app.inject({ method: 'GET', url: `/api/shoes/${shoe}?token=s3cr3t&q=x` });
    // (This app's database is unreachable: the error handler's warning is the other line.)
    const lines = linesOf(idOf(response)).filter((logged) => logged.msg === 'request');
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line).toMatchObject({ msg: 'request', route: '/api/shoes/:id', status: response.statusCode });
    expect(raw.join('')).not.toContain('s3cr3t');
    expect(JSON.stringify(line)).not.toContain(shoe);
  });

  it("keeps a caller's safe id", async () => {
    for (const given of ['lb-7f3a.42:abc_DEF', 'a', 'x'.repeat(128)]) {
      const response = await app.inject({
        method: 'GET',
        url: '/api/payments/config',
        headers: { 'x-request-id': given },
      });
      expect(idOf(response)).toBe(given);
      expect(linesOf(given)).toHaveLength(1);
    }
  });

  it('replaces an unsafe one with a UUID, and never logs it', async () => {
    for (const given of ['two words', 'x'.repeat(129), '"}{"level":60,"msg":"forged', '<script>', 'a/b']) {
      raw.length = 0;
      const response = await app.inject({
        method: 'GET',
        url: '/api/payments/config',
        headers: { 'x-request-id': given },
      });
      expect(idOf(response)).toMatch(UUID);
      expect(linesOf(idOf(response))).toHaveLength(1);
      expect(raw.join('\n')).not.toContain(given);
    }
  });

  it("names the id on the error handler's log line and on answers that never reach a route", async () => {
    const unavailable = await app.inject({ method: 'GET', url: '/api/shoes' });
    expect(unavailable.statusCode).toBe(503);
    const logged = linesOf(idOf(unavailable));
    expect(logged).toContainEqual(
      expect.objectContaining({ level: 40, msg: 'database unavailable', err: expect.any(Object) }),
    );

    const missing = await app.inject({ method: 'GET', url: '/api/no-such-route' });
    expect(missing.statusCode).toBe(404);
    expect(idOf(missing)).toMatch(UUID);
    expect(linesOf(idOf(missing))).toContainEqual(
      expect.objectContaining({ msg: 'request', route: '(no route)', status: 404 }),
    );
  });

  it('keeps the probes of a load balancer out of the log, and still names their id', async () => {
    for (const url of ['/api/health', '/api/ready']) {
      const response = await app.inject({ method: 'GET', url });
      expect(idOf(response)).toMatch(UUID);
      expect(linesOf(idOf(response))).toEqual([]);
    }
  });

  it('gives requests made at the same time their own ids', async () => {
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => app.inject({ method: 'GET', url: '/api/payments/config' })),
    );
    const ids = responses.map(idOf);
    expect(new Set(ids).size).toBe(10);
    for (const id of ids) expect(linesOf(id)).toHaveLength(1);
  });
});
