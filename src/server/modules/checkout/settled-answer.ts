import type { AttemptRow } from './attempt-state.js';

/**
 * What became of a checkout, for a caller that lost its answer (a drop's purchase after a crash,
 * modules/drops settle-job.ts): its stored status and order, `open` while it is still being settled
 * (a request or the reconciler holds it), or undefined when it never began.
 */
export function settledAnswerOf(
  row: AttemptRow | undefined,
): { status: number; orderId: string | null } | 'open' | undefined {
  if (!row) return undefined;
  if (row.responseStatus === null) return 'open';
  const body = row.responseBody as { order?: { _id?: unknown } } | null;
  return {
    status: row.responseStatus,
    orderId: typeof body?.order?._id === 'string' ? body.order._id : null,
  };
}
