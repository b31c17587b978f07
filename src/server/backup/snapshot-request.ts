import crypto from 'node:crypto';
import fs from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import { isRunning } from '../db/data-dir-lock.js';
import type { DatabaseFacts } from './database-facts.js';
import { listenerFileOf, snapshotFiles, snapshotsDirOf } from './pglite-snapshot.js';

/** Long enough for a large database's dump behind a checkout waiting on its payment provider. */
const DEFAULT_TIMEOUT_MS = 10 * 60_000;
const POLL_MS = 100;

/**
 * Asks the shop running on `dataDir` (pid `pid`, the lock's owner) for a snapshot of its database
 * (pglite-snapshot.ts explains the exchange) and waits for it. Resolves with the tarball's path and
 * the facts the shop read in the same transaction; `discard` removes both once they are packed.
 */
export async function requestSnapshot(
  dataDir: string,
  pid: number,
  timeoutMs = DEFAULT_TIMEOUT_MS,
): Promise<{ tar: string; facts: DatabaseFacts; discard: () => void }> {
  const listener = fs.existsSync(listenerFileOf(dataDir))
    ? Number(fs.readFileSync(listenerFileOf(dataDir), 'utf8').trim())
    : undefined;
  if (listener !== pid) {
    throw new Error(
      `The shop running on ${dataDir} (pid ${pid}) does not take snapshots: it is still starting, or a ` +
        'version without them. Try again once it serves, or stop it and run the backup again.',
    );
  }
  const id = crypto.randomUUID();
  const files = snapshotFiles(dataDir, id);
  const discard = () => Object.values(files).forEach((file) => fs.rmSync(file, { force: true }));
  fs.mkdirSync(snapshotsDirOf(dataDir), { recursive: true, mode: 0o700 });
  fs.writeFileSync(files.wanted, '');
  try {
    process.kill(pid, 'SIGUSR2');
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (fs.existsSync(files.tar)) {
        const facts = JSON.parse(fs.readFileSync(files.facts, 'utf8')) as DatabaseFacts;
        return { tar: files.tar, facts, discard };
      }
      if (fs.existsSync(files.failed)) {
        throw new Error(`The shop could not take the snapshot: ${fs.readFileSync(files.failed, 'utf8')}`);
      }
      if (!isRunning(pid))
        throw new Error(`The shop (pid ${pid}) stopped before the snapshot: run the backup again.`);
      if (Date.now() > deadline)
        throw new Error(`The shop (pid ${pid}) took no snapshot in ${timeoutMs / 1000} s.`);
      await delay(POLL_MS);
    }
  } catch (error) {
    discard();
    throw error;
  }
}
