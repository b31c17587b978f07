import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { WAITING_ROOM } from '../../../domain/waiting-room.js';
import type { Database } from '../../db/client.js';
import { dropQueue, drops } from '../../db/schema.js';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** A place in the queue: null while joined early, until the opening draws the early arrivals' order. */
export interface QueuePlace {
  place: number | null;
}

/**
 * A first-come drop's waiting room (drop_queue, and the drop's `queued` counter): the only place they
 * are written. Every time is the database's clock, so two instances agree on who came early.
 */
export function createQueueRepository(db: Database) {
  const placeOf = async (tx: Tx | Database, dropId: string, userId: string) => {
    const [row] = await tx
      .select({ place: dropQueue.place, early: dropQueue.early })
      .from(dropQueue)
      .where(and(eq(dropQueue.dropId, dropId), eq(dropQueue.userId, userId)));
    return row;
  };

  /**
   * Gives the early arrivals their places, 1 to their number, in the order of their random keys;
   * once the drop has opened (before, more may come), and once: the drop's row is taken FOR UPDATE,
   * so a join deciding whether it is early (under the same row) is either counted here or late.
   */
  async function placeEarlyArrivals(dropId: string): Promise<void> {
    await db.transaction(async (tx) => {
      const [opened] = await tx
        .select({ id: drops.id })
        .from(drops)
        .where(and(eq(drops.id, dropId), sql`${drops.opensAt} <= clock_timestamp()`))
        .for('update');
      if (!opened) return;
      await tx.execute(sql`
        update drop_queue q set place = ranked.place
        from (
          select user_id, row_number() over (order by draw_key, user_id)::int as place
          from drop_queue where drop_id = ${dropId} and early
        ) ranked
        where q.drop_id = ${dropId} and q.user_id = ranked.user_id and q.place is null`);
    });
  }

  return {
    /**
     * A shopper's place, joining if they had none: from `earlyMinutes` before the opening to the close
     * of a first-come drop not cancelled. The drop's row is updated (its counter) in the same
     * transaction, so joins take their numbers one after another and none is given twice.
     * Undefined: the waiting room is not open.
     */
    async join(dropId: string, userId: string): Promise<QueuePlace | undefined> {
      const known = await placeOf(db, dropId, userId);
      if (known) return known;
      try {
        // One statement: the drop's row is locked for the statement and its commit only, never
        // across round trips (a crowd's joins take turns on it; bench --scenario drop).
        const result = await db.execute<{ place: number | null }>(sql`
          with counted as (
            update drops set queued = queued + 1
            where id = ${dropId} and status = 'scheduled' and mode = 'first_come'
              and opens_at - make_interval(mins => ${WAITING_ROOM.earlyMinutes}) <= clock_timestamp()
              and closes_at > clock_timestamp()
            returning queued, opens_at > clock_timestamp() as early
          )
          insert into drop_queue (drop_id, user_id, early, draw_key, place)
          select ${dropId}, ${userId}, early, ${crypto.randomBytes(16).toString('hex')},
            case when early then null else queued end
          from counted
          returning place`);
        const [row] = result.rows;
        return row ? { place: row.place } : undefined;
      } catch (error) {
        // The same shopper joining twice at once: the other request's place is theirs.
        const raced = await placeOf(db, dropId, userId);
        if (raced) return raced;
        throw error;
      }
    },

    /**
     * The early arrivals' places once the drop has opened, drawing them if no one has yet: the whole
     * order at once, so an instance reads it once for a crowd coming back at the opening. Undefined
     * before the opening (on the database's clock); final after it, as no one can join early then.
     */
    async earlyPlaces(dropId: string): Promise<ReadonlyMap<string, number> | undefined> {
      await placeEarlyArrivals(dropId);
      const rows = await db
        .select({ userId: dropQueue.userId, place: dropQueue.place })
        .from(dropQueue)
        .where(and(eq(dropQueue.dropId, dropId), eq(dropQueue.early, true)));
      const places = new Map<string, number>();
      for (const { userId, place } of rows) {
        if (place === null) return undefined;
        places.set(userId, place);
      }
      return places;
    },
  };
}

export type QueueRepository = ReturnType<typeof createQueueRepository>;
