// `npm run restore FILE [-- --data-dir DIR | --database-url URL] [--force]`: checks a backup and brings it
// back into a fresh data directory or an empty PostgreSQL database (src/server/backup/, docs/operations.md).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BackupRefusedError } from '../src/server/backup/manifest.js';
import { restoreBackup } from '../src/server/backup/restore-backup.js';
import { loadConfig } from '../src/server/config.js';

try {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      'data-dir': { type: 'string' },
      'database-url': { type: 'string' },
      force: { type: 'boolean', default: false },
    },
  });
  if (positionals.length !== 1) throw new Error('say which file: npm run restore FILE [-- --data-dir DIR]');
  const config = loadConfig();
  const dataDir = values['data-dir'] ? path.resolve(values['data-dir']) : config.dataDir;
  const databaseUrl = values['database-url'] ?? config.DATABASE_URL;
  const { manifest, movedTo } = await restoreBackup({
    file: path.resolve(positionals[0]!),
    dataDir,
    databaseUrl,
    force: values.force,
  });
  const { counts, lastMigration } = manifest.database;
  console.log(
    [
      `Restored the backup of ${manifest.createdAt} (shop ${manifest.shopVersion}, migration ${lastMigration}):`,
      `  ${counts.shoes} shoes, ${counts.users} users, ${counts.orders} orders, counted again after loading`,
      manifest.database.kind === 'pglite'
        ? `  into ${dataDir}`
        : `  into the database of DATABASE_URL; files into ${dataDir}`,
      manifest.images.storage === 's3'
        ? `  images: still in bucket ${manifest.images.bucket} (not in the file)`
        : `  ${manifest.images.files} images`,
      ...(movedTo ? [`  what ${dataDir} held is now in ${movedTo}`] : []),
      'Start the shop on it as usual; newer migrations run at start.',
    ].join('\n'),
  );
} catch (error) {
  const refused = error instanceof BackupRefusedError;
  console.error(
    `Restore ${refused ? 'refused' : 'failed'}: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
}
