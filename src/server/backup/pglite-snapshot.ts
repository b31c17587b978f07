import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { readDatabaseFacts, type DatabaseFacts } from './database-facts.js';

/**
 * A PGlite snapshot is its data directory as a tarball (`dumpDataDir`), taken by the process that
 * has the database open: the shop itself when it runs (asked by `npm run backup` with SIGUSR2, see
 * snapshot-listener.ts), the backup command when it does not.
 *
 * Files of the exchange, in DATA_DIR/snapshots/ (the shop's own directory: whoever may write there
 * may read the database anyway):
 * - `listener`: the pid of the shop that answers SIGUSR2 here (an older shop, or one still
 *   starting, would die of the signal or ignore it: the command signals only this pid);
 * - `<id>.wanted`: a request, written by the command before it signals;
 * - `<id>.tar` and `<id>.json`: the snapshot and its facts, renamed into place once whole;
 * - `<id>.failed`: why the shop could not take it.
 */
export const snapshotsDirOf = (dataDir: string): string => path.join(dataDir, 'snapshots');
export const listenerFileOf = (dataDir: string): string => path.join(snapshotsDirOf(dataDir), 'listener');
export const SNAPSHOT_ID = /^[a-f0-9-]{36}$/;

export function snapshotFiles(dataDir: string, id: string) {
  const base = path.join(snapshotsDirOf(dataDir), id);
  return { wanted: `${base}.wanted`, tar: `${base}.tar`, facts: `${base}.json`, failed: `${base}.failed` };
}

/**
 * Inside one transaction: PGlite runs one statement at a time, and public statements wait for an
 * open transaction, so nothing writes between the counts, the checkpoint and the dump. The
 * checkpoint writes every dirty page out first, so the restored copy opens without replaying WAL.
 */
export function snapshotPglite(pglite: PGlite): Promise<{ tar: Blob; facts: DatabaseFacts }> {
  return pglite.transaction(async (tx) => {
    const facts = await readDatabaseFacts(
      async (text) => (await tx.query<Record<string, unknown>>(text)).rows,
    );
    await tx.exec('CHECKPOINT');
    return { tar: await pglite.dumpDataDir('none'), facts };
  });
}

/** Writes both files beside their names, then renames them: whoever waits sees them whole or not at all. */
export async function writeSnapshot(pglite: PGlite, files: { tar: string; facts: string }): Promise<number> {
  const { tar, facts } = await snapshotPglite(pglite);
  await fs.promises.writeFile(`${files.tar}.partial`, Buffer.from(await tar.arrayBuffer()), { mode: 0o600 });
  await fs.promises.writeFile(`${files.facts}.partial`, JSON.stringify(facts), { mode: 0o600 });
  await fs.promises.rename(`${files.facts}.partial`, files.facts);
  await fs.promises.rename(`${files.tar}.partial`, files.tar);
  return tar.size;
}
