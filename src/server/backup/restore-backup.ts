import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createPglite, pgliteDirOf } from '../db/client.js';
import { unpackArchive } from './archive-reader.js';
import { knowsMigration, readDatabaseFacts, type DatabaseFacts } from './database-facts.js';
import { BackupRefusedError, PART, type Manifest } from './manifest.js';
import { runPgTool } from './pg-tools.js';
import { checkPostgresTarget, prepareDataDir } from './restore-target.js';

export interface RestoreOptions {
  file: string;
  /** Where PGlite's files, the images and the session secret go. */
  dataDir: string;
  /** The empty database a PostgreSQL backup goes into. */
  databaseUrl?: string;
  force?: boolean;
}

async function loadPglite(dataDir: string, tarball: string): Promise<DatabaseFacts> {
  const pglite = await createPglite(
    pgliteDirOf(dataDir),
    await fs.openAsBlob(tarball, { type: 'application/x-tar' }),
  );
  try {
    return await readDatabaseFacts(async (text) => (await pglite.query<Record<string, unknown>>(text)).rows);
  } finally {
    await pglite.close();
  }
}

async function loadPostgres(databaseUrl: string, dump: string, force: boolean): Promise<DatabaseFacts> {
  // --no-owner: the roles of the server backed up need not exist here; the tables belong to whoever restores.
  const clean = force ? ['--clean', '--if-exists'] : [];
  await runPgTool('pg_restore', databaseUrl, [
    '--no-owner',
    '--no-privileges',
    '--exit-on-error',
    ...clean,
    dump,
  ]);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await readDatabaseFacts(async (text) => (await client.query(text)).rows);
  } finally {
    await client.end();
  }
}

/**
 * `npm run restore FILE`: checks the whole file first (format, every part's sha256), then brings it
 * back into a fresh place: an empty or missing data directory, and for a PostgreSQL backup an empty
 * database; the database is loaded, then counted and compared with the manifest, then the images
 * and the session secret are copied. A PGlite backup into PostgreSQL, or the reverse, is refused.
 */
export async function restoreBackup(
  options: RestoreOptions,
): Promise<{ manifest: Manifest; movedTo?: string }> {
  const staging = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'shop-restore-'));
  try {
    const manifest = await unpackArchive(options.file, staging);
    const kind = manifest.database.kind;
    if (kind === 'pglite' && options.databaseUrl) {
      throw new BackupRefusedError(
        'This is a backup of the embedded database (PGlite): it restores into a data directory, not PostgreSQL.',
      );
    }
    if (kind === 'postgres' && !options.databaseUrl) {
      throw new BackupRefusedError(
        'This is a backup of a PostgreSQL database: give the empty database to restore it into (--database-url or DATABASE_URL).',
      );
    }
    if (!knowsMigration(manifest.database.lastMigration)) {
      throw new BackupRefusedError(
        `The backup's database is at migration ${manifest.database.lastMigration}, which this version of the ` +
          `shop does not have: restore it with shop ${manifest.shopVersion} or newer.`,
      );
    }
    if (options.databaseUrl) await checkPostgresTarget(options.databaseUrl, options.force ?? false);
    const { release, movedTo } = prepareDataDir(options.dataDir, options.force ?? false);
    try {
      const restored =
        kind === 'pglite'
          ? await loadPglite(options.dataDir, path.join(staging, PART.pgliteDataDir))
          : await loadPostgres(
              options.databaseUrl!,
              path.join(staging, PART.postgresDump),
              options.force ?? false,
            );
      const expected = { lastMigration: manifest.database.lastMigration, counts: manifest.database.counts };
      if (JSON.stringify(restored) !== JSON.stringify(expected)) {
        throw new Error(
          `The restored database differs from the backup's manifest: ${JSON.stringify(restored)} ` +
            `instead of ${JSON.stringify(expected)}.`,
        );
      }
      const uploads = path.join(staging, PART.uploadsPrefix);
      if (fs.existsSync(uploads))
        await fs.promises.cp(uploads, path.join(options.dataDir, 'uploads'), { recursive: true });
      const secret = path.join(staging, PART.sessionSecret);
      if (fs.existsSync(secret))
        await fs.promises.copyFile(secret, path.join(options.dataDir, PART.sessionSecret));
    } finally {
      release();
    }
    return { manifest, movedTo };
  } finally {
    await fs.promises.rm(staging, { recursive: true, force: true });
  }
}
