import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.js';
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
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'pglite-memory'; loadDataDir?: Blob };

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle client losing its connection must not crash the process.
    pool.on('error', () => undefined);
    return { db: drizzlePg(pool, { schema }), kind: 'postgres', pool, close: () => pool.end() };
  }

  const release = options.kind === 'pglite' ? lockDataDir(options.dataDir) : () => undefined;
  try {
    const pglite = await PGlite.create({
      dataDir: options.kind === 'pglite' ? path.join(options.dataDir, 'pglite') : undefined,
      loadDataDir: options.kind === 'pglite-memory' ? options.loadDataDir : undefined,
      extensions: { pg_trgm },
    });
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
