import { useId, useState, type FormEvent } from 'react';
import { NOTICE_MS } from '../../../domain/constants';
import type { Order } from '../../../domain/payment';
import {
  RETURN_REASON_LABELS,
  RETURN_REASONS,
  returnRequestSchema,
  type ReturnReason,
} from '../../../domain/returns';
import { errorMessage } from '../../api/http';
import { primaryButtonClass, secondaryButtonClass } from '../../components/forms/button-class';
import { InlineError } from '../../components/forms/inline-error';
import { toast } from '../../lib/toast';
import { useAskReturn } from './api/ask-return';

const fieldClass =
  'rounded-xl border border-gray-300 bg-white px-3 text-sm font-medium hover:border-ink aria-invalid:border-deal';

/**
 * "Return items": how many pairs of each line (up to what is left of it), a reason and a note,
 * checked with the schema the server checks them with.
 */
export function ReturnItemsForm({
  order,
  pairsLeft,
  onDone,
}: {
  order: Order;
  /** Pairs of each line that may still be returned. */
  pairsLeft: ReadonlyMap<string, number>;
  onDone: () => void;
}) {
  const id = useId();
  const askReturn = useAskReturn(order.idPayment);
  const [pairs, setPairs] = useState<Record<string, number>>({});
  const [reason, setReason] = useState<ReturnReason | ''>('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = returnRequestSchema.safeParse({
      lines: Object.entries(pairs)
        .filter(([, quantity]) => quantity > 0)
        .map(([lineId, quantity]) => ({ lineId, quantity })),
      reason: reason || undefined,
      note: note.trim() || undefined,
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]!.message);
      return;
    }
    setError(null);
    askReturn
      .mutateAsync(parsed.data)
      .then(() => {
        toast.success('Return requested: we will mail you our answer', { duration: NOTICE_MS.admin });
        onDone();
      })
      .catch((failure: unknown) => setError(errorMessage(failure)));
  }

  return (
    <form
      method="post"
      onSubmit={submit}
      noValidate
      aria-label="Return items"
      className="mt-4 flex flex-col gap-5 rounded-2xl bg-paper p-4 sm:p-5"
    >
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-bold">Which pairs?</legend>
        {order.shoe.map((line) => {
          const left = pairsLeft.get(line.lineId) ?? 0;
          return (
            <label key={line.lineId} className="flex items-center justify-between gap-3 text-sm">
              <span>
                {line.name}, size {line.size}
                {left === 0 && <span className="text-gray-600"> (none left to return)</span>}
              </span>
              <select
                value={pairs[line.lineId] ?? 0}
                disabled={left === 0}
                onChange={(event) => setPairs({ ...pairs, [line.lineId]: Number(event.target.value) })}
                aria-label={`Pairs of ${line.name}, size ${line.size}, to return`}
                className={`${fieldClass} h-11 w-20 shrink-0`}
              >
                {Array.from({ length: left + 1 }, (_, count) => (
                  <option key={count} value={count}>
                    {count}
                  </option>
                ))}
              </select>
            </label>
          );
        })}
      </fieldset>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-bold">Why?</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {RETURN_REASONS.map((value) => (
            <label
              key={value}
              className="flex min-h-11 items-center gap-2 rounded-xl bg-white px-3 text-sm font-semibold ring-1 ring-gray-200 has-checked:ring-2 has-checked:ring-ink"
            >
              <input
                type="radio"
                name={`${id}-reason`}
                value={value}
                checked={reason === value}
                onChange={() => setReason(value)}
                className="size-4 accent-ink"
              />
              {RETURN_REASON_LABELS[value]}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-note`} className="text-sm font-bold">
          Anything we should know? <span className="font-normal text-gray-600">(optional)</span>
        </label>
        <textarea
          id={`${id}-note`}
          value={note}
          maxLength={500}
          rows={3}
          onChange={(event) => setNote(event.target.value)}
          className={`${fieldClass} w-full py-2`}
        />
      </div>
      <InlineError message={error} />
      <div className="flex flex-wrap gap-3">
        <button type="submit" disabled={askReturn.isPending} className={primaryButtonClass}>
          Ask for a return
        </button>
        <button type="button" onClick={onDone} className={secondaryButtonClass}>
          Cancel
        </button>
      </div>
    </form>
  );
}
