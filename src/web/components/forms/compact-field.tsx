import type { ReactNode } from 'react';

/** The box of a compact control, without its width (a quantity box is narrow). */
export const compactBoxClass =
  'h-11 rounded-xl border border-gray-300 bg-white px-3 text-sm font-medium hover:border-ink aria-invalid:border-deal';

/** A compact input or select, as wide as its column. */
export const compactControlClass = `${compactBoxClass} w-full`;

/** The small upper-case label over a compact control. */
export const compactLabelClass = 'text-xs font-semibold tracking-wide text-gray-700 uppercase';

interface CompactFieldProps {
  /** The control's id. */
  id: string;
  label: ReactNode;
  /** Under the control, with the id `${id}-hint` for the control's `aria-describedby`. */
  hint?: ReactNode;
  /** The column's own width ("sm:w-32", "flex-1"). */
  className?: string;
  /** The control (and anything that goes with it, such as its button). */
  children: ReactNode;
}

/**
 * One field of the short forms beside a page's content (the size and restock alert on a shoe's page,
 * shipping, refunds and return decisions on the admin's order view): a small label over its control.
 */
export function CompactField({ id, label, hint, className, children }: CompactFieldProps) {
  return (
    <div className={className ? `flex flex-col gap-1 ${className}` : 'flex flex-col gap-1'}>
      <label htmlFor={id} className={compactLabelClass}>
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-gray-600">
          {hint}
        </p>
      )}
    </div>
  );
}
