import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app.js';
import { loadConfig } from '../../../src/server/config.js';
import { openDatabase, type DatabaseHandle } from '../../../src/server/db/client.js';
import { migrateDatabase } from '../../../src/server/db/migrate.js';
import { sessions } from '../../../src/server/db/schema.js';
import { cookieFrom, signIn, signUp, TEST_ORIGIN } from '../support/session.js';
import { authenticatorCode, enrolTwoFactor } from '../support/staff.js';

/**
 * An authenticator code works once on every instance (RFC 6238 §5.2): the used codes are kept in
 * the database, not in one instance's memory. Two instances on one PostgreSQL database, like
 * catalog-cache-sync.test.ts; it always runs on the machine's PostgreSQL (127.0.0.1:5432, or
 * DATABASE_URL when set), in a database of its own: on PGlite there is only ever one instance.
 */
const BASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const dbName = `shop_two_factor_${crypto.randomBytes(6).toString('hex')}`;
const dbUrl = new URL(BASE_URL);
dbUrl.pathname = `/${dbName}`;
const handles: DatabaseHandle[] = [];
const dataDirs: string[] = [];
let a: FastifyInstance;
let b: FastifyInstance;
let address = 0;
const nextIp = () => `10.121.${Math.floor(address / 250)}.${(address++ % 250) + 1}`;

async function sql(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: BASE_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** One instance: its own pool, as its own process would have, and the same secrets as the other. */
async function instance(): Promise<FastifyInstance> {
  const database = await openDatabase({ kind: 'postgres', url: dbUrl.toString(), poolSize: 4 });
  handles.push(database);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-two-factor-'));
  dataDirs.push(dataDir);
  const config = loadConfig(
    {},
    {
      DATA_DIR: dataDir,
      SEED: 'none',
      LOG_LEVEL: 'silent',
      SESSION_SECRET: 'two-factor-instances-secret-0123456789abcdef',
    },
  );
  const app = await buildApp({
    config: { ...config, webDistDir: path.join(dataDir, 'no-web-build') },
    database,
    logger: false,
    bootstrapAdmin: false,
  });
  await app.ready();
  return app;
}

beforeAll(async () => {
  await sql(`CREATE DATABASE ${dbName}`);
  const migrator = await openDatabase({ kind: 'postgres', url: dbUrl.toString(), poolSize: 1 });
  handles.push(migrator);
  await migrateDatabase(migrator);
  a = await instance();
  b = await instance();
});

afterAll(async () => {
  for (const app of [a, b]) await app?.close();
  for (const handle of handles) await handle.close();
  await sql(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  dataDirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true }));
});

/** A shopper with two-step sign-in on, set up on instance a. */
async function enrolled() {
  const shopper = await signUp(a, undefined, undefined, nextIp());
  const { secret } = await enrolTwoFactor(a, shopper.cookie, shopper.email, shopper.password, nextIp());
  return { ...shopper, secret };
}

/** The password step on `app`: its cookie holds the pending sign-in. */
async function passwordStep(app: FastifyInstance, shopper: { email: string; password: string }) {
  const answer = await signIn(app, shopper.email, shopper.password, nextIp());
  expect(answer.json()).toEqual({ twoFactorRequired: true });
  return cookieFrom(answer);
}

const secondStep = (app: FastifyInstance, pending: string, code: string) =>
  app.inject({
    method: 'POST',
    url: '/api/account/sign-in/two-factor',
    payload: { code, kind: 'authenticator' },
    headers: { origin: TEST_ORIGIN, cookie: pending },
    remoteAddress: nextIp(),
  });

async function sessionsOf(userId: string): Promise<number> {
  const [row] = await handles[0]!.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, userId));
  return row!.n;
}

it('refuses on one instance a code that signed in on the other', async () => {
  const shopper = await enrolled();
  const code = await authenticatorCode(shopper.secret);
  expect((await secondStep(a, await passwordStep(a, shopper), code)).statusCode).toBe(200);
  const before = await sessionsOf(shopper.user._id);

  const replayed = await secondStep(b, await passwordStep(b, shopper), code);
  expect(replayed.statusCode).toBe(400);
  expect(replayed.json().error.code).toBe('wrong_code');
  expect(replayed.cookies.filter((cookie) => cookie.name.includes('session'))).toEqual([]);
  expect(await sessionsOf(shopper.user._id)).toBe(before);
});

it('lets exactly one of two sign-ins with one code in, sent at once to both instances', async () => {
  const shopper = await enrolled();
  const before = await sessionsOf(shopper.user._id);
  const onA = await passwordStep(a, shopper);
  const onB = await passwordStep(b, shopper);
  const code = await authenticatorCode(shopper.secret);
  const answers = await Promise.all([secondStep(a, onA, code), secondStep(b, onB, code)]);
  expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
  expect(await sessionsOf(shopper.user._id)).toBe(before + 1);
});
