import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import type { z } from 'zod';
import { applyServerError } from './server-error';

interface SchemaFormOptions<T extends FieldValues> {
  /** Every field of the form, with its starting value. */
  defaultValues: DefaultValues<T>;
  /** Error codes that belong to one field (`wrong_password` -> `password`...). */
  codes?: Readonly<Record<string, Path<T>>>;
}

/**
 * A form checked against its schema, whose errors show only for fields the user has touched
 * (or after a submit attempt, spec §5). `submit(send)` is the form's submit handler: when `send`
 * throws, the failure lands under the field it is about, or else in `formError` for the whole
 * form (server-error.ts). `busy` while a submit runs. `field(name)` is what a field component
 * (InputField, PasswordField...) takes for one of them: its id, its error and `register(name)`.
 */
export function useSchemaForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  { defaultValues, codes }: SchemaFormOptions<z.input<S>>,
) {
  const idPrefix = useId();
  const [formError, setFormError] = useState<string>();
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues,
  });
  const fields = Object.keys(defaultValues) as Path<z.input<S>>[];

  function submit(send: (values: z.output<S>) => Promise<void>) {
    return form.handleSubmit(async (values) => {
      setFormError(undefined);
      try {
        await send(values);
      } catch (error) {
        setFormError(applyServerError(error, form.setError, { fields, codes }));
      }
    });
  }

  function field<N extends Path<z.input<S>>>(name: N) {
    return {
      id: `${idPrefix}-${name}`,
      // Given formState, so that reading the error subscribes the form to it.
      error: form.getFieldState(name, form.formState).error?.message,
      ...form.register(name),
    };
  }

  return { ...form, busy: form.formState.isSubmitting, formError, submit, field };
}
