import { sql } from 'drizzle-orm';
import type { Database } from '../../../../src/server/db/client.js';

/**
 * The tables a refused request (4xx) must leave as they were. Left out on purpose, because they
 * change on refusals by design:
 * - sessions: a failed sign-in may leave none behind, and the guard of a Disabled user's request
 *   (403 account_disabled) ends all of that user's sessions;
 * - verifications: better-auth's own bookkeeping of reset tokens;
 * - checkout_attempts: an Idempotency-Key records its first answer, refusals (402, 409) included,
 *   so that a retry with that key hears the same answer again.
 */
export const GUARDED_TABLES = [
  'brands',
  'shoes',
  'stock_entries',
  'users',
  'accounts',
  'orders',
  'order_lines',
  'favorites',
  'favorite_alert_settings',
  'reviews',
  'newsletter_subscribers',
  'contact_messages',
  'mail_outbox',
  'page_views',
] as const;

export type Fingerprint = Record<string, string>;

const QUERY = sql.raw(
  GUARDED_TABLES.map(
    (table) =>
      `select '${table}' as name, count(*)::text || ':' || md5(coalesce(string_agg(t::text, ',' order by t::text), '')) as print from ${table} t`,
  ).join(' union all '),
);

/** Row count and a hash of every row of each guarded table. */
export async function fingerprint(db: Database): Promise<Fingerprint> {
  const result = await db.execute(QUERY);
  const rows = result.rows as { name: string; print: string }[];
  return Object.fromEntries(rows.map((row) => [row.name, row.print]));
}

/** The tables whose rows differ between two fingerprints. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  return GUARDED_TABLES.filter((table) => before[table] !== after[table]);
}
