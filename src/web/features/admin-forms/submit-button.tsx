import type { LucideIcon } from 'lucide-react';
import { primaryButtonClass } from '../../components/forms/button-class';

interface SubmitButtonProps {
  label: string;
  /** What it says while the request runs ("Creating..."). */
  busyLabel: string;
  busy: boolean;
  icon: LucideIcon;
}

/** The main action of an admin form: the spec's label, another while it runs. */
export function SubmitButton({ label, busyLabel, busy, icon: Icon }: SubmitButtonProps) {
  return (
    <button type="submit" disabled={busy} className={`${primaryButtonClass} w-full sm:w-auto sm:min-w-40`}>
      <Icon aria-hidden="true" className="size-4" />
      {busy ? busyLabel : label}
    </button>
  );
}
