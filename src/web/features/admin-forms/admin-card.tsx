import { useId, type ReactNode } from 'react';
import { cardClass } from '../../components/card-class';

interface AdminCardProps {
  /** A heading for the card; without one the page's title names it. */
  title?: string;
  /** Beside the title: a "Change shoe" link and the like. */
  action?: ReactNode;
  children: ReactNode;
}

/** One white card of an admin form page, as on the account page. */
export function AdminCard({ title, action, children }: AdminCardProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={title ? headingId : undefined} className={cardClass}>
      {(title || action) && (
        <div className="mb-5 flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
          {title && (
            <h2 id={headingId} className="text-xl font-bold tracking-tight">
              {title}
            </h2>
          )}
          {action}
        </div>
      )}
      {children}
    </section>
  );
}
