import type { FieldErrors } from 'react-hook-form';

/** The message to show under field `name`, if it has one. */
export function fieldMessage(errors: FieldErrors, name: string): string | undefined {
  const message = errors[name]?.message;
  return typeof message === 'string' ? message : undefined;
}
