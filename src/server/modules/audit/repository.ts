import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { AuditAction, AuditEntry, AuditQuery } from '../../../domain/audit.js';
import type { Database } from '../../db/client.js';
import { containsPattern } from '../../db/like-pattern.js';
import { auditLog } from '../../db/schema.js';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Who did it: the staff member's id and email at the time. */
export interface Actor {
  _id: string;
  email: string;
}

export interface AuditRecord {
  action: AuditAction;
  target: { type: string; id?: string | null; label?: string | null };
  before?: unknown;
  after?: unknown;
}

/** A change's audit entry, handed to the repository that makes the change. */
export interface Audited {
  actor: Actor;
  record: AuditRecord;
}

/**
 * Writes one audit entry, in the caller's transaction: the entry exists exactly when the change it
 * records was committed.
 */
export async function recordAudit(tx: Tx | Database, { actor, record }: Audited): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: actor._id,
    actorEmail: actor.email,
    action: record.action,
    targetType: record.target.type,
    targetId: record.target.id ?? null,
    targetLabel: record.target.label ?? null,
    before: record.before ?? null,
    after: record.after ?? null,
  });
}

/** The staff audit log, newest first, filtered by person and kind. Read only: nothing here changes it. */
export function createAuditRepository(db: Database) {
  return {
    record: (audited: Audited) => recordAudit(db, audited),

    async list(query: AuditQuery): Promise<{ items: AuditEntry[]; total: number }> {
      const filters: SQL[] = [];
      if (query.actor) filters.push(ilike(auditLog.actorEmail, containsPattern(query.actor)));
      if (query.action) filters.push(eq(auditLog.action, query.action));
      const where = filters.length > 0 ? and(...filters) : undefined;
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(auditLog)
          .where(where)
          .orderBy(desc(auditLog.at), desc(auditLog.id))
          .limit(query.limit)
          .offset(query.offset),
        db.select({ n: count() }).from(auditLog).where(where),
      ]);
      return {
        items: rows.map((row) => ({
          _id: row.id,
          at: row.at.toISOString(),
          actor: row.actorEmail,
          action: row.action as AuditAction,
          target: { type: row.targetType, id: row.targetId, label: row.targetLabel },
          before: row.before,
          after: row.after,
        })),
        total: counted?.n ?? 0,
      };
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
