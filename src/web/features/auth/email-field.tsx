import type { UseFormRegisterReturn } from 'react-hook-form';
import { InputField } from '../../components/forms/input-field';

/** The account email input, shared by sign-in, sign-up and password recovery. */
export function EmailField(
  field: { id: string; error: string | undefined } & UseFormRegisterReturn<'email'>,
) {
  return (
    <InputField
      label="Email"
      type="email"
      inputMode="email"
      autoComplete="email"
      autoCapitalize="none"
      spellCheck={false}
      {...field}
    />
  );
}
