import { DollarSign, Eye, Footprints, Receipt } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { AdminStats } from '../../../domain/admin';
import type { PageViews } from '../../../domain/analytics';
import { formatCents } from './money';

interface Figure {
  label: string;
  value: string | undefined;
  icon: LucideIcon;
  tone: string;
}

const count = new Intl.NumberFormat('en-US');

/**
 * The business at a glance (spec §2: the total number of shoes across orders and the sum of
 * sales), with the number of orders and of page views beside them.
 */
export function SummaryFigures({ stats, pageViews }: { stats?: AdminStats; pageViews?: PageViews }) {
  const figures: Figure[] = [
    {
      label: 'Shoes sold',
      value: stats && count.format(stats.shoesSold),
      icon: Footprints,
      tone: 'bg-orange-100 text-orange-800',
    },
    {
      label: 'Sales',
      value: stats && formatCents(stats.salesCents),
      icon: DollarSign,
      tone: 'bg-emerald-100 text-emerald-800',
    },
    {
      label: 'Orders',
      value: stats && count.format(stats.orders),
      icon: Receipt,
      tone: 'bg-sky-100 text-sky-800',
    },
    {
      label: 'Page views',
      value: pageViews && count.format(pageViews.total),
      icon: Eye,
      tone: 'bg-violet-100 text-violet-800',
    },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      {figures.map(({ label, value, icon: Icon, tone }) => (
        <div key={label} className="min-w-0 rounded-3xl bg-white p-4 shadow-sm ring-1 ring-black/5 sm:p-5">
          <dt className="flex items-center gap-2.5 text-xs font-bold tracking-widest text-gray-600 uppercase">
            <span className={`flex size-9 shrink-0 items-center justify-center rounded-xl ${tone}`}>
              <Icon aria-hidden="true" className="size-5" />
            </span>
            {label}
          </dt>
          <dd className="mt-3 truncate text-2xl font-black tracking-tight tabular-nums sm:text-3xl">
            {value ?? (
              <>
                <span aria-hidden="true" className="text-gray-400">
                  —
                </span>
                <span className="sr-only">Loading</span>
              </>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
