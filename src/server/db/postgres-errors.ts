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
