import { BellRing } from 'lucide-react';
import type { AdminStats } from '../../../domain/admin';
import { ShoeNameLink } from '../../components/shoe-name-link';
import { DashboardCard } from './dashboard-card';

/** The sold-out sizes most waited for ("Email me when it's back"): what to restock first. */
export function MostWanted({
  mostWanted,
  className,
}: {
  mostWanted?: AdminStats['mostWanted'];
  className?: string;
}) {
  return (
    <DashboardCard
      title="Most wanted"
      icon={BellRing}
      description="Sold-out sizes shoppers wait for"
      className={className}
    >
      {mostWanted && mostWanted.length === 0 && (
        <p className="rounded-2xl border-2 border-dashed border-gray-200 px-4 py-8 text-center text-sm font-semibold text-gray-600">
          Nobody is waiting for a size.
        </p>
      )}
      <ol className="space-y-1">
        {mostWanted?.map((wanted) => (
          <li
            key={`${wanted.shoeId}-${wanted.size}`}
            className="flex items-center gap-3 rounded-2xl px-1 py-2"
          >
            <div className="min-w-0 flex-1">
              <ShoeNameLink
                shoeId={wanted.shoeId}
                name={wanted.name}
                className="line-clamp-2 font-bold break-words"
              />
              <p className="text-sm text-gray-600">Size {wanted.size}</p>
            </div>
            <p className="shrink-0 font-black tabular-nums">
              {wanted.waiting} <span className="text-sm font-semibold text-gray-600">waiting</span>
            </p>
          </li>
        ))}
      </ol>
    </DashboardCard>
  );
}
