import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, pgliteDirOf } from '../db/client.js';
import { DataDirLockedError } from '../db/data-dir-lock.js';
import { readDatabaseFacts, type DatabaseFacts } from './database-facts.js';
import { snapshotPglite } from './pglite-snapshot.js';
import { runPgTool } from './pg-tools.js';
import { requestSnapshot } from './snapshot-request.js';

export interface DatabaseDump {
  /** The dump's file, and what removes it once packed. */
  file: string;
  facts: DatabaseFacts;
  discard: () => void;
}

/**
 * `pg_dump --format=custom` inside the snapshot of a transaction this command holds open
 * (pg_export_snapshot): the counts in the manifest are those of the very data dumped, while the
 * shop keeps writing.
 */
export async function dumpPostgres(databaseUrl: string, file: string): Promise<DatabaseDump> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot');
    const facts = await readDatabaseFacts(async (text) => (await client.query(text)).rows);
    await runPgTool('pg_dump', databaseUrl, [
      '--format=custom',
      `--snapshot=${rows[0]!.snapshot}`,
      `--file=${file}`,
    ]);
    await client.query('commit');
    return { file, facts, discard: () => fs.rmSync(file, { force: true }) };
  } finally {
    await client.end();
  }
}

/**
 * PGlite's data directory as a tarball. With no shop running, this command opens the database
 * itself (holding its lock: a shop started in those seconds is refused, with the reason) and
 * snapshots it; with the shop running, the shop takes the snapshot (snapshot-listener.ts).
 */
export async function dumpPglite(dataDir: string, file: string): Promise<DatabaseDump> {
  if (!fs.existsSync(path.join(pgliteDirOf(dataDir), 'PG_VERSION'))) {
    throw new Error(`There is no shop database in ${dataDir} (no pglite/ in it): check DATA_DIR.`);
  }
  let handle;
  try {
    handle = await openDatabase({ kind: 'pglite', dataDir });
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    const snapshot = await requestSnapshot(dataDir, error.pid);
    return { file: snapshot.tar, facts: snapshot.facts, discard: snapshot.discard };
  }
  try {
    const { tar, facts } = await snapshotPglite(handle.pglite!);
    await fs.promises.writeFile(file, Buffer.from(await tar.arrayBuffer()), { mode: 0o600 });
    return { file, facts, discard: () => fs.rmSync(file, { force: true }) };
  } finally {
    await handle.close();
  }
}
