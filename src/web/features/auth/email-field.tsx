import type { UseFormRegisterReturn } from 'react-hook-form';
import { InputField } from '../../components/forms/input-field';

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
    <InputField
      id={id}
      label="Email"
      error={error}
      type="email"
      inputMode="email"
      autoComplete="email"
      autoCapitalize="none"
      spellCheck={false}
      {...registration}
    />
  );
}
