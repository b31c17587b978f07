import { TrendingUp } from 'lucide-react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { SALES_CHART_DAYS, type AdminStats } from '../../../domain/admin';
import { CHART_COLORS, DAY_AXIS, TOOLTIP_STYLE, VALUE_AXIS } from './chart-colors';
import { chartDay } from './chart-day';
import { ChartDataTable } from './chart-data-table';
import { DashboardCard } from './dashboard-card';
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
  const data = (salesByDay ?? []).map((entry) => ({
    day: chartDay(entry.day),
    dollars: entry.amountCents / 100,
    orders: entry.orders,
  }));
  const total = (salesByDay ?? []).reduce((sum, entry) => sum + entry.amountCents, 0);

  return (
    <DashboardCard
      title="Sales"
      icon={TrendingUp}
      description={
        salesByDay ? (
          <>
            <span className="font-bold text-ink">{formatCents(total)}</span> in the last {SALES_CHART_DAYS}{' '}
            days
          </>
        ) : (
          `Last ${SALES_CHART_DAYS} days`
        )
      }
      className={className}
    >
      <div className="h-64 sm:h-72">
        {salesByDay && (
          <ResponsiveContainer width="100%" height="100%">
            <BarChart
              data={data}
              role="img"
              aria-label={`${CHART_NAME}, in dollars`}
              accessibilityLayer={false}
              margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
            >
              <CartesianGrid vertical={false} stroke={CHART_COLORS.grid} />
              <XAxis {...DAY_AXIS} minTickGap={16} />
              <YAxis
                {...VALUE_AXIS}
                tickFormatter={(value: number) => compactDollars.format(value)}
                width={56}
              />
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
          </ResponsiveContainer>
        )}
      </div>
      {salesByDay && (
        <ChartDataTable
          caption={CHART_NAME}
          columns={['Day', 'Sales']}
          rows={salesByDay.map((entry) => [entry.day, formatCents(entry.amountCents)] as const)}
        />
      )}
    </DashboardCard>
  );
}
