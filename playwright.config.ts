import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { ADMIN, GOOGLE_CLIENT } from './tests/e2e/support/identities';
import { serverLogFile } from './tests/e2e/support/server-log';

/**
 * The browser tests start the built shop on a free port with a fresh data
 * directory (demo catalogue) and drive Debian's Chromium. Mail goes to a local
 * SMTP server and Google sign-in to a local OpenID Connect server, both started
 * by the global setup (after the shop: the shop only reaches them on demand),
 * which also makes the directory the received mail is kept in (E2E_MAIL_DIR).
 * Workers inherit the environment of the first load, so the ports and
 * directories are chosen once.
 */
if (!process.env.E2E_PORT) {
  // Three distinct free ports, held open together so none is handed out twice.
  const [appPort, smtpPort, oidcPort] = execFileSync(process.execPath, [
    '-e',
    "const net=require('net');Promise.all([0,1,2].map(()=>new Promise((ok)=>{const s=net.createServer();s.listen(0,'127.0.0.1',()=>ok(s))}))).then((all)=>{console.log(all.map((s)=>s.address().port).join(' '));all.forEach((s)=>s.close())})",
  ])
    .toString()
    .trim()
    .split(' ');
  process.env.E2E_PORT = appPort;
  process.env.E2E_SMTP_PORT = smtpPort;
  process.env.E2E_OIDC_PORT = oidcPort;
  process.env.E2E_DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-'));
}
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;

const launchOptions = {
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
};

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0, // a flaky test fails: fix it rather than retry it
  // Per test. Many tests are journeys through several pages, each server-rendered and then taken over
  // by the app on a 2-core machine: in this stop's own run, six of them (12 public pages one after the
  // other, two-step sign-in, saved addresses to payment, two devices' carts) ended at 30-32 s, passing
  // step by step. The waits inside (expect, 7 s) stay as they are.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  globalSetup: './tests/e2e/support/global-setup.ts',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions,
  },
  // A test tagged @alone (the import of 3,000 rows and 600 photos) takes both cores while it runs: after
  // the others it runs by itself, so no journey beside it runs out of time.
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], launchOptions }, grepInvert: /@alone/ },
    { name: 'phone', use: { ...devices['Pixel 7'], launchOptions }, grep: /@phone/, grepInvert: /@alone/ },
    {
      name: 'alone',
      use: { ...devices['Desktop Chrome'], launchOptions },
      grep: /@alone/,
      dependencies: ['desktop', 'phone'],
    },
  ],
  webServer: {
    // The server bundle `npm run build` makes (npm test builds before the browser tests): what ships.
    // Its log (every request) goes to a file the global teardown reads: no secret may be in it.
    command: `node dist/server/main.js > "${serverLogFile(process.env.E2E_DATA_DIR!)}"`,
    url: `${baseURL}/api/brands`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR!,
      SEED: 'demo',
      LOG_LEVEL: 'info',
      // The tests' own sign-ups each come from an address of their own (support/accounts.ts).
      TRUST_PROXY: '127.0.0.1',
      // Reset links, order links and the Google callback are built on it.
      PUBLIC_URL: baseURL,
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}?ignoreTLS=true`,
      GOOGLE_CLIENT_ID: GOOGLE_CLIENT.id,
      GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT.secret,
      GOOGLE_ISSUER: `http://127.0.0.1:${process.env.E2E_OIDC_PORT}`,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    },
  },
});
