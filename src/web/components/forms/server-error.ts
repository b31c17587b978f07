import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, errorMessage, isAccountDisabled } from '../../api/http';

interface ServerErrorOptions<T extends FieldValues> {
  /** The form's fields: a validation answer's `fields` land under the matching ones. */
  fields: readonly Path<T>[];
  /** Error codes that belong to one field (`wrong_password` -> `password`...). */
  codes?: Readonly<Record<string, Path<T>>>;
}

/**
 * Shows a failed request where it belongs: under the field it is about, when we can tell,
 * and otherwise returns the text to show for the whole form. A disabled account returns
 * nothing: the app's account-disabled handler already says so and sends the user home.
 */
export function applyServerError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  { fields, codes = {} }: ServerErrorOptions<T>,
): string | undefined {
  if (isAccountDisabled(error)) return undefined;
  if (!(error instanceof ApiError)) return errorMessage(error);
  const known = fields.filter((field) => error.fields[field]);
  if (known.length > 0) {
    known.forEach((field, index) =>
      setError(field, { type: 'server', message: error.fields[field] }, { shouldFocus: index === 0 }),
    );
    return undefined;
  }
  const field = codes[error.code];
  if (field) {
    setError(field, { type: 'server', message: error.message }, { shouldFocus: true });
    return undefined;
  }
  return errorMessage(error);
}
