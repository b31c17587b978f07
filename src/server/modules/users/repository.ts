import { asc, count, eq, ilike, or } from 'drizzle-orm';
import { changeUser } from '../../auth/user-writer.js';
import type { Database } from '../../db/client.js';
import { recordAudit, type Actor } from '../../audit/audit-writer.js';
import { containsPattern } from '../../db/like-pattern.js';
import { users } from '../../db/schema.js';
import { userRowColumns, type UserRow } from '../../auth/auth-repository.js';

/** The administrator's view of the users: a searchable page of them, and their status and role. */
export function createUserRepository(db: Database) {
  return {
    /** Oldest first; `q` matches the email or the name. */
    async list(query: {
      q?: string;
      offset: number;
      limit: number;
    }): Promise<{ rows: UserRow[]; total: number }> {
      const { q, offset, limit } = query;
      const where = q
        ? or(ilike(users.email, containsPattern(q)), ilike(users.name, containsPattern(q)))
        : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select(userRowColumns)
          .from(users)
          .where(where)
          .orderBy(asc(users.createdAt), asc(users.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(users).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async find(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select(userRowColumns).from(users).where(eq(users.id, id));
      return row;
    },

    /** The change, and its audit entry with the values it replaced, in one transaction. */
    async update(
      id: string,
      changes: { status?: UserRow['status']; manager?: boolean },
      actor: Actor,
    ): Promise<UserRow | undefined> {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select({ status: users.status, manager: users.manager })
          .from(users)
          .where(eq(users.id, id))
          .for('update');
        if (!before || !(await changeUser(tx, id, changes))) return undefined;
        const [row] = await tx.select(userRowColumns).from(users).where(eq(users.id, id));
        if (!row) return undefined;
        await recordAudit(tx, {
          actor,
          record: {
            action: 'user.update',
            target: { type: 'user', id, label: row.email },
            before: Object.fromEntries(
              Object.keys(changes).map((key) => [key, before[key as keyof typeof before]]),
            ),
            after: changes,
          },
        });
        return row;
      });
    },
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;
