import crypto from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../../src/server/db/client.js';
import { migrateDatabase } from '../../../src/server/db/migrate.js';

/**
 * The machine's PostgreSQL: DATABASE_URL when set, or the local server `npm test` expects (the
 * tests that need real concurrency always run there, like catalog-cache-sync.test.ts).
 */
export const POSTGRES_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * A fresh, migrated database for one test file: an in-memory PGlite loaded
 * from the global dump, or, when DATABASE_URL is set (as in CI), a new
 * PostgreSQL database created for the file and dropped afterwards.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const url = process.env.DATABASE_URL;
  if (url) return openPostgresTestDatabase(url);
  const dumpFile = process.env.SHOP_TEST_DB_DUMP;
  if (!dumpFile) throw new Error('SHOP_TEST_DB_DUMP is not set: run the tests through vitest.config.ts');
  return openDatabase({ kind: 'pglite-memory', loadDataDir: new Blob([fs.readFileSync(dumpFile)]) });
}

/** A new PostgreSQL database on the server at `url`, migrated, dropped when the handle closes. */
export async function openPostgresTestDatabase(url = POSTGRES_URL): Promise<DatabaseHandle> {
  const name = `shop_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  // A throwaway database: a commit need not wait for the disk (what is tested is concurrency, not durability).
  await admin.query(`ALTER DATABASE ${name} SET synchronous_commit TO off`);
  await admin.end();
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: testUrl.toString(), poolSize: 20 });
  await migrateDatabase(handle);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
