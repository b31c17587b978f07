import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { request } from '@playwright/test';
import { OAuth2Server } from 'oauth2-mock-server';
import { signInAsAdmin } from './accounts';
import { GOOGLE_USER } from './identities';
import { startMailCapture } from './mail-capture';
import { checkServerLog, serverLogFile } from './server-log';

function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the browser tests through playwright.config.ts`);
  return value;
}

/** Google's stand-in: a local OpenID Connect provider whose every sign-in is GOOGLE_USER. */
async function startOidcServer(port: number): Promise<{ stop(): Promise<void> }> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(port, '127.0.0.1');
  server.service.on('beforeTokenSigning', (token) => Object.assign(token.payload, GOOGLE_USER));
  server.service.on('beforeUserinfo', (response) => {
    response.body = { ...GOOGLE_USER };
  });
  return { stop: () => server.stop() };
}

/**
 * Starts the shop's outside world on the ports playwright.config.ts chose: an SMTP server whose
 * messages land as files in a new directory, E2E_MAIL_DIR (support/mail.ts reads them), and the OpenID Connect
 * server behind the Google button. Playwright starts the webServer before this runs; that is fine,
 * since the shop connects to SMTP only to send, and fetches the OpenID configuration when a Google
 * sign-in starts. Returns the teardown, which also checks that the shop's log holds no secret.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  // Workers inherit the environment global setup leaves behind.
  const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-mail-'));
  process.env.E2E_MAIL_DIR = mailDir;
  const smtp = await startMailCapture(Number(requiredEnv('E2E_SMTP_PORT')), mailDir);
  const oidc = await startOidcServer(Number(requiredEnv('E2E_OIDC_PORT')));
  // The shared shop's administrator sets two-step sign-in up once, before any worker signs in.
  const baseURL = `http://127.0.0.1:${requiredEnv('E2E_PORT')}`;
  const admin = await request.newContext({ baseURL });
  process.env.E2E_ADMIN_TOTP_SECRET = await signInAsAdmin(admin, baseURL);
  await admin.dispose();
  return async () => {
    await Promise.all([smtp.close(), oidc.stop()]);
    fs.rmSync(mailDir, { recursive: true, force: true });
    checkServerLog(serverLogFile(requiredEnv('E2E_DATA_DIR')));
  };
}
