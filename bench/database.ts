import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../src/server/db/client.js';

export const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/test';

export interface BenchDatabase {
  handle: DatabaseHandle;
  dataDir: string;
  /** Set on PostgreSQL: the URL of the database created for this run. */
  url?: string;
  /**
   * Lets a server process open the database: closes PGlite here (it lives in one process at a
   * time); PostgreSQL is shared as it is.
   */
  handOver(): Promise<void>;
  /** Closes the database and removes what the run created (data dir, PostgreSQL database). */
  dispose(): Promise<void>;
}

/**
 * A fresh DATA_DIR, and on PostgreSQL a fresh database next to the one DATABASE_URL names
 * (created here and dropped at the end), so each run starts from nothing.
 */
export async function openBenchDatabase(kind: 'pglite' | 'postgres'): Promise<BenchDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'));
  const removeDataDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  if (kind === 'pglite') {
    const handle = await openDatabase({ kind: 'pglite', dataDir });
    let closed: Promise<void> | undefined;
    const close = () => (closed ??= handle.close());
    return {
      handle,
      dataDir,
      handOver: close,
      dispose: async () => {
        await close();
        removeDataDir();
      },
    };
  }
  const adminUrl = new URL(process.env.DATABASE_URL || DEFAULT_POSTGRES_URL);
  const name = `shop_bench_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString() });
  return {
    handle,
    dataDir,
    url: url.toString(),
    handOver: async () => undefined,
    dispose: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: adminUrl.toString() });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
      removeDataDir();
    },
  };
}
