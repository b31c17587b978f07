import type { z } from 'zod';
import { HttpError } from './errors.js';

/**
 * Validates what the type provider cannot (the text fields of a multipart
 * form) with the form's own schema, answering like every other 400:
 * `{error: {code: 'validation', message, fields: {field: message}}}`.
 */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    fields[key] ??= issue.message;
  }
  throw new HttpError(400, 'validation', Object.values(fields)[0] ?? 'Invalid request', fields);
}
