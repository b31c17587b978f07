import { useId, type ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';

interface DashboardCardProps {
  title: string;
  icon: LucideIcon;
  description?: ReactNode;
  /** Extra classes for the grid cell (column spans). */
  className?: string;
  children: ReactNode;
}

/** A titled white card of the dashboard, a landmark for screen readers' region navigation. */
export function DashboardCard({
  title,
  icon: Icon,
  description,
  className = '',
  children,
}: DashboardCardProps) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={`flex min-w-0 flex-col rounded-3xl bg-white p-5 shadow-sm ring-1 ring-black/5 sm:p-6 ${className}`}
    >
      <div className="mb-4">
        <h2 id={headingId} className="flex items-center gap-2 text-lg font-black tracking-tight">
          <Icon aria-hidden="true" className="size-5 text-accent-dark" />
          {title}
        </h2>
        {description && <p className="mt-0.5 text-sm text-gray-600">{description}</p>}
      </div>
      {children}
    </section>
  );
}
