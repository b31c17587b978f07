import { Route } from 'lucide-react';
import { TOP_ROUTES_SHOWN, type PageViews } from '../../../domain/analytics';
import { DashboardCard } from './dashboard-card';

/** The most visited routes (route patterns, never ids), with a bar relative to the first. */
export function TopRoutes({
  topRoutes,
  className,
}: {
  topRoutes?: PageViews['topRoutes'];
  className?: string;
}) {
  const most = Math.max(1, ...(topRoutes ?? []).map((entry) => entry.views));
  return (
    <DashboardCard
      title="Top pages"
      icon={Route}
      description={`The ${TOP_ROUTES_SHOWN} most visited`}
      className={className}
    >
      {topRoutes && topRoutes.length === 0 && (
        <p className="rounded-2xl border-2 border-dashed border-gray-200 px-4 py-8 text-center text-sm font-semibold text-gray-600">
          No page views yet.
        </p>
      )}
      <ol className="space-y-2.5">
        {topRoutes?.map((entry) => (
          <li key={entry.route}>
            <div className="flex items-baseline justify-between gap-3 text-sm">
              <span className="truncate font-mono font-semibold">{entry.route}</span>
              <span className="shrink-0 font-bold tabular-nums">
                {entry.views}
                <span className="sr-only"> views</span>
              </span>
            </div>
            <div aria-hidden="true" className="mt-1 h-1.5 overflow-hidden rounded-full bg-paper">
              <div
                className="h-full rounded-full bg-violet-500"
                style={{ width: `${Math.max(2, (entry.views / most) * 100)}%` }}
              />
            </div>
          </li>
        ))}
      </ol>
    </DashboardCard>
  );
}
