import { Trophy } from 'lucide-react';
import { BEST_SELLERS_SHOWN, type AdminStats } from '../../../domain/admin';
import { ShoeNameLink } from '../../components/shoe-name-link';
import { ShoeThumbnail } from '../../components/shoe-thumbnail';
import { DashboardCard } from './dashboard-card';
import { formatCents } from './money';

/** The best-selling shoes by pairs sold, with their revenue. */
export function BestSellers({
  bestSellers,
  className,
}: {
  bestSellers?: AdminStats['bestSellers'];
  className?: string;
}) {
  return (
    <DashboardCard
      title="Best sellers"
      icon={Trophy}
      description={`Top ${BEST_SELLERS_SHOWN} by pairs sold`}
      className={className}
    >
      {bestSellers && bestSellers.length === 0 && (
        <p className="rounded-2xl border-2 border-dashed border-gray-200 px-4 py-8 text-center text-sm font-semibold text-gray-600">
          No sales yet.
        </p>
      )}
      <ol className="space-y-1">
        {bestSellers?.map((shoe, index) => (
          <li
            key={shoe.shoeId ?? `${shoe.name}-${index}`}
            className="flex items-center gap-3 rounded-2xl px-1 py-2"
          >
            <span
              aria-hidden="true"
              className={`flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-black ${
                index === 0 ? 'bg-accent text-ink' : 'bg-paper text-gray-700'
              }`}
            >
              {index + 1}
            </span>
            <ShoeThumbnail src={shoe.image} width={56} lazy className="h-11 w-14 shrink-0 rounded-lg" />
            <div className="min-w-0 flex-1">
              <ShoeNameLink
                shoeId={shoe.shoeId}
                name={shoe.name}
                className="line-clamp-2 font-bold break-words"
              />
              <p className="text-sm text-gray-600 tabular-nums">
                {shoe.quantity} {shoe.quantity === 1 ? 'pair' : 'pairs'}
              </p>
            </div>
            <p className="shrink-0 font-black tabular-nums">
              <span className="sr-only">Revenue </span>
              {formatCents(shoe.revenueCents)}
            </p>
          </li>
        ))}
      </ol>
    </DashboardCard>
  );
}
