import { CircleAlert } from 'lucide-react';

interface FieldErrorProps {
  /** Referenced by the field's `aria-describedby` so screen readers read the error with the field. */
  id: string;
  message: string | undefined;
  /** `light` on dark backgrounds (the footer), `dark` on paper. */
  tone?: 'light' | 'dark';
}

/** The validation message under a form field; renders nothing while the field is valid. */
export function FieldError({ id, message, tone = 'dark' }: FieldErrorProps) {
  if (!message) return null;
  return (
    <p
      id={id}
      className={`mt-1.5 flex items-center gap-1.5 text-sm font-medium ${tone === 'light' ? 'text-orange-300' : 'text-red-700'}`}
    >
      <CircleAlert aria-hidden="true" className="size-4 shrink-0" />
      {message}
    </p>
  );
}
