/** SQLSTATE of a failed query, as pg or PGlite raise it or as Drizzle wraps it (in `cause`). */
function sqlStateOf(error: unknown): string | undefined {
  const codeOf = (value: unknown) => {
    const code = (value as { code?: unknown } | null)?.code;
    return typeof code === 'string' ? code : undefined;
  };
  return codeOf(error) ?? codeOf((error as { cause?: unknown } | null)?.cause);
}

export const isUniqueViolation = (error: unknown) => sqlStateOf(error) === '23505';
export const isForeignKeyViolation = (error: unknown) => sqlStateOf(error) === '23503';
export const isCheckViolation = (error: unknown) => sqlStateOf(error) === '23514';

/**
 * The unique index or constraint a failed insert or update broke (pg and PGlite name it in
 * `constraint`, and in the message), so a write can say which value was taken.
 */
export function brokenUniqueIndex(error: unknown): string | undefined {
  if (!isUniqueViolation(error)) return undefined;
  // The driver's error first: Drizzle's own message quotes the whole query, table names and all.
  const errors = [(error as { cause?: unknown } | null)?.cause, error].filter(Boolean) as {
    constraint?: unknown;
    message?: unknown;
  }[];
  for (const { constraint } of errors) if (typeof constraint === 'string') return constraint;
  const { message } = errors[0] ?? {};
  return typeof message === 'string' ? /constraint "([^"]+)"/.exec(message)?.[1] : undefined;
}
