import type { ReactNode } from 'react';
import { FieldError } from './field-error';

export const inputClass =
  'block w-full rounded-xl border border-gray-300 bg-white px-4 py-3 text-base text-ink shadow-sm placeholder:text-gray-500 focus:border-accent-dark aria-invalid:border-red-700';

/** A file picker: a dashed drop area with a dark "choose" button. */
export const fileInputClass =
  'block w-full max-w-full rounded-xl border border-dashed border-gray-300 bg-paper p-2 text-sm text-gray-700 file:mr-3 file:rounded-full file:border-0 file:bg-ink file:px-4 file:py-2 file:text-sm file:font-bold file:text-white hover:file:bg-accent-dark aria-invalid:border-red-700';

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

/**
 * The aria wiring of a field's control: invalid while it has an error, and described by its hint
 * and error, so screen readers read them with the field.
 */
export function fieldAria(id: string, { hint, error }: { hint?: boolean; error?: string }) {
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy(id, { hint, error }) };
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
