import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createPglite, openDatabase, pgliteDirOf } from '../db/client.js';
import { restoreBackup } from './restore-backup.js';
import { listenForSnapshots } from './snapshot-listener.js';
import { requestSnapshot } from './snapshot-request.js';
import { takeBackup } from './take-backup.js';

/**
 * The PGlite paths the process test (tests/integration/backup-restore.test.ts) does not take: no shop
 * running (the command opens the database itself), images in S3 (not copied), and the snapshot
 * exchange in one process: refused without a listener, answered with one.
 */
const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-take-backup-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

/** A data directory holding the migrated, empty database of the test template, and one image. */
async function dataDirWithDatabase(): Promise<string> {
  const dir = tempDir();
  const template = await fs.openAsBlob(process.env.SHOP_TEST_DB_DUMP!, { type: 'application/x-tar' });
  await (await createPglite(pgliteDirOf(dir), template)).close();
  fs.mkdirSync(path.join(dir, 'uploads', 'shoes'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'uploads', 'shoes', 'a-1f2e.webp'), 'RIFF-photo');
  return dir;
}

const log = { info: () => undefined, error: () => undefined };

describe('npm run backup on PGlite', () => {
  it(
    'with no shop running opens the database itself; with S3 the images stay in the bucket',
    { timeout: 120_000 },
    async () => {
      const dataDir = await dataDirWithDatabase();
      const config = loadConfig({ DATA_DIR: dataDir, S3_BUCKET: 'shop-images' });
      const { file, manifest } = await takeBackup(config, tempDir());
      expect(manifest.images).toEqual({ storage: 's3', bucket: 'shop-images' });
      expect(manifest.parts.map((part) => part.name)).toEqual(['database/pglite.tar']);
      expect(manifest.database).toMatchObject({ kind: 'pglite', counts: { shoes: 0, users: 0, orders: 0 } });
      expect(manifest.database.lastMigration).toMatch(/^\d{4}_/);
      expect(fs.existsSync(path.join(dataDir, 'shop.lock')), 'the lock is released').toBe(false);

      const restoredDir = path.join(tempDir(), 'restored');
      await expect(
        restoreBackup({ file, dataDir: restoredDir, databaseUrl: 'postgres://x@127.0.0.1/y' }),
      ).rejects.toThrow(
        /backup of the embedded database \(PGlite\): it restores into a data directory, not PostgreSQL/,
      );
      await restoreBackup({ file, dataDir: restoredDir });
      expect(fs.readdirSync(restoredDir).sort()).toEqual(['pglite']);
    },
  );

  it(
    'asks the process holding the data directory, and only one that listens',
    { timeout: 120_000 },
    async () => {
      const dataDir = await dataDirWithDatabase();
      // pid 1 always runs and never listens: the command must not signal it.
      fs.writeFileSync(path.join(dataDir, 'shop.lock'), '1');
      await expect(takeBackup(loadConfig({ DATA_DIR: dataDir }), tempDir())).rejects.toThrow(
        /The shop running on .* \(pid 1\) does not take snapshots/,
      );
      fs.rmSync(path.join(dataDir, 'shop.lock'));

      // The exchange itself, with this process as the shop (SIGUSR2 to itself).
      // Left by a shop killed before its command collected it: cleared when the next one starts listening.
      fs.mkdirSync(path.join(dataDir, 'snapshots'));
      fs.writeFileSync(
        path.join(dataDir, 'snapshots', `${'0'.repeat(8)}-0000-0000-0000-${'0'.repeat(12)}.tar`),
        'x',
      );
      const shop = await openDatabase({ kind: 'pglite', dataDir });
      const stop = listenForSnapshots(dataDir, shop.pglite!, log);
      try {
        const snapshot = await requestSnapshot(dataDir, process.pid);
        expect(snapshot.facts.counts).toEqual({ shoes: 0, users: 0, orders: 0 });
        const copy = await createPglite(
          undefined,
          await fs.openAsBlob(snapshot.tar, { type: 'application/x-tar' }),
        );
        const { rows } = await copy.query<{ n: number }>(
          'select count(*)::int as n from drizzle.__drizzle_migrations',
        );
        expect(rows[0]!.n).toBeGreaterThan(20);
        await copy.close();
        snapshot.discard();
        expect(fs.readdirSync(path.join(dataDir, 'snapshots')), "only the listener's file").toEqual([
          'listener',
        ]);
      } finally {
        stop();
        await shop.close();
      }
      expect(fs.readdirSync(path.join(dataDir, 'snapshots'))).toEqual([]);
    },
  );
});
