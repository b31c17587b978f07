import { CircleAlert, Minus, Plus, Trash2 } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatPrice, subtotal, type CartLine } from '../../../domain/cart-lines';
import type { LineKey } from '../../lib/cart/cart-store';
import type { LineStockStatus } from '../../lib/cart/line-stock';
import { paths } from '../../paths';
import { ShoeThumbnail } from '../../components/shoe-thumbnail';

interface CartLineItemProps {
  line: CartLine;
  /** What the current stock allows for this line (issue 4: stock is true). */
  stock: LineStockStatus;
  onIncrement: (key: LineKey) => void;
  onDecrement: (key: LineKey) => void;
  onRemove: (key: LineKey) => void;
  /** What changed since the line was added (the cart kept on the account), under the stock note. */
  changes?: ReactNode;
}

const stepClass =
  'inline-flex size-9 items-center justify-center rounded-full transition-colors hover:bg-paper';

/**
 * One cart line: the shoe, its size, unit price, quantity stepper, line total and trash button.
 * A grid so that on a phone the controls wrap under the name (trash top-right) and on
 * wider screens everything sits on one row, with the same DOM (and tab) order.
 */
export function CartLineItem({
  line,
  stock,
  onIncrement,
  onDecrement,
  onRemove,
  changes,
}: CartLineItemProps) {
  const key = { _id: line._id, size: line.size };
  const noteId = useId();
  return (
    <li className="grid grid-cols-[5rem_1fr_auto] items-center gap-x-4 gap-y-3 py-5 sm:grid-cols-[8rem_1fr_auto_5.5rem_auto] sm:gap-x-6">
      <Link
        to={paths.shoe(line._id)}
        tabIndex={-1}
        aria-hidden="true"
        className="row-span-2 self-start sm:row-span-1 sm:self-center"
      >
        <ShoeThumbnail src={line.image} width={128} className="w-full rounded-xl" />
      </Link>
      <div className="min-w-0">
        <Link
          to={paths.shoe(line._id)}
          className="rounded-sm text-lg leading-snug font-extrabold hover:text-accent-dark hover:underline"
        >
          {line.name}
        </Link>
        <p className="mt-1 text-sm text-gray-700">
          Size <span className="font-bold text-ink">{line.size}</span>
          <span aria-hidden="true"> · </span>
          <span className="sr-only">, </span>
          {formatPrice(line.price)} each
        </p>
        {stock.note && (
          <p
            id={noteId}
            className={`mt-1 flex items-center gap-1.5 text-sm font-semibold ${stock.blocked ? 'text-red-700' : 'text-accent-dark'}`}
          >
            {stock.blocked && <CircleAlert aria-hidden="true" className="size-4 shrink-0" />}
            {stock.note}
          </p>
        )}
        {changes}
      </div>
      <div
        role="group"
        aria-label={`Quantity of ${line.name}, size ${line.size}`}
        className="col-start-2 row-start-2 inline-flex items-center justify-self-start rounded-full border border-gray-300 bg-white p-0.5 sm:col-start-3 sm:row-start-1"
      >
        {/* Minus stays enabled at 1 and simply does nothing there: the cart rule clamps it (spec §4). */}
        <button
          type="button"
          aria-label="Decrease quantity"
          onClick={() => onDecrement(key)}
          className={stepClass}
        >
          <Minus aria-hidden="true" className="size-4" />
        </button>
        <span aria-live="polite" className="w-8 text-center font-bold tabular-nums">
          {line.quantity}
        </span>
        {/*
          At the stock of this size the button is aria-disabled rather than disabled, so a keyboard
          user's focus stays on it after the last press; the note above says why.
        */}
        <button
          type="button"
          aria-label="Increase quantity"
          aria-describedby={stock.note ? noteId : undefined}
          aria-disabled={stock.canIncrease ? undefined : true}
          onClick={() => {
            if (stock.canIncrease) onIncrement(key);
          }}
          className={`${stepClass} aria-disabled:cursor-not-allowed aria-disabled:text-gray-400 aria-disabled:hover:bg-transparent`}
        >
          <Plus aria-hidden="true" className="size-4" />
        </button>
      </div>
      <p className="col-start-3 row-start-2 text-right text-lg font-black tabular-nums sm:col-start-4 sm:row-start-1">
        {formatPrice(subtotal([line]))}
      </p>
      <button
        type="button"
        aria-label="Remove"
        onClick={() => onRemove(key)}
        className="col-start-3 row-start-1 inline-flex size-10 items-center justify-center justify-self-end rounded-full text-gray-600 transition-colors hover:bg-red-50 hover:text-deal sm:col-start-5"
      >
        <Trash2 aria-hidden="true" className="size-5" />
      </button>
    </li>
  );
}
