import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { lockDataDir } from '../db/data-dir-lock.js';
import { BackupRefusedError } from './manifest.js';

const LOCK_FILE = 'shop.lock';

/**
 * Locks the data directory a restore writes into (a shop running on it refuses the restore, with
 * its pid) and checks it is empty or missing. With `force`, what it held is moved aside into
 * `<dir>.before-restore-<time>` rather than deleted. Returns the lock's release and where the old
 * contents went.
 */
export function prepareDataDir(
  dir: string,
  force: boolean,
  now = new Date(),
): { release: () => void; movedTo?: string } {
  const release = lockDataDir(dir);
  try {
    const present = fs.readdirSync(dir).filter((entry) => entry !== LOCK_FILE);
    if (present.length === 0) return { release };
    if (!force) {
      throw new BackupRefusedError(
        `The data directory ${dir} is not empty (${present.slice(0, 5).join(', ')}): restore into a new or ` +
          'empty directory (--data-dir), or add --force to move what it holds aside first.',
      );
    }
    const movedTo = `${dir}.before-restore-${now
      .toISOString()
      .replace(/\.\d{3}Z$/, 'Z')
      .replaceAll(':', '-')}`;
    fs.mkdirSync(movedTo);
    for (const entry of present) fs.renameSync(path.join(dir, entry), path.join(movedTo, entry));
    return { release, movedTo };
  } catch (error) {
    release();
    throw error;
  }
}

/** Refuses a PostgreSQL database that already has tables (the shop's or anyone's) unless `force`. */
export async function checkPostgresTarget(databaseUrl: string, force: boolean): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ tables: number }>(
      "select count(*)::int as tables from pg_tables where schemaname not in ('pg_catalog', 'information_schema')",
    );
    if (rows[0]!.tables > 0 && !force) {
      const { database } = (await client.query<{ database: string }>('select current_database() as database'))
        .rows[0]!;
      throw new BackupRefusedError(
        `The database ${database} already has ${rows[0]!.tables} tables: restore into a new, empty database ` +
          '(CREATE DATABASE), or add --force to drop and replace the objects the backup holds.',
      );
    }
  } finally {
    await client.end();
  }
}
