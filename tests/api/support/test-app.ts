import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/server/app.js';
import { loadConfig, type Config, type Env } from '../../../src/server/config.js';
import type { DatabaseHandle } from '../../../src/server/db/client.js';
import { openPostgresTestDatabase, openTestDatabase } from './test-database.js';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  close(): Promise<void>;
}

/** buildApp() on a fresh database and a throwaway data directory, for inject() tests. */
export async function createTestApp(
  overrides: Partial<Env> = {},
  options: {
    webDistDir?: string;
    bootstrapAdmin?: boolean;
    /** Every log line, at every level, goes here (the logger is off otherwise). */
    logStream?: { write(line: string): void };
    /** On the machine's PostgreSQL whatever DATABASE_URL says: for what PGlite's one query at a time hides. */
    postgres?: boolean;
    /** The cart reminders' clock (a test moves it instead of waiting hours). */
    clock?: { now(): Date };
    /** An existing database (a second instance of the shop on the same PostgreSQL); not closed by close(). */
    database?: DatabaseHandle;
  } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-test-data-'));
  const shared = options.database;
  const database = shared ?? (options.postgres ? await openPostgresTestDatabase() : await openTestDatabase());
  const logLevel = options.logStream ? 'trace' : 'silent';
  const loaded = loadConfig({}, { DATA_DIR: dataDir, SEED: 'none', LOG_LEVEL: logLevel, ...overrides });
  // API tests never depend on whether the real web app happens to be built.
  const config = { ...loaded, webDistDir: options.webDistDir ?? path.join(dataDir, 'no-web-build') };
  const app = await buildApp({
    config,
    database,
    logger: Boolean(options.logStream),
    logStream: options.logStream,
    bootstrapAdmin: options.bootstrapAdmin ?? false,
    clock: options.clock,
  });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      if (!shared) await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
