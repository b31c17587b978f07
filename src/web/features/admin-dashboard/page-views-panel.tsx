import { Eye } from 'lucide-react';
import { Area, AreaChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { PAGE_VIEW_DAYS, type PageViews } from '../../../domain/analytics';
import { CHART_COLORS, CHART_FRAME, DAY_AXIS, TOOLTIP_STYLE, VALUE_AXIS } from './chart-colors';
import { chartDay } from './chart-day';
import { DayChartCard } from './day-chart-card';

const CHART_NAME = `Page views per day, last ${PAGE_VIEW_DAYS} days`;

/** First-party page views per day of the last 30 days, as a small area chart. */
export function PageViewsPanel({ pageViews, className }: { pageViews?: PageViews; className?: string }) {
  const byDay = pageViews?.byDay ?? [];
  const data = byDay.map((entry) => ({ day: chartDay(entry.day), views: entry.views }));
  const recent = byDay.reduce((sum, entry) => sum + entry.views, 0);
  return (
    <DayChartCard
      title="Page views"
      icon={Eye}
      days={PAGE_VIEW_DAYS}
      name={CHART_NAME}
      figures={
        pageViews && {
          columns: ['Day', 'Views'],
          rows: byDay.map((entry) => [entry.day, String(entry.views)] as const),
          total: String(recent),
        }
      }
      // Beside the top pages the card is as tall as their list: the chart takes that height.
      boxClassName="h-44 lg:h-auto lg:min-h-44 lg:flex-1"
      className={className}
    >
      <AreaChart data={data} aria-label={CHART_NAME} {...CHART_FRAME}>
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
    </DayChartCard>
  );
}
