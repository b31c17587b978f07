import { useId } from 'react';
import { get, useFormContext } from 'react-hook-form';

/**
 * A field of an admin form (inside its FormProvider): an id for its label and control, the
 * form's `register` and `control`, and the message to show under the field, if it has one.
 */
export function useFormField(name: string) {
  const id = `${useId()}-${name}`;
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext();
  // `get`: a row of a list (`moreSizes.1.size`) finds its message as a plain field does.
  const message = (get(errors, name) as { message?: unknown } | undefined)?.message;
  return { id, register, control, error: typeof message === 'string' ? message : undefined };
}
