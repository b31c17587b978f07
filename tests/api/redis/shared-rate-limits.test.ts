import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../src/domain/messages.js';
import { buildApp } from '../../../src/server/app.js';
import { loadConfig, type Env } from '../../../src/server/config.js';
import type { DatabaseHandle } from '../../../src/server/db/client.js';
import {
  createMemoryAttemptCounter,
  createRedisAttemptCounter,
} from '../../../src/server/http/attempt-counter.js';
import { signIn, signUp, TEST_ORIGIN } from '../support/session.js';
import { openTestDatabase } from '../support/test-database.js';
import { closedPort } from '../support/closed-port.js';

/**
 * Several instances behind a load balancer (issue 9): with REDIS_URL, the per-address limits
 * (@fastify/rate-limit) and the per-account attempt limits count requests to every instance
 * together. Two apps on one database and one Redis stand for two instances; two apps without
 * Redis, on the same database, show the counts would otherwise be per instance. With Redis away
 * (a closed port, a server that never answers) the shop answers at once: per-address limits
 * off, per-account attempts counted by each instance (shared-counters.ts). The Redis counter itself
 * must count attempts arriving at once on several connections exactly, in fixed windows.
 *
 * It runs on the machine's Redis (REDIS_URL, or 127.0.0.1:6379), like database-outage.test.ts on
 * its PostgreSQL; every run writes under its own key prefix and deletes its keys afterwards.
 */
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const KEY_PREFIX = `shop-test-${crypto.randomBytes(6).toString('hex')}:`;
const SESSION_SECRET = 'shared-rate-limits-session-secret-0123456789';
const CONTACT = {
  name: 'Ana',
  email: 'ana@example.com',
  message: 'Do you restock the Velo trail shoe soon?',
};

let database: DatabaseHandle;
let redis: Redis;
const apps: FastifyInstance[] = [];
const dataDirs: string[] = [];

async function instance(overrides: Partial<Env>): Promise<FastifyInstance> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-shared-limits-'));
  dataDirs.push(dataDir);
  const config = loadConfig(
    {},
    { DATA_DIR: dataDir, SEED: 'none', LOG_LEVEL: 'silent', SESSION_SECRET, ...overrides },
  );
  const app = await buildApp({
    config: { ...config, webDistDir: path.join(dataDir, 'no-web-build') },
    database,
    logger: false,
  });
  await app.ready();
  apps.push(app);
  return app;
}

const sharing = () => instance({ REDIS_URL, REDIS_KEY_PREFIX: KEY_PREFIX });

/** A "Redis" that accepts connections and never answers: a stuck server or a black-holed route. */
async function silentServer() {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `redis://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    close: () => {
      sockets.forEach((socket) => socket.destroy());
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const contact = (app: FastifyInstance, address: string) =>
  app.inject({
    method: 'POST',
    url: '/api/mail/contactUs',
    payload: CONTACT,
    headers: { origin: TEST_ORIGIN },
    remoteAddress: address,
  });

async function timed(request: () => Promise<LightMyRequestResponse>) {
  const started = Date.now();
  const response = await request();
  return { response, ms: Date.now() - started };
}

beforeAll(async () => {
  redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false });
  await redis.connect().catch((error: unknown) => {
    throw new Error(`this test needs Redis at ${REDIS_URL} (set REDIS_URL to use another): ${String(error)}`);
  });
  database = await openTestDatabase();
});

afterAll(async () => {
  for (const app of apps) await app.close();
  await database?.close();
  if (redis?.status === 'ready') {
    const keys = await redis.keys(`${KEY_PREFIX}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  }
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the Redis attempt counter', () => {
  it('counts attempts from several connections at once without losing or repeating one', async () => {
    const other = new Redis(REDIS_URL);
    try {
      const counters = [redis, other].map((client) =>
        createRedisAttemptCounter(client, `${KEY_PREFIX}counter:`, createMemoryAttemptCounter()),
      );
      const counts = await Promise.all(
        Array.from({ length: 40 }, (_, i) => counters[i % 2]!.hit('burst', 60_000)),
      );
      expect(counts.sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
      const [key] = await redis.keys(`${KEY_PREFIX}counter:*`);
      const ttl = await redis.pttl(key!);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(60_000);
    } finally {
      await other.quit();
    }
  });

  it('opens a fixed window with the first attempt; the next attempt after it starts again at 1', async () => {
    const counter = createRedisAttemptCounter(redis, `${KEY_PREFIX}window:`, createMemoryAttemptCounter());
    expect([await counter.hit('k', 400), await counter.hit('k', 400)]).toEqual([1, 2]);
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect(await counter.hit('k', 400)).toBe(1);
  });
});

describe('two instances sharing Redis', () => {
  it('count the contact form per address together: 3 on A and 3 on B, the 6th is refused', async () => {
    const [a, b] = [await sharing(), await sharing()];
    const codes: number[] = [];
    for (const app of [a, a, a, b, b, b]) codes.push((await contact(app, '10.61.0.1')).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
    const refused = await contact(a, '10.61.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: { code: 'rate_limited', message: expect.any(String) } });
    // Another address is not affected, on either instance.
    expect((await contact(b, '10.61.0.2')).statusCode).toBe(200);
    // The counters live under this run's prefix.
    expect(await redis.keys(`${KEY_PREFIX}rate-limit:*`)).not.toEqual([]);
  });

  it('count sign-in attempts per account together: 4 on A and 4 on B, the 9th is refused', async () => {
    const [a, b] = [await sharing(), await sharing()];
    const { email, password } = await signUp(a);
    const codes: number[] = [];
    // Each attempt from its own address, so only the per-account limit (8 a minute) is in play.
    for (const app of [a, b, a, b, a, b, a, b])
      codes.push((await signIn(app, email, 'a-wrong-guess')).statusCode);
    expect(codes).toEqual(Array(8).fill(401));
    const ninth = await signIn(a, email, password);
    expect(ninth.statusCode).toBe(429);
    expect(ninth.json().error).toEqual({ code: 'rate_limited', message: MESSAGES.identity.tooManyAttempts });
    expect((await signIn(b, email, password)).statusCode).toBe(429);
    // The account's email is not written to Redis, only a hash of it.
    const keys = await redis.keys(`${KEY_PREFIX}attempts:*`);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.join(' ')).not.toContain(email);
  });

  it('report Redis in readiness', async () => {
    const response = await (await sharing()).inject({ method: 'GET', url: '/api/ready' });
    expect(response.json()).toEqual({ status: 'ok', database: 'ok', redis: 'ok' });
  });
});

describe('two instances without Redis', () => {
  it('count apart: the same 3 + 3 contact forms all go through', async () => {
    const [a, b] = [await instance({}), await instance({})];
    const codes: number[] = [];
    for (const app of [a, a, a, b, b, b]) codes.push((await contact(app, '10.62.0.1')).statusCode);
    expect(codes).toEqual(Array(6).fill(200));
  });

  it('count apart: 5 + 4 sign-in attempts are not refused', async () => {
    const [a, b] = [await instance({}), await instance({})];
    const { email, password } = await signUp(a);
    for (const app of [a, b, a, b, a, b, a, b]) await signIn(app, email, 'a-wrong-guess');
    expect((await signIn(a, email, password)).statusCode).toBe(200);
  });
});

describe('Redis away', () => {
  for (const [what, start] of [
    [
      'refuses connections',
      async () => ({ url: `redis://127.0.0.1:${await closedPort()}`, close: async () => {} }),
    ],
    ['accepts connections and never answers', silentServer],
  ] as const) {
    it(`${what}: the shop answers at once, per-address limits off, per-account attempts counted here`, async () => {
      const redisAway = await start();
      try {
        const started = Date.now();
        const app = await instance({ REDIS_URL: redisAway.url, REDIS_KEY_PREFIX: KEY_PREFIX });
        // Start-up waits for Redis a moment at most.
        expect(Date.now() - started).toBeLessThan(5_000);

        const forms = [];
        for (let i = 0; i < 7; i++) forms.push(await timed(() => contact(app, '10.63.0.1')));
        // Fail open: more than 5 a minute from one address go through while Redis is away.
        expect(forms.map(({ response }) => response.statusCode)).toEqual(Array(7).fill(200));

        const { email, password } = await signUp(app);
        const attempts = [];
        for (let i = 0; i < 8; i++) attempts.push(await timed(() => signIn(app, email, 'a-wrong-guess')));
        expect(attempts.map(({ response }) => response.statusCode)).toEqual(Array(8).fill(401));
        // This instance still counts the account's attempts: guessing stays limited.
        const ninth = await signIn(app, email, password);
        expect(ninth.statusCode).toBe(429);

        const ready = await timed(() => app.inject({ method: 'GET', url: '/api/ready' }));
        expect(ready.response.statusCode).toBe(200);
        expect(ready.response.json()).toEqual({ status: 'degraded', database: 'ok', redis: 'unavailable' });
        // Never held up waiting for Redis: a queued command would wait for a reconnect (ioredis'
        // default), far longer than this generous bound for a busy machine.
        for (const { ms } of [...forms, ...attempts, ready]) expect(ms).toBeLessThan(5_000);
      } finally {
        await redisAway.close();
      }
    });
  }
});
