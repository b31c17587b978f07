import { Coins } from 'lucide-react';
import type { AdminStats } from '../../../domain/admin';
import { DashboardCard } from './dashboard-card';
import { formatCents } from './money';

/**
 * Where the sales came from (issue 31 item 6): the pairs after discount codes, shipping and sales tax
 * collected, each net of refunds (they add up to the Sales figure), with the codes' discounts beside.
 */
export function MoneySplit({ money }: { money?: AdminStats['money'] }) {
  const parts = [
    { label: 'Pairs (after discounts)', cents: money?.linesCents },
    { label: 'Discounts given', cents: money && (money.discountCents === 0 ? 0 : -money.discountCents) },
    { label: 'Shipping', cents: money?.shippingCents },
    { label: 'Sales tax collected', cents: money?.taxCents },
  ];
  return (
    <DashboardCard
      title="Money in"
      icon={Coins}
      description="Net of refunds: a refund’s tax comes off the tax, the rest off the pairs and, beyond them, off shipping."
    >
      <dl className="grid grid-cols-2 gap-x-4 gap-y-4 lg:grid-cols-4">
        {parts.map(({ label, cents }) => (
          <div key={label} className="min-w-0">
            <dt className="text-xs font-bold tracking-widest text-gray-600 uppercase">{label}</dt>
            <dd className="mt-1 truncate text-xl font-black tracking-tight tabular-nums sm:text-2xl">
              {cents === undefined ? (
                <>
                  <span aria-hidden="true" className="text-gray-400">
                    —
                  </span>
                  <span className="sr-only">Loading</span>
                </>
              ) : (
                formatCents(cents)
              )}
            </dd>
          </div>
        ))}
      </dl>
    </DashboardCard>
  );
}
