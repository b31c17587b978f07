import fs from 'node:fs';
import path from 'node:path';
import { MIGRATIONS_DIR } from '../db/migrate.js';
import type { DatabaseCounts } from './manifest.js';

/** One statement, its rows: PGlite's `query`, a pg client's, inside whatever snapshot the caller holds. */
export type RunQuery = (text: string) => Promise<Record<string, unknown>[]>;

export interface DatabaseFacts {
  lastMigration: string | null;
  counts: DatabaseCounts;
}

/** The journal's tag of each migration, by the `created_at` Drizzle records when it applies one. */
function migrationTags(): Map<number, string> {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number; tag: string }[];
  };
  return new Map(journal.entries.map((entry) => [entry.when, entry.tag]));
}

/** Whether this shop's migrations include `tag` (a backup of a newer shop names one it does not know). */
export const knowsMigration = (tag: string | null): boolean =>
  tag === null || [...migrationTags().values()].includes(tag);

/**
 * What the manifest says of a database, and what a restore checks it got back: the newest
 * migration applied and the rows of the three tables a shop owner would count first.
 */
export async function readDatabaseFacts(query: RunQuery): Promise<DatabaseFacts> {
  const [applied] = await query(
    'select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1',
  );
  const when = applied ? Number(applied.created_at) : undefined;
  const [row] = await query(
    'select (select count(*) from shoes)::int as shoes, (select count(*) from users)::int as users, ' +
      '(select count(*) from orders)::int as orders',
  );
  return {
    lastMigration: when === undefined ? null : (migrationTags().get(when) ?? `unknown migration of ${when}`),
    counts: { shoes: Number(row!.shoes), users: Number(row!.users), orders: Number(row!.orders) },
  };
}
