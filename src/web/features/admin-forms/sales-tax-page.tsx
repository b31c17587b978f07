import { PencilLine, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { NOTICE_MS } from '../../../domain/constants';
import type { TaxRateAnswer } from '../../../domain/contracts/shipping-and-tax';
import { errorMessage } from '../../api/http';
import { LoadStatus } from '../../components/load-status';
import { taxRatePercent } from '../../lib/delivery-display';
import { toast } from '../../lib/toast';
import { AdminCard } from './admin-card';
import { AdminFormLayout } from './admin-form-layout';
import { useRemoveTaxRate, useTaxRates } from './api/tax-rates';
import { TaxRateFormFields } from './tax-rate-form';

const textButton =
  'inline-flex min-h-10 items-center gap-1.5 rounded-full border border-gray-300 bg-white px-4 text-sm font-bold text-ink transition-colors hover:border-ink disabled:opacity-50';

/** `/salestax`: the states the shop charges sales tax in (issue 31 item 6), and a form to set one. */
export default function SalesTaxPage() {
  const rates = useTaxRates();
  const remove = useRemoveTaxRate();
  const [editing, setEditing] = useState<TaxRateAnswer>();
  const removeRate = async (rate: TaxRateAnswer) => {
    try {
      await remove.mutateAsync(rate.state);
      if (editing?.state === rate.state) setEditing(undefined);
      toast.success(`No sales tax in ${rate.name} any more`, { duration: NOTICE_MS.admin });
    } catch (error) {
      toast.error(errorMessage(error), { duration: NOTICE_MS.error });
    }
  };

  return (
    <AdminFormLayout
      title="Sales tax"
      intro="The checkout charges the delivery state’s rate on the pairs after any code, and on shipping where you say so. A state not listed is not taxed."
    >
      <AdminCard title="States with a rate">
        {!rates.data ? (
          <LoadStatus failed={rates.isError} className="py-6" />
        ) : rates.data.length === 0 ? (
          <p className="text-gray-700">No state has a rate: the shop charges no sales tax.</p>
        ) : (
          <ul className="divide-y divide-gray-200">
            {rates.data.map((rate) => (
              <li
                key={rate.state}
                className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center"
              >
                <div className="min-w-0 flex-1">
                  <p className="font-black tracking-tight">
                    {rate.name} <span className="font-semibold text-gray-600">({rate.state})</span>
                  </p>
                  <p className="text-sm text-gray-700">
                    <span className="font-semibold text-ink">{taxRatePercent(rate.rateMilliPercent)}</span>
                    {rate.taxShipping ? ' · shipping taxed' : ' · shipping not taxed'}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  <button type="button" className={textButton} onClick={() => setEditing(rate)}>
                    <PencilLine aria-hidden="true" className="size-4" />
                    Edit<span className="sr-only"> {rate.name}</span>
                  </button>
                  <button
                    type="button"
                    className={textButton}
                    disabled={remove.isPending}
                    onClick={() => void removeRate(rate)}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                    Remove<span className="sr-only"> {rate.name}</span>
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </AdminCard>
      <AdminCard
        title={editing ? `Edit ${editing.name}` : 'Add a state'}
        onCancel={editing && (() => setEditing(undefined))}
      >
        <TaxRateFormFields
          key={editing?.state ?? 'new'}
          rate={editing}
          onDone={() => setEditing(undefined)}
        />
      </AdminCard>
    </AdminFormLayout>
  );
}
