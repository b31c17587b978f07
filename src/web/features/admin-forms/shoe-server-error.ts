import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../api/http';
import { applyServerError } from '../../components/forms/server-error';

/** Too large (413) or not an image (415): about the image, whether or not the answer names the field. */
const IMAGE_STATUSES = [413, 415];

/**
 * A failed create or modify of a shoe, shown where it belongs: field messages under their
 * fields (the image's too); returns the text for the whole form, if any is left.
 */
export function applyShoeServerError<T extends FieldValues & { image?: File | undefined }>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): string | undefined {
  if (error instanceof ApiError && IMAGE_STATUSES.includes(error.status) && !error.fields.image) {
    setError('image' as Path<T>, { type: 'server', message: error.message }, { shouldFocus: true });
    return undefined;
  }
  return applyServerError(error, setError, { fields });
}
