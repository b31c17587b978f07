import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.js';
import { isDatabaseUnavailable } from './connection-errors.js';
import { lockDataDir } from './data-dir-lock.js';

/**
 * Both drivers expose the same Drizzle pg-core API; the application is typed
 * against one of them so services never care which database runs underneath.
 */
export type Database = NodePgDatabase<typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** The raw PGlite instance (tests dump and reload it); undefined on PostgreSQL. */
  pglite?: PGlite;
  /** The pool on PostgreSQL; undefined on PGlite. */
  pool?: pg.Pool;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number; connectTimeoutMs?: number }
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'pglite-memory'; loadDataDir?: Blob };

/** How long to wait for a PostgreSQL connection before answering 503. */
export const DATABASE_CONNECT_TIMEOUT_MS = 5_000;

/**
 * Drizzle's node-postgres transaction sends BEGIN before its try/finally, so
 * when the connection breaks right there the client is never released and
 * the pool shrinks for good: after `max` such failures every request would
 * wait for a connection that never comes, long after the database is back.
 * A checked-out client whose first query fails on a broken connection is
 * therefore released (and discarded) here; releasing it again is a no-op.
 */
function releaseClientsWhoseFirstQueryFails(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as (callback?: unknown) => Promise<pg.PoolClient>;
  const guard = (client: pg.PoolClient): pg.PoolClient => {
    const release = client.release;
    let released = false;
    client.release = (error?: Error | boolean) => {
      if (released) return;
      released = true;
      delete (client as { query?: unknown }).query;
      release.call(client, error);
    };
    const query = client.query as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      delete (client as { query?: unknown }).query;
      const result = query.apply(client, args);
      if (result instanceof Promise) {
        result.catch((error: unknown) => {
          if (isDatabaseUnavailable(error)) client.release(error instanceof Error ? error : true);
        });
      }
      return result;
    };
    return client;
  };
  // Only the promise form (Drizzle's transactions, the startup lock); pool.query uses callbacks.
  pool.connect = ((callback?: unknown) =>
    callback ? connect(callback) : connect().then(guard)) as typeof pool.connect;
}

/** Where PGlite keeps its files inside DATA_DIR. */
export const pgliteDirOf = (dataDir: string): string => path.join(dataDir, 'pglite');

/**
 * The shop's PGlite (with the extensions its migrations need) in `dir`, or in memory without one;
 * `loadDataDir` fills a fresh one from a `dumpDataDir()` tarball (the tests' template, a restore).
 * The caller holds the data directory's lock.
 */
export function createPglite(dir: string | undefined, loadDataDir?: Blob): Promise<PGlite> {
  return PGlite.create({ dataDir: dir, loadDataDir, extensions: { pg_trgm } });
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      // A database that cannot be reached fails the request (503) within this time instead of hanging it.
      connectionTimeoutMillis: options.connectTimeoutMs ?? DATABASE_CONNECT_TIMEOUT_MS,
      // Notice a database that went away without closing the connection.
      keepAlive: true,
    });
    // An idle client losing its connection must not crash the process.
    pool.on('error', () => undefined);
    // Nor may a checked-out one (pg-pool listens only while a client is idle): a connection that
    // breaks while a transaction waits on the payment provider would be an unhandled 'error'
    // event. The failure still reaches the next query on that client.
    pool.on('connect', (client) => client.on('error', () => undefined));
    releaseClientsWhoseFirstQueryFails(pool);
    return { db: drizzlePg(pool, { schema }), kind: 'postgres', pool, close: () => pool.end() };
  }

  const release = options.kind === 'pglite' ? lockDataDir(options.dataDir) : () => undefined;
  try {
    const pglite = await createPglite(
      options.kind === 'pglite' ? pgliteDirOf(options.dataDir) : undefined,
      options.kind === 'pglite-memory' ? options.loadDataDir : undefined,
    );
    const db = drizzlePglite(pglite, { schema }) as unknown as Database;
    return {
      db,
      kind: 'pglite',
      pglite,
      close: async () => {
        try {
          await pglite.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}
