import type { UseFormRegisterReturn } from 'react-hook-form';
import { describedBy, FormField, inputClass } from '../../components/forms/form-field';

/** The account email input, shared by sign-in, sign-up and password recovery. */
export function EmailField({
  id,
  error,
  registration,
}: {
  id: string;
  error: string | undefined;
  registration: UseFormRegisterReturn<'email'>;
}) {
  return (
    <FormField id={id} label="Email" error={error}>
      <input
        id={id}
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { error })}
        className={inputClass}
        {...registration}
      />
    </FormField>
  );
}
