/**
 * SQLSTATEs that mean "no usable connection": class 08 (connection exception)
 * and the server shutting down or starting (57P01 admin shutdown, 57P02 crash
 * shutdown, 57P03 cannot connect now).
 */
const CONNECTION_SQLSTATES = new Set([
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '57P01',
  '57P02',
  '57P03',
]);

/**
 * Socket errors on the way to the database. Other network dependencies
 * (Stripe, SMTP) catch their own errors, so at the error handler these come
 * from the database driver.
 */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** What node-postgres says when a connection breaks, cannot be made in time, or is gone. */
const DRIVER_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection is closed|Cannot use a pool after calling end/i;

/** The error, what it wraps (`cause`, as Drizzle's DrizzleQueryError does) and what it aggregates. */
function* causes(error: unknown, depth = 0): Generator<unknown> {
  if (error === null || error === undefined || depth > 6) return;
  yield error;
  if (error instanceof AggregateError) for (const inner of error.errors) yield* causes(inner, depth + 1);
  if (typeof error === 'object' && 'cause' in error) yield* causes(error.cause, depth + 1);
}

/** True when a failure means the database cannot be reached (down, restarting, unreachable, gone). */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const candidate of causes(error)) {
    if (typeof candidate !== 'object' || candidate === null) continue;
    const code = (candidate as { code?: unknown }).code;
    if (typeof code === 'string' && (CONNECTION_SQLSTATES.has(code) || NETWORK_CODES.has(code))) return true;
    const message = (candidate as { message?: unknown }).message;
    if (typeof message === 'string' && DRIVER_MESSAGES.test(message)) return true;
  }
  return false;
}
