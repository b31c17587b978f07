import type { User } from '../../domain/account.js';
import type { AuditAction } from '../../domain/audit.js';
import type { AuditWriter } from './audit-writer.js';

/**
 * What staff do to their own account (sign-ins, failed ones, two-step sign-in turned on or off)
 * goes to the audit log with the address and browser it came from; a shopper's does not.
 */
export async function recordStaffEvent(
  audit: AuditWriter,
  user: User,
  action: AuditAction,
  headers: Headers,
  details: Record<string, unknown> = {},
): Promise<void> {
  if (user.role === 'user') return;
  await audit.record({
    actor: user,
    record: {
      action,
      target: { type: 'account', id: user._id, label: user.email },
      after: { ...details, ip: headers.get('x-forwarded-for'), userAgent: headers.get('user-agent') },
    },
  });
}
