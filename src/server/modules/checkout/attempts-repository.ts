import { and, eq, gte, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { checkoutAttempts } from '../../db/schema.js';
import type { AttemptRow, AttemptState } from './attempt-state.js';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The attempt is still claimed, by this claim token, and has no answer yet. */
const heldBy = (key: string, token: string) =>
  and(
    eq(checkoutAttempts.key, key),
    isNull(checkoutAttempts.responseStatus),
    sql`${checkoutAttempts.responseBody}->>'claim' = ${token}`,
  );

/**
 * Locks the attempt for the transaction, which keeps an order only while the
 * attempt is still claimed by `token`: reconciliation cannot take it over (and
 * refund its payment) in the middle, and a try that lost it keeps nothing.
 * False when the claim is gone.
 */
export async function lockClaim(tx: Tx, key: string, token: string): Promise<boolean> {
  const [mine] = await tx
    .select({ key: checkoutAttempts.key })
    .from(checkoutAttempts)
    .where(heldBy(key, token))
    .for('update');
  return Boolean(mine);
}

/**
 * checkout_attempts: every write is conditional on who holds the attempt, so
 * two requests (or a request and the reconciler) never both work on one.
 */
export function createAttemptsRepository(db: Database) {
  return {
    /** Records a new attempt, claimed; false when the key is already taken. */
    async insert(attempt: {
      key: string;
      userId: string;
      requestHash: string;
      state: AttemptState;
    }): Promise<boolean> {
      const inserted = await db
        .insert(checkoutAttempts)
        .values({
          key: attempt.key,
          userId: attempt.userId,
          requestHash: attempt.requestHash,
          responseBody: attempt.state,
        })
        .onConflictDoNothing()
        .returning({ key: checkoutAttempts.key });
      return inserted.length > 0;
    },

    async find(key: string): Promise<AttemptRow | undefined> {
      const [row] = await db.select().from(checkoutAttempts).where(eq(checkoutAttempts.key, key));
      return row;
    },

    /**
     * Claims an attempt as `row` showed it (same answer status, same claim),
     * so that of two takers only one succeeds; false when another got it first.
     */
    async takeOver(
      row: AttemptRow,
      previousClaim: string | undefined,
      state: AttemptState,
    ): Promise<boolean> {
      const taken = await db
        .update(checkoutAttempts)
        .set({ responseStatus: null, responseBody: state })
        .where(
          and(
            eq(checkoutAttempts.key, row.key),
            row.responseStatus === null
              ? isNull(checkoutAttempts.responseStatus)
              : eq(checkoutAttempts.responseStatus, row.responseStatus),
            previousClaim
              ? sql`${checkoutAttempts.responseBody}->>'claim' = ${previousClaim}`
              : sql`(${checkoutAttempts.responseBody} is null or ${checkoutAttempts.responseBody}->>'claim' is null)`,
          ),
        )
        .returning({ key: checkoutAttempts.key });
      return taken.length > 0;
    },

    /** Writes an attempt's answer or state, if `token` still holds it; false otherwise. */
    async save(key: string, token: string, status: number | null, body: unknown): Promise<boolean> {
      const saved = await db
        .update(checkoutAttempts)
        .set({ responseStatus: status, responseBody: body })
        .where(heldBy(key, token))
        .returning({ key: checkoutAttempts.key });
      return saved.length > 0;
    },

    /**
     * Keys of attempts left unconfirmed, claimed before `abandonedBefore`, or
     * claimed by `owner` (this process: the caller tells which of those still run).
     */
    async findOpen(query: { abandonedBefore: number; owner: string; limit: number }): Promise<string[]> {
      const rows = await db
        .select({ key: checkoutAttempts.key })
        .from(checkoutAttempts)
        .where(
          or(
            and(
              gte(checkoutAttempts.responseStatus, 500),
              sql`${checkoutAttempts.responseBody}->>'unconfirmed' = 'true'`,
            ),
            and(
              isNull(checkoutAttempts.responseStatus),
              or(
                sql`coalesce((${checkoutAttempts.responseBody}->>'claimedAt')::bigint, 0) < ${query.abandonedBefore}`,
                sql`${checkoutAttempts.responseBody}->>'owner' = ${query.owner}`,
              ),
            ),
          ),
        )
        .limit(query.limit);
      return rows.map((row) => row.key);
    },
  };
}

export type AttemptsRepository = ReturnType<typeof createAttemptsRepository>;
