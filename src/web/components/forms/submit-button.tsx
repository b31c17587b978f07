import type { LucideIcon } from 'lucide-react';
import { primaryButtonClass } from './button-class';

interface SubmitButtonProps {
  label: string;
  /** What it says while the request runs ("Saving..."). */
  busyLabel: string;
  busy: boolean;
  icon: LucideIcon;
  /** Its width where it stands ("w-full", "w-full sm:w-auto"). */
  className?: string;
}

/** The main action of a form: its label, and another while the request runs. */
export function SubmitButton({ label, busyLabel, busy, icon: Icon, className }: SubmitButtonProps) {
  return (
    <button
      type="submit"
      disabled={busy}
      className={className ? `${primaryButtonClass} ${className}` : primaryButtonClass}
    >
      <Icon aria-hidden="true" className="size-4" />
      {busy ? busyLabel : label}
    </button>
  );
}
