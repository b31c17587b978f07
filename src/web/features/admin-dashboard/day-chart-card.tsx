import type { LucideIcon } from 'lucide-react';
import type { ReactElement } from 'react';
import { ResponsiveContainer } from 'recharts';
import { ChartDataTable } from './chart-data-table';
import { DashboardCard } from './dashboard-card';

interface DayChartCardProps {
  title: string;
  icon: LucideIcon;
  /** How many days back the chart goes. */
  days: number;
  /** The chart's name: the data table's caption. */
  name: string;
  /**
   * The numbers behind the chart, a row a day, told as a table to screen readers, and their
   * total in words; undefined until they arrive.
   */
  figures:
    | { columns: readonly [string, string]; rows: readonly (readonly [string, string])[]; total: string }
    | undefined;
  /** The box the drawing fills (its height). */
  boxClassName: string;
  className?: string;
  /** The recharts chart, drawn once the numbers are there. */
  children: ReactElement;
}

/** A dashboard card charting the last days: their total under the title, the drawing, its table. */
export function DayChartCard({
  title,
  icon,
  days,
  name,
  figures,
  boxClassName,
  className,
  children,
}: DayChartCardProps) {
  return (
    <DashboardCard
      title={title}
      icon={icon}
      description={
        figures ? (
          <>
            <span className="font-bold text-ink">{figures.total}</span> in the last {days} days
          </>
        ) : (
          `Last ${days} days`
        )
      }
      className={className}
    >
      <div className={boxClassName}>
        {figures && (
          <ResponsiveContainer width="100%" height="100%">
            {children}
          </ResponsiveContainer>
        )}
      </div>
      {figures && <ChartDataTable caption={name} columns={figures.columns} rows={figures.rows} />}
    </DashboardCard>
  );
}
