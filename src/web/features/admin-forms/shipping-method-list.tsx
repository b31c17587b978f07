import { ArrowDown, ArrowUp, PencilLine, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { NOTICE_MS } from '../../../domain/constants';
import type { ShippingMethodAnswer } from '../../../domain/contracts/shipping-and-tax';
import { errorMessage } from '../../api/http';
import { money, shippingPrice } from '../../lib/delivery-display';
import { toast } from '../../lib/toast';
import {
  useDeleteShippingMethod,
  useOrderShippingMethods,
  useSetShippingMethodActive,
} from './api/shipping-methods';

const iconButton =
  'inline-flex size-10 items-center justify-center rounded-full border border-gray-300 bg-white text-ink transition-colors hover:border-ink disabled:cursor-not-allowed disabled:opacity-40';
const textButton =
  'inline-flex min-h-10 items-center gap-1.5 rounded-full border border-gray-300 bg-white px-4 text-sm font-bold text-ink transition-colors hover:border-ink disabled:opacity-50';
/** Edit and Delete: an icon alone on a phone (their words stay for screen readers), so a row fits one line. */
const actionButton = `${textButton} max-sm:size-10 max-sm:justify-center max-sm:px-0`;

const days = (method: ShippingMethodAnswer) =>
  method.minDays === method.maxDays
    ? `${method.minDays} business ${method.minDays === 1 ? 'day' : 'days'}`
    : `${method.minDays}-${method.maxDays} business days`;

/** `ids` with the one at `index` swapped with its neighbour `by` places away. */
function moved(ids: string[], index: number, by: -1 | 1): string[] {
  const next = [...ids];
  [next[index], next[index + by]] = [next[index + by]!, next[index]!];
  return next;
}

/**
 * The methods in the cart's order (the first active one is the default), each with its price, when it
 * is free, its estimate, and the staff's actions: move up or down, offer or retire, edit, delete.
 */
export function ShippingMethodList({
  methods,
  onEdit,
}: {
  methods: ShippingMethodAnswer[];
  onEdit: (method: ShippingMethodAnswer) => void;
}) {
  const order = useOrderShippingMethods();
  const setActive = useSetShippingMethodActive();
  const remove = useDeleteShippingMethod();
  const [deleting, setDeleting] = useState<string>();
  const busy = order.isPending || setActive.isPending || remove.isPending;
  const ids = methods.map((method) => method._id);
  const run = async (change: Promise<unknown>, done: string) => {
    try {
      await change;
      toast.success(done, { duration: NOTICE_MS.admin });
    } catch (error) {
      toast.error(errorMessage(error), { duration: NOTICE_MS.error });
    }
  };

  if (methods.length === 0)
    return (
      <p className="text-gray-700">No shipping methods: orders ship for free, with no delivery estimate.</p>
    );

  return (
    <ol className="divide-y divide-gray-200" aria-label="Shipping methods, in the cart’s order">
      {methods.map((method, index) => (
        <li
          key={method._id}
          className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 md:flex-row md:items-center"
        >
          <div className="min-w-0 flex-1">
            <p className="flex flex-wrap items-center gap-2">
              <span className="font-black tracking-tight break-words">{method.name}</span>
              {!method.active && (
                <span className="rounded-full bg-gray-200 px-2 py-0.5 text-xs font-bold text-gray-700">
                  Retired
                </span>
              )}
            </p>
            <p className="text-sm text-gray-700">
              <span className="font-semibold text-ink">{shippingPrice(method.priceCents)}</span>
              {method.freeAboveCents !== null && <> · free above {money(method.freeAboveCents)}</>}
              {' · '}
              {days(method)}
            </p>
          </div>
          {deleting === method._id ? (
            <div
              role="group"
              aria-label={`Delete ${method.name}?`}
              className="flex flex-wrap items-center gap-2"
            >
              <span className="text-sm font-semibold">Delete {method.name}?</span>
              <button
                type="button"
                disabled={busy}
                className={`${textButton} border-red-700 text-red-800`}
                onClick={() => void run(remove.mutateAsync(method._id), `${method.name} deleted`)}
              >
                Delete
              </button>
              <button type="button" className={textButton} onClick={() => setDeleting(undefined)}>
                Keep it
              </button>
            </div>
          ) : (
            <div className="flex flex-wrap items-center gap-2">
              <button
                type="button"
                aria-label={`Move ${method.name} up`}
                disabled={busy || index === 0}
                className={iconButton}
                onClick={() => void run(order.mutateAsync(moved(ids, index, -1)), 'Order saved')}
              >
                <ArrowUp aria-hidden="true" className="size-4" />
              </button>
              <button
                type="button"
                aria-label={`Move ${method.name} down`}
                disabled={busy || index === methods.length - 1}
                className={iconButton}
                onClick={() => void run(order.mutateAsync(moved(ids, index, 1)), 'Order saved')}
              >
                <ArrowDown aria-hidden="true" className="size-4" />
              </button>
              <label className="inline-flex min-h-10 cursor-pointer items-center gap-2 px-1 text-sm font-semibold">
                <input
                  type="checkbox"
                  role="switch"
                  checked={method.active}
                  disabled={busy}
                  className="size-4 accent-ink"
                  onChange={(event) =>
                    void run(
                      setActive.mutateAsync({ id: method._id, active: event.target.checked }),
                      `${method.name} ${event.target.checked ? 'offered' : 'retired'}`,
                    )
                  }
                />
                Active
                <span className="sr-only">: {method.name}</span>
              </label>
              <button type="button" className={actionButton} onClick={() => onEdit(method)}>
                <PencilLine aria-hidden="true" className="size-4" />
                <span className="max-sm:sr-only">Edit</span>
                <span className="sr-only"> {method.name}</span>
              </button>
              <button
                type="button"
                disabled={busy}
                className={actionButton}
                onClick={() => setDeleting(method._id)}
              >
                <Trash2 aria-hidden="true" className="size-4" />
                <span className="max-sm:sr-only">Delete</span>
                <span className="sr-only"> {method.name}</span>
              </button>
            </div>
          )}
        </li>
      ))}
    </ol>
  );
}
