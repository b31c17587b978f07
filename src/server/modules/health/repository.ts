import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';

/** What readiness asks of the database: that it answers at all. */
export function createHealthRepository(db: Database) {
  return {
    async ping(): Promise<void> {
      await db.execute(sql`select 1`);
    },
  };
}

export type HealthRepository = ReturnType<typeof createHealthRepository>;
