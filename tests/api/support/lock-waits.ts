import pg from 'pg';
import type { DatabaseHandle } from '../../../src/server/db/client.js';
import { POSTGRES_URL } from './test-database.js';

/**
 * Two connections of the test's own to a test app's PostgreSQL database, beside the app's pool
 * (whose connections may all be waiting): one holds a lock the app's requests must wait for, the
 * other watches them wait. pg_stat_activity is read outside any transaction, as it is cached for
 * the length of one.
 */
export async function sideConnections(database: DatabaseHandle) {
  if (database.kind !== 'postgres' || !database.pool) throw new Error('Side connections need PostgreSQL');
  const { rows } = await database.pool.query<{ name: string }>('SELECT current_database() AS name');
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${rows[0]!.name}`;
  const holder = new pg.Client({ connectionString: url.toString() });
  const watcher = new pg.Client({ connectionString: url.toString() });
  await Promise.all([holder.connect(), watcher.connect()]);

  /** How many of the app's sessions wait for a lock in a statement matching `statement` (a regex). */
  async function waiting(statement: string): Promise<number> {
    const result = await watcher.query<{ waiting: number }>(
      `SELECT count(*)::int AS waiting FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ~* $1`,
      [statement],
    );
    return result.rows[0]!.waiting;
  }

  return {
    /** Runs `statement` in a transaction left open: its locks hold until release() (once is enough). */
    async hold(statement: string, params: unknown[] = []): Promise<{ release(): Promise<void> }> {
      await holder.query('BEGIN');
      await holder.query(statement, params);
      let released: Promise<void> | undefined;
      return { release: () => (released ??= holder.query('COMMIT').then(() => undefined)) };
    },
    waiting,
    /**
     * Resolves once at least `count` sessions wait for a lock in a statement matching `statement`;
     * fails after `timeoutMs` with how many did.
     */
    async waiters(count: number, statement: string, timeoutMs = 20_000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const now = await waiting(statement);
        if (now >= count) return;
        if (Date.now() > deadline) throw new Error(`${now} of ${count} sessions wait on /${statement}/`);
        // A poll interval, not a guess at a duration: the condition above is what the test waits for.
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    close: () => Promise.all([holder.end(), watcher.end()]).then(() => undefined),
  };
}

/** Resolves once `condition()` holds (checked every few milliseconds); fails after `timeoutMs`. */
export async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Still waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
