import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { paymentMethodBody } from '../fixtures/payment.js';
import { createDatabase } from './support/postgres-database.js';
import { killServers, shopClient, startServer, type ShopClient } from './support/server-process.js';
import { staffSignIn } from './support/staff.js';
import { repackBackup } from './support/repack-backup.js';

/**
 * `npm run backup` and `npm run restore` as an operator runs them (issue 34 item 4), on PGlite and
 * on PostgreSQL: a shop with a paid order, a shopper and a photo uploaded by staff is backed up
 * while it serves, stopped, restored into a new data directory (and a new database), and a shop
 * started there serves the same catalogue, signs the same people in, answers the same order and
 * the same photo. Then restore refuses an occupied target, a tampered file and a newer format.
 */
const ADMIN = { email: 'owner@backup.test', password: 'backup-owner-password' };
const SHOPPER = { email: 'shopper@backup.test', password: 'shopper-secret-1' };
const cleanups: (() => Promise<void> | void)[] = [];
const backups: Partial<Record<'pglite' | 'postgres', string>> = {};

afterAll(async () => {
  killServers();
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** `npm run backup` / `npm run restore`: the script through its tsx entry, as package.json runs it. */
function runScript(
  script: 'backup' | 'restore',
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const child = spawn('node_modules/.bin/tsx', [`scripts/${script}.ts`, ...args], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

const startShop = (env: Record<string, string>) =>
  startServer(
    {
      LOG_LEVEL: 'warn',
      PAYMENTS: 'test',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      TRUST_PROXY: 'true',
      ...env,
    },
    // A fresh shop migrates and seeds before it answers: minutes on a loaded machine.
    { readyPath: '/api/shoes?limit=1', timeoutMs: 240_000 },
  );

async function catalogue(send: ShopClient): Promise<unknown[]> {
  const shoes: unknown[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = await send('GET', `/api/shoes?limit=100&offset=${offset}`);
    expect(page.status).toBe(200);
    shoes.push(...(page.json() as unknown[]));
    if (shoes.length >= Number(page.headers.get('x-total-count'))) return shoes;
  }
}

/** What the test compares before and after: the catalogue, the order's answer, the photo's bytes. */
interface Seen {
  shoes: unknown[];
  order: unknown;
  orderId: string;
  photoUrl: string;
  photo: Buffer;
}

/** A paid order by a new shopper, and a photo staff add to the first shoe's gallery. */
async function fillShop(base: string): Promise<Seen> {
  const send = shopClient(base);
  const shoes = (await catalogue(send)) as {
    _id: string;
    price: number;
    stock: { size: string; quantity: number }[];
  }[];
  const signedUp = await send('POST', '/api/account/sign-up', SHOPPER);
  expect(signedUp.status, signedUp.text).toBe(200);
  const method = await send('POST', '/api/payments/methods', paymentMethodBody(), signedUp.cookie);
  expect(method.status, method.text).toBe(200);
  const shoe = shoes.find((candidate) => candidate.stock.some((entry) => entry.quantity > 0))!;
  const size = shoe.stock.find((entry) => entry.quantity > 0)!.size;
  const paid = await send(
    'POST',
    '/api/cart/checkout',
    {
      id: method.json().id,
      shoes: [{ _id: shoe._id, size, quantity: 1 }],
      amount: Math.round(shoe.price * 100),
    },
    signedUp.cookie,
    { 'idempotency-key': 'backup-test-order-1' },
  );
  expect(paid.status, paid.text).toBe(200);
  const orderId = (paid.json() as { order: { _id: string } }).order._id;

  const staff = await staffSignIn(send, ADMIN);
  const png = await sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 40, b: 90 } },
  })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('alt', 'The backed-up photo');
  form.append('image', new Blob([png], { type: 'image/png' }), 'photo.png');
  const uploaded = await fetch(`${base}/api/shoes/${shoe._id}/images`, {
    method: 'POST',
    headers: { cookie: staff, origin: base, 'x-forwarded-for': '10.77.0.1' },
    body: form,
  });
  expect(uploaded.status, await uploaded.clone().text()).toBe(201);
  const gallery = (await uploaded.json()) as { images: { url: string; alt: string }[] };
  const photoUrl = gallery.images.find((image) => image.alt === 'The backed-up photo')!.url;
  return readBack(base, orderId, photoUrl, signedUp.cookie);
}

async function readBack(base: string, orderId: string, photoUrl: string, cookie: string): Promise<Seen> {
  const send = shopClient(base);
  const order = await send('GET', `/api/cart/order/${orderId}`, undefined, cookie);
  expect(order.status, order.text).toBe(200);
  const photo = await fetch(`${base}${photoUrl}`);
  expect(photo.status, photoUrl).toBe(200);
  return {
    shoes: await catalogue(send),
    order: order.json(),
    orderId,
    photoUrl,
    photo: Buffer.from(await photo.arrayBuffer()),
  };
}

async function backUpAndRestore(kind: 'pglite' | 'postgres') {
  const dataDir = tempDir(`shop-backup-${kind}-`);
  const restoredDir = path.join(tempDir(`shop-restored-${kind}-`), 'data');
  const outDir = tempDir(`shop-backups-${kind}-`);
  let env: Record<string, string> = { DATA_DIR: dataDir, DATABASE_URL: '' };
  let restoredEnv: Record<string, string> = { DATA_DIR: restoredDir, DATABASE_URL: '' };
  if (kind === 'postgres') {
    const source = await createDatabase('shop_backup');
    const target = await createDatabase('shop_backup');
    cleanups.push(source.drop, target.drop);
    env = { ...env, DATABASE_URL: source.url };
    restoredEnv = { ...restoredEnv, DATABASE_URL: target.url };
  }

  const shop = await startShop(env);
  const before = await fillShop(shop.base);

  // While the shop serves: on PGlite the shop takes the snapshot itself.
  const backup = await runScript('backup', ['--out', outDir], env);
  expect(backup.code, backup.output).toBe(0);
  const files = fs.readdirSync(outDir);
  expect(files).toHaveLength(1);
  expect(files[0]).toMatch(/^shop-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar\.gz$/);
  expect(backup.output).toMatch(/1 orders/);
  expect((await fetch(`${shop.base}/api/ready`)).status, 'the shop still serves').toBe(200);
  shop.child.kill('SIGTERM');
  expect(await shop.exited).toBe(0);
  backups[kind] = path.join(outDir, files[0]!);

  const restore = await runScript('restore', [backups[kind], '--data-dir', restoredDir], restoredEnv);
  expect(restore.code, restore.output).toBe(0);

  const restored = await startShop({ ...restoredEnv, SEED: 'none' });
  const send = shopClient(restored.base);
  const signedIn = await send('POST', '/api/account/sign-in', SHOPPER);
  expect(signedIn.status, signedIn.text).toBe(200);
  const after = await readBack(restored.base, before.orderId, before.photoUrl, signedIn.cookie);
  expect(after.shoes).toEqual(before.shoes);
  expect(after.order).toEqual(before.order);
  expect(after.photo.equals(before.photo), 'the photo has the same bytes').toBe(true);
  // Staff's two-step sign-in still works: its secret is sealed with the session secret, restored too.
  await staffSignIn(send, ADMIN);
  restored.child.kill('SIGTERM');
  expect(await restored.exited).toBe(0);
}

describe('npm run backup and npm run restore', () => {
  it(
    'PGlite: a backup taken while the shop serves restores into a shop that serves the same data',
    { timeout: 600_000 },
    () => backUpAndRestore('pglite'),
  );

  it('PostgreSQL: the same, with pg_dump and pg_restore into a new database', { timeout: 600_000 }, () =>
    backUpAndRestore('postgres'),
  );

  it(
    'refuses an occupied data directory, a tampered file and a newer format',
    { timeout: 120_000 },
    async () => {
      const file = backups.pglite;
      expect(file, 'the PGlite backup of the first test').toBeDefined();
      const occupied = tempDir('shop-occupied-');
      fs.writeFileSync(path.join(occupied, 'notes.txt'), 'mine');
      const env = { DATABASE_URL: '' };
      const refused = await runScript('restore', [file!, '--data-dir', occupied], env);
      expect(refused.code).toBe(1);
      expect(refused.output).toMatch(/Restore refused: The data directory .* is not empty \(notes\.txt\)/);
      expect(fs.readdirSync(occupied)).toEqual(['notes.txt']);

      const tampered = path.join(tempDir('shop-tampered-'), 'tampered.tar.gz');
      await repackBackup(file!, tampered, {
        part: (name, bytes) =>
          name.startsWith('uploads/')
            ? Buffer.concat([bytes.subarray(0, -1), Buffer.from([bytes.at(-1)! ^ 1])])
            : bytes,
      });
      const target = path.join(tempDir('shop-target-'), 'data');
      const damaged = await runScript('restore', [tampered, '--data-dir', target], env);
      expect(damaged.code).toBe(1);
      expect(damaged.output).toMatch(
        /Restore refused: uploads\/\S+ in the backup file does not match its sha256/,
      );
      expect(fs.existsSync(target), 'nothing written').toBe(false);

      const newer = path.join(tempDir('shop-newer-'), 'newer.tar.gz');
      await repackBackup(file!, newer, { manifest: (manifest) => ({ ...manifest, format: 99 }) });
      const future = await runScript('restore', [newer, '--data-dir', target], env);
      expect(future.code).toBe(1);
      expect(future.output).toMatch(
        /Restore refused: The backup file is in format 99, newer than this shop reads \(1\)/,
      );
      expect(fs.existsSync(target), 'nothing written').toBe(false);
    },
  );
});
