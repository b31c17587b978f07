import { Eye } from 'lucide-react';
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { PAGE_VIEW_DAYS, type PageViews } from '../../../domain/analytics';
import { CHART_COLORS, DAY_AXIS, TOOLTIP_STYLE, VALUE_AXIS } from './chart-colors';
import { chartDay } from './chart-day';
import { ChartDataTable } from './chart-data-table';
import { DashboardCard } from './dashboard-card';

const CHART_NAME = `Page views per day, last ${PAGE_VIEW_DAYS} days`;

/** First-party page views per day of the last 30 days, as a small area chart. */
export function PageViewsPanel({ pageViews, className }: { pageViews?: PageViews; className?: string }) {
  const data = (pageViews?.byDay ?? []).map((entry) => ({ day: chartDay(entry.day), views: entry.views }));
  const recent = (pageViews?.byDay ?? []).reduce((sum, entry) => sum + entry.views, 0);
  return (
    <DashboardCard
      title="Page views"
      icon={Eye}
      description={
        pageViews ? (
          <>
            <span className="font-bold text-ink">{recent}</span> in the last {PAGE_VIEW_DAYS} days
          </>
        ) : (
          `Last ${PAGE_VIEW_DAYS} days`
        )
      }
      className={className}
    >
      {/* Beside the top pages the card is as tall as their list: the chart takes that height. */}
      <div className="h-44 lg:h-auto lg:min-h-44 lg:flex-1">
        {pageViews && (
          <ResponsiveContainer width="100%" height="100%">
            <AreaChart
              data={data}
              role="img"
              aria-label={CHART_NAME}
              accessibilityLayer={false}
              margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
            >
              <defs>
                <linearGradient id="page-views-fill" x1="0" y1="0" x2="0" y2="1">
                  <stop offset="0%" stopColor={CHART_COLORS.views} stopOpacity={0.35} />
                  <stop offset="100%" stopColor={CHART_COLORS.views} stopOpacity={0.02} />
                </linearGradient>
              </defs>
              <CartesianGrid vertical={false} stroke={CHART_COLORS.grid} />
              <XAxis {...DAY_AXIS} minTickGap={24} />
              <YAxis {...VALUE_AXIS} width={40} />
              <Tooltip formatter={(value) => [Number(value), 'Views']} {...TOOLTIP_STYLE} />
              <Area
                // recharts replays its entry animation on every resize of the card: the numbers
                // should just be there.
                isAnimationActive={false}
                type="monotone"
                dataKey="views"
                name="Views"
                stroke={CHART_COLORS.views}
                strokeWidth={2}
                fill="url(#page-views-fill)"
              />
            </AreaChart>
          </ResponsiveContainer>
        )}
      </div>
      {pageViews && (
        <ChartDataTable
          caption={CHART_NAME}
          columns={['Day', 'Views']}
          rows={pageViews.byDay.map((entry) => [entry.day, String(entry.views)] as const)}
        />
      )}
    </DashboardCard>
  );
}
