import type { BulkAnswer, BulkShoe } from '../../../domain/contracts/bulk-edit';
import { primaryButtonClass, secondaryButtonClass } from '../../components/forms/button-class';
import { formatDollars } from './money';

type State = BulkShoe['before'];

/** "before → after", the after in bold when it differs. */
function Change({ before, after, show }: { before: State; after: State; show: (state: State) => string }) {
  const from = show(before);
  const to = show(after);
  if (from === to) return <span className="text-gray-600">{from}</span>;
  return (
    <span className="whitespace-nowrap">
      {from} <span aria-hidden="true">→</span>
      <span className="sr-only">becomes</span> <strong className="font-bold text-ink">{to}</strong>
    </span>
  );
}

const price = (state: State) => formatDollars(state.price);
const sale = (state: State) => (state.onSale ? 'On sale' : 'Off');
const pairs = (state: State) => (state.quantity === null ? 'none' : String(state.quantity ?? 0));

/**
 * What a bulk action would make of each selected shoe, before anything is written (issue 33 item
 * 5): price, sale and the size's stock before → after, how many would not change, and any shoe the
 * action cannot be applied to (Apply waits until it is left out).
 */
export function BulkPreview({
  preview,
  size,
  applying,
  onApply,
  onCancel,
}: {
  preview: BulkAnswer;
  size: string | undefined;
  applying: boolean;
  onApply: () => void;
  onCancel: () => void;
}) {
  const problems = preview.shoes.filter((shoe) => shoe.problem);
  return (
    <div
      className="border-t border-gray-200 bg-paper/60 px-5 py-4 sm:px-6"
      aria-labelledby="bulk-preview-title"
    >
      <h3 id="bulk-preview-title" className="text-base font-black">
        Preview: {preview.action}
      </h3>
      <p className="mt-1 text-sm text-gray-700" role="status">
        {preview.changed} {preview.changed === 1 ? 'shoe' : 'shoes'} would change; {preview.unchanged} would
        not change.
      </p>
      {/* Scrolls when long: focusable, so a keyboard can scroll it too. */}
      <div
        className="mt-3 max-h-96 overflow-auto rounded-xl bg-white ring-1 ring-black/5"
        tabIndex={0}
        role="region"
        aria-label="Selected shoes before and after"
      >
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Each selected shoe before and after</caption>
          <thead className="bg-paper/70 text-xs font-bold tracking-widest text-gray-600 uppercase">
            <tr>
              <th scope="col" className="px-3 py-2">
                Shoe
              </th>
              <th scope="col" className="px-3 py-2">
                Price
              </th>
              <th scope="col" className="px-3 py-2">
                On sale
              </th>
              {size !== undefined && (
                <th scope="col" className="px-3 py-2 whitespace-nowrap">
                  Size {size} stock
                </th>
              )}
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {preview.shoes.map((shoe) => (
              <tr key={shoe._id} data-testid="bulk-preview-row">
                <th scope="row" className="px-3 py-2 font-bold">
                  {shoe.name}
                  {!shoe.changed && !shoe.problem && (
                    <span className="ml-2 text-xs font-semibold text-gray-600">(no change)</span>
                  )}
                  {shoe.bounded && (
                    <span className="ml-2 text-xs font-semibold text-gray-600">(held at the limit)</span>
                  )}
                  {shoe.problem && (
                    <span className="block text-xs font-semibold text-deal">{shoe.problem}</span>
                  )}
                </th>
                <td className="px-3 py-2 tabular-nums">
                  <Change before={shoe.before} after={shoe.after} show={price} />
                </td>
                <td className="px-3 py-2">
                  <Change before={shoe.before} after={shoe.after} show={sale} />
                </td>
                {size !== undefined && (
                  <td className="px-3 py-2 tabular-nums">
                    <Change before={shoe.before} after={shoe.after} show={pairs} />
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {problems.length > 0 && (
        <p className="mt-3 text-sm font-semibold text-deal" role="alert">
          {problems.length === 1 ? 'One shoe cannot' : `${problems.length} shoes cannot`} take this change:
          leave {problems.length === 1 ? 'it' : 'them'} out of the selection to apply it.
        </p>
      )}
      <div className="mt-4 flex flex-wrap gap-3">
        <button
          type="button"
          className={primaryButtonClass}
          disabled={applying || problems.length > 0 || preview.changed === 0}
          onClick={onApply}
        >
          {applying ? 'Applying…' : 'Apply'}
        </button>
        <button type="button" className={secondaryButtonClass} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
