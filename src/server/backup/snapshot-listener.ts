import fs from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import {
  listenerFileOf,
  SNAPSHOT_ID,
  snapshotFiles,
  snapshotsDirOf,
  writeSnapshot,
} from './pglite-snapshot.js';

interface Log {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

/**
 * The running shop's side of `npm run backup` on PGlite: the data directory is locked by this
 * process (a second one opening it would corrupt it), so on SIGUSR2 the shop takes the snapshots
 * requested in DATA_DIR/snapshots itself (pglite-snapshot.ts). A signal and files in the data
 * directory, rather than a route: no network surface, and only the shop's own user (or root) can
 * ask. Returns what stops listening, before the database closes.
 */
export function listenForSnapshots(dataDir: string, pglite: PGlite, log: Log): () => void {
  const dir = snapshotsDirOf(dataDir);
  // Whatever is there was for a shop that has stopped (the lock lets one run): a request nobody waits
  // for any more, or a snapshot its command never collected (killed while packing).
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  let queue = Promise.resolve();

  const takeRequested = async () => {
    for (const name of await fs.promises.readdir(dir)) {
      const id = name.replace(/\.wanted$/, '');
      if (!name.endsWith('.wanted') || !SNAPSHOT_ID.test(id)) continue;
      const files = snapshotFiles(dataDir, id);
      const started = Date.now();
      try {
        const bytes = await writeSnapshot(pglite, files);
        log.info({ id, bytes, ms: Date.now() - started }, 'database snapshot taken for a backup');
      } catch (error) {
        log.error({ id, err: error }, 'database snapshot failed');
        await fs.promises.writeFile(files.failed, (error as Error).message).catch(() => undefined);
      }
      await fs.promises.rm(files.wanted, { force: true });
    }
  };
  // Signals that come while snapshots are being taken queue one more pass, never a parallel one.
  const onSignal = () => {
    queue = queue
      .then(takeRequested)
      .catch((error: unknown) => log.error({ err: error }, 'snapshot requests unread'));
  };

  process.on('SIGUSR2', onSignal);
  fs.writeFileSync(`${listenerFileOf(dataDir)}.partial`, String(process.pid));
  fs.renameSync(`${listenerFileOf(dataDir)}.partial`, listenerFileOf(dataDir));
  return () => {
    process.off('SIGUSR2', onSignal);
    fs.rmSync(listenerFileOf(dataDir), { force: true });
  };
}
