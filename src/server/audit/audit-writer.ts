import type { AuditAction } from '../../domain/audit.js';
import type { Database } from '../db/client.js';
import { auditLog } from '../db/schema.js';

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
 * records was committed. The only writer of the audit log; modules/audit reads it.
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

/** An entry that records no change of its own (a staff sign-in), in a transaction of its own. */
export function createAuditWriter(db: Database) {
  return { record: (audited: Audited) => recordAudit(db, audited) };
}

export type AuditWriter = ReturnType<typeof createAuditWriter>;
