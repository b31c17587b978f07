import type { ReactNode } from 'react';
import { FieldError } from './field-error';

export const inputClass =
  'block w-full rounded-xl border border-gray-300 bg-white px-4 py-3 text-base text-ink shadow-sm placeholder:text-gray-500 focus:border-accent-dark aria-invalid:border-red-700';

interface FormFieldProps {
  id: string;
  label: string;
  error: string | undefined;
  /** Extra text under the label, e.g. a live counter. */
  hint?: ReactNode;
  /** The control itself; it should use `id` and `describedBy(...)` for its aria wiring. */
  children: ReactNode;
}

/** Ids of the hint and error paragraphs a field's `aria-describedby` should point at. */
export function describedBy(
  id: string,
  { hint, error }: { hint?: boolean; error?: string },
): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/** Label, control, hint and validation message of one form field. */
export function FormField({ id, label, error, hint, children }: FormFieldProps) {
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-ink">
        {label}
      </label>
      {children}
      {hint && (
        <div id={`${id}-hint`} className="mt-1.5 text-sm text-gray-600">
          {hint}
        </div>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
