import { TrendingUp } from 'lucide-react';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { SALES_CHART_DAYS, type AdminStats } from '../../../domain/admin';
import { CHART_COLORS, CHART_FRAME, DAY_AXIS, TOOLTIP_STYLE, VALUE_AXIS } from './chart-colors';
import { chartDay } from './chart-day';
import { DayChartCard } from './day-chart-card';
import { formatCents, formatDollars } from './money';

const compactDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});

const CHART_NAME = `Sales per day, last ${SALES_CHART_DAYS} days`;

/** Sales per day of the last 30 days, in dollars, as bars (days without sales included). */
export function SalesChart({
  salesByDay,
  className,
}: {
  salesByDay?: AdminStats['salesByDay'];
  className?: string;
}) {
  const byDay = salesByDay ?? [];
  const data = byDay.map((entry) => ({
    day: chartDay(entry.day),
    dollars: entry.amountCents / 100,
    orders: entry.orders,
  }));
  const total = byDay.reduce((sum, entry) => sum + entry.amountCents, 0);

  return (
    <DayChartCard
      title="Sales"
      icon={TrendingUp}
      days={SALES_CHART_DAYS}
      name={CHART_NAME}
      figures={
        salesByDay && {
          columns: ['Day', 'Sales'],
          rows: byDay.map((entry) => [entry.day, formatCents(entry.amountCents)] as const),
          total: formatCents(total),
        }
      }
      boxClassName="h-64 sm:h-72"
      className={className}
    >
      <BarChart data={data} aria-label={`${CHART_NAME}, in dollars`} {...CHART_FRAME}>
        <CartesianGrid vertical={false} stroke={CHART_COLORS.grid} />
        <XAxis {...DAY_AXIS} minTickGap={16} />
        <YAxis {...VALUE_AXIS} tickFormatter={(value: number) => compactDollars.format(value)} width={56} />
        <Tooltip
          cursor={{ fill: 'rgba(249, 115, 22, 0.08)' }}
          formatter={(value) => [formatDollars(Number(value)), 'Sales']}
          {...TOOLTIP_STYLE}
        />
        <Bar
          // recharts replays its entry animation on every resize of the card: the numbers
          // should just be there.
          isAnimationActive={false}
          dataKey="dollars"
          name="Sales"
          fill={CHART_COLORS.accent}
          radius={[6, 6, 0, 0]}
          maxBarSize={28}
        />
      </BarChart>
    </DayChartCard>
  );
}
