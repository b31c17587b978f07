import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { AuditAction, AuditEntry, AuditQuery } from '../../../domain/audit.js';
import type { Database } from '../../db/client.js';
import { containsPattern } from '../../db/like-pattern.js';
import { auditLog } from '../../db/schema.js';

/**
 * The staff audit log, newest first, filtered by person and kind. Read only: nothing here changes it
 * (entries are added by the audit writer, src/server/audit/audit-writer.ts).
 */
export function createAuditRepository(db: Database) {
  return {
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
