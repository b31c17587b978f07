import { useId, useState, type FormEvent } from 'react';
import type { BulkAction } from '../../../domain/bulk-edit';
import { bulkActionSchema, type BulkAnswer } from '../../../domain/contracts/bulk-edit';
import { NOTICE_MS } from '../../../domain/constants';
import { errorMessage } from '../../api/http';
import { toast } from '../../lib/toast';
import { useBulkApply, useBulkPreview } from './api/bulk-edit';
import { BulkPreview } from './bulk-preview';
import { rowActionClass } from './table-classes';
import type { ShoeSelection } from './use-shoe-selection';

type Kind = BulkAction['kind'];
const KINDS: { kind: Kind; label: string }[] = [
  { kind: 'put_on_sale', label: 'Put on sale' },
  { kind: 'take_off_sale', label: 'Take off sale' },
  { kind: 'price_percent', label: 'Change the price by a percentage' },
  { kind: 'price_amount', label: 'Change the price by an amount' },
  { kind: 'add_stock', label: 'Add pairs to a size' },
];

const fieldClass =
  'h-11 rounded-full border border-gray-300 bg-white px-4 text-sm focus:border-ink disabled:opacity-60';
const labelClass = 'flex flex-col gap-1 text-xs font-bold tracking-wide text-gray-700 uppercase';

/** The form's fields as the endpoint's action, checked by the same schema the server uses. */
function actionOf(kind: Kind, fields: { percent: string; amount: string; size: string; pairs: string }) {
  const number = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim()));
  const candidate =
    kind === 'price_percent'
      ? { kind, percent: number(fields.percent) }
      : kind === 'price_amount'
        ? { kind, amountCents: Math.round(number(fields.amount.replace('$', '')) * 100) }
        : kind === 'add_stock'
          ? { kind, size: fields.size, quantity: number(fields.pairs) }
          : { kind };
  return bulkActionSchema.safeParse(candidate);
}

/**
 * The shoes table's bulk edits (issue 33 item 5): select this page or every shoe the search finds,
 * choose one action, preview each shoe before → after, then apply exactly what was previewed.
 */
export function BulkEditBar({
  selection,
  pageIds,
  total,
  totalIsLowerBound,
}: {
  selection: ShoeSelection;
  pageIds: readonly string[];
  /** How many shoes the search finds, on every page. */
  total: number;
  /** The search found more than it counts (decision 033): more than a bulk edit may select. */
  totalIsLowerBound: boolean;
}) {
  const id = useId();
  const [kind, setKind] = useState<Kind>('put_on_sale');
  const [fields, setFields] = useState({ percent: '', amount: '', size: '', pairs: '' });
  const [error, setError] = useState<string>();
  const [preview, setPreview] = useState<{ answer: BulkAnswer; key: string; action: BulkAction }>();
  const previewing = useBulkPreview();
  const applying = useBulkApply();

  const pageSelected = pageIds.length > 0 && pageIds.every(selection.isSelected);
  const key = JSON.stringify([selection.body(), kind, fields]);
  const shown = preview?.key === key ? preview : undefined;
  const set = (name: keyof typeof fields) => (event: { target: { value: string } }) =>
    setFields((now) => ({ ...now, [name]: event.target.value }));

  async function onPreview(event: FormEvent) {
    event.preventDefault();
    const parsed = actionOf(kind, fields);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    try {
      const answer = await previewing.mutateAsync({ selection: selection.body(), action: parsed.data });
      setPreview({ answer, key, action: parsed.data });
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  async function onApply() {
    if (!shown) return;
    try {
      const done = await applying.mutateAsync({
        selection: selection.body(),
        action: shown.action,
        expected: shown.answer.shoes.map((shoe) => ({ _id: shoe._id, version: shoe.version })),
      });
      toast.success(done.message ?? 'Done.', { duration: NOTICE_MS.admin });
      setPreview(undefined);
      selection.clear();
    } catch (failure) {
      toast.error(errorMessage(failure), { duration: NOTICE_MS.admin });
      setPreview(undefined);
    }
  }

  return (
    <div className="border-b border-gray-200" data-testid="bulk-edit-bar">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 px-5 py-3 text-sm sm:px-6">
        <label className="inline-flex min-h-9 items-center gap-2 font-semibold">
          <input
            type="checkbox"
            className="size-5 accent-ink"
            checked={pageSelected}
            disabled={selection.allMatching || pageIds.length === 0}
            onChange={() => selection.togglePage(pageIds)}
          />
          Select all on this page
        </label>
        <span role="status" className="font-bold tabular-nums">
          {selection.allMatching
            ? `All ${total} matching selected`
            : selection.count > 0
              ? `${selection.count} selected`
              : ''}
        </span>
        {pageSelected && !selection.allMatching && !totalIsLowerBound && total > pageIds.length && (
          <button type="button" className={rowActionClass} onClick={() => selection.selectAllMatching(total)}>
            Select all {total} matching
          </button>
        )}
        {selection.count > 0 && (
          <button type="button" className={rowActionClass} onClick={selection.clear}>
            Clear selection
          </button>
        )}
      </div>
      {selection.count > 0 && (
        <form
          method="post"
          onSubmit={(event) => void onPreview(event)}
          noValidate
          className="flex flex-wrap items-end gap-3 px-5 pb-4 sm:px-6"
          aria-label="Bulk edit"
        >
          <label className={labelClass}>
            Action
            <select
              className={fieldClass}
              value={kind}
              onChange={(event) => setKind(event.target.value as Kind)}
            >
              {KINDS.map((option) => (
                <option key={option.kind} value={option.kind}>
                  {option.label}
                </option>
              ))}
            </select>
          </label>
          {kind === 'price_percent' && (
            <label className={labelClass}>
              Percent (e.g. -15)
              <input
                className={`${fieldClass} w-32`}
                inputMode="decimal"
                value={fields.percent}
                onChange={set('percent')}
              />
            </label>
          )}
          {kind === 'price_amount' && (
            <label className={labelClass}>
              Dollars (e.g. +5 or -10)
              <input
                className={`${fieldClass} w-36`}
                inputMode="decimal"
                value={fields.amount}
                onChange={set('amount')}
              />
            </label>
          )}
          {kind === 'add_stock' && (
            <>
              <label className={labelClass}>
                Size
                <input
                  className={`${fieldClass} w-24`}
                  inputMode="decimal"
                  value={fields.size}
                  onChange={set('size')}
                />
              </label>
              <label className={labelClass}>
                Pairs to add
                <input
                  className={`${fieldClass} w-28`}
                  inputMode="numeric"
                  value={fields.pairs}
                  onChange={set('pairs')}
                />
              </label>
            </>
          )}
          <button
            type="submit"
            className={rowActionClass + ' min-h-11 px-5 text-sm'}
            disabled={previewing.isPending}
          >
            {previewing.isPending ? 'Previewing…' : 'Preview'}
          </button>
          {error && (
            <p id={`${id}-error`} role="alert" className="w-full text-sm font-semibold text-deal">
              {error}
            </p>
          )}
        </form>
      )}
      {shown && selection.count > 0 && (
        <BulkPreview
          preview={shown.answer}
          size={shown.action.kind === 'add_stock' ? shown.action.size : undefined}
          applying={applying.isPending}
          onApply={() => void onApply()}
          onCancel={() => setPreview(undefined)}
        />
      )}
    </div>
  );
}
