// `npm run backup [-- --out DIR]`: one .tar.gz of the database, the uploaded images and the generated
// session secret, safe to run while the shop serves (src/server/backup/, docs/operations.md).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { defaultBackupDir, takeBackup } from '../src/server/backup/take-backup.js';
import { loadConfig } from '../src/server/config.js';

try {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  const config = loadConfig();
  const outDir = values.out ? path.resolve(values.out) : defaultBackupDir(config);
  const started = Date.now();
  const { file, manifest } = await takeBackup(config, outDir);
  const { counts, lastMigration } = manifest.database;
  const images =
    manifest.images.storage === 's3'
      ? `images in bucket ${manifest.images.bucket} (not copied)`
      : `${manifest.images.files} images`;
  console.log(
    `Backup written: ${file}\n  ${manifest.database.kind}, migration ${lastMigration}; ${counts.shoes} shoes, ` +
      `${counts.users} users, ${counts.orders} orders; ${images}; ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
} catch (error) {
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
