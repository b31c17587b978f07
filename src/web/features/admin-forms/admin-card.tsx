import { useId, type ReactNode } from 'react';
import { cardClass } from '../../components/card-class';
import { secondaryButtonClass } from '../../components/forms/button-class';

interface AdminCardProps {
  /** A heading for the card; without one the page's title names it. */
  title?: string;
  /** Beside the title: a "Change shoe" link and the like. */
  action?: ReactNode;
  /** While the card's form edits something: a Cancel button beside the title that leaves the edit. */
  onCancel?: () => void;
  children: ReactNode;
}

/** One white card of an admin form page, as on the account page. */
export function AdminCard({ title, action, onCancel, children }: AdminCardProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={title ? headingId : undefined} className={cardClass}>
      {(title || action || onCancel) && (
        <div className="mb-5 flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
          {title && (
            <h2 id={headingId} className="text-xl font-bold tracking-tight">
              {title}
            </h2>
          )}
          {action}
          {onCancel && (
            <button
              type="button"
              onClick={onCancel}
              className={`${secondaryButtonClass} min-h-10 px-4 py-1.5 text-sm`}
            >
              Cancel
            </button>
          )}
        </div>
      )}
      {children}
    </section>
  );
}
