import path from 'node:path';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { ROOT_DIR } from '../config.js';
import type { DatabaseHandle } from './client.js';

/** From the project's root: the same path whether the server runs from src/ or from its bundle in dist/. */
export const MIGRATIONS_DIR = path.join(ROOT_DIR, 'src', 'server', 'db', 'migrations');

/** Arbitrary constant shared by every instance of the shop. */
const STARTUP_LOCK_ID = 4_242_001;

/**
 * Runs `work` while holding a PostgreSQL advisory lock, so that several
 * instances starting together migrate and seed once. PGlite has one process.
 */
export async function withStartupLock<T>(handle: DatabaseHandle, work: () => Promise<T>): Promise<T> {
  if (!handle.pool) return work();
  const client = await handle.pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_ID]);
    return await work();
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK_ID]).catch(() => undefined);
    client.release();
  }
}

export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_DIR };
  if (handle.kind === 'pglite') await migratePglite(handle.db as unknown as PgliteDatabase, config);
  else await migratePg(handle.db, config);
}
