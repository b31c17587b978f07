import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../../src/server/db/client.js';
import { migrateDatabase } from '../../../src/server/db/migrate.js';

/**
 * Migrating PGlite takes seconds; do it once, dump the result, and let every
 * test file start from a copy of the dump (DESIGN.md §8). Also builds the
 * server bundle the process tests start (tests/integration), as `npm start` runs it.
 */
export default async function setup(): Promise<() => void> {
  // @ts-expect-error: a plain ES module script without type declarations.
  const serverBuild = (await import('../../../scripts/build-server.mjs')) as {
    buildServer(): Promise<void>;
    isServerBuildStale(): boolean;
  };
  if (serverBuild.isServerBuildStale()) await serverBuild.buildServer();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-test-db-'));
  const dumpFile = path.join(dir, 'migrated.tar');
  const handle = await openDatabase({ kind: 'pglite-memory' });
  await migrateDatabase(handle);
  const dump = await handle.pglite!.dumpDataDir('none');
  fs.writeFileSync(dumpFile, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  process.env.SHOP_TEST_DB_DUMP = dumpFile;
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
