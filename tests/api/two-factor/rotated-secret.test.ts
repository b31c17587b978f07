import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../src/domain/messages.js';
import { buildApp } from '../../../src/server/app.js';
import { loadConfig } from '../../../src/server/config.js';
import type { DatabaseHandle } from '../../../src/server/db/client.js';
import { cookieFrom, signIn, signUp, TEST_ORIGIN } from '../support/session.js';
import { authenticatorCode, enrolTwoFactor } from '../support/staff.js';
import { openTestDatabase } from '../support/test-database.js';

/**
 * Two-step sign-in after the session secret changed (SESSION_SECRET rotated, or the generated
 * secret file replaced): the authenticator secret and the recovery codes were sealed with the old
 * one and can no longer be read. The second step answers a 409 that says what to do, not a 500.
 */
const PASSWORD = 'rotated-secret-password';
let database: DatabaseHandle;
const dataDirs: string[] = [];
let shop: FastifyInstance | undefined;
let address = 0;
const nextIp = () => `10.122.${Math.floor(address / 250)}.${(address++ % 250) + 1}`;

async function start(secret: string): Promise<FastifyInstance> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-rotated-secret-'));
  dataDirs.push(dataDir);
  const config = loadConfig(
    {},
    { DATA_DIR: dataDir, SEED: 'none', LOG_LEVEL: 'silent', SESSION_SECRET: secret },
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

let email: string;
let secret: string;
let recoveryCodes: string[];

beforeAll(async () => {
  database = await openTestDatabase();
  const before = await start('rotated-secret-before-0123456789abcdef');
  const account = await signUp(before, undefined, PASSWORD);
  email = account.email;
  ({ secret, recoveryCodes } = await enrolTwoFactor(before, account.cookie, email, PASSWORD, nextIp()));
  await before.close();
  shop = await start('rotated-secret-after-fedcba9876543210');
});
afterAll(async () => {
  await shop?.close();
  await database?.close();
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

async function passwordStep(): Promise<string> {
  const answer = await signIn(shop!, email, PASSWORD, nextIp());
  expect(answer.statusCode).toBe(200);
  expect(answer.json()).toEqual({ twoFactorRequired: true });
  return cookieFrom(answer);
}

const secondStep = (pending: string, body: object) =>
  shop!.inject({
    method: 'POST',
    url: '/api/account/sign-in/two-factor',
    payload: body,
    headers: { origin: TEST_ORIGIN, cookie: pending },
    remoteAddress: nextIp(),
  });

describe('two-step sign-in after the session secret changed', () => {
  it('answers an authenticator code with a 409 that says what to do', async () => {
    const answer = await secondStep(await passwordStep(), { code: await authenticatorCode(secret) });
    expect(answer.statusCode, answer.body).toBe(409);
    expect(answer.json().error).toEqual({
      code: 'two_factor_unreadable',
      message: MESSAGES.twoFactor.unreadable,
    });
    expect(answer.headers['set-cookie']).toBeUndefined();
  });

  it('answers a recovery code the same way', async () => {
    const answer = await secondStep(await passwordStep(), { code: recoveryCodes[0], kind: 'recovery' });
    expect(answer.statusCode, answer.body).toBe(409);
    expect(answer.json().error).toMatchObject({ code: 'two_factor_unreadable' });
  });

  it('is reset as docs/operations.md says, after which the password signs in and the setup starts again', async () => {
    // The operator's two statements, as written in docs/operations.md ("Changing the session secret").
    await database.db.execute(
      sql`DELETE FROM two_factors WHERE user_id = (SELECT id FROM users WHERE email = ${email})`,
    );
    await database.db.execute(sql`UPDATE users SET two_factor_enabled = false WHERE email = ${email}`);
    const signedIn = await signIn(shop!, email, PASSWORD, nextIp());
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().user).toMatchObject({ email, twoFactor: false });
    const again = await enrolTwoFactor(shop!, cookieFrom(signedIn), email, PASSWORD, nextIp());
    const pending = await passwordStep();
    const answer = await secondStep(pending, { code: await authenticatorCode(again.secret) });
    expect(answer.statusCode, answer.body).toBe(200);
  });
});
