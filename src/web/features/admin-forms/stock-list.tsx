import { useId } from 'react';
import type { StockEntry } from '../../../domain/catalog';
import { sortedStock } from './stock-order';

/** The sizes a shoe has and how many pairs of each. */
export function StockList({ stock }: { stock: readonly StockEntry[] }) {
  const labelId = useId();
  return (
    <div>
      <p id={labelId} className="mb-2 text-xs font-bold tracking-widest text-gray-600 uppercase">
        Sizes in stock
      </p>
      {stock.length === 0 ? (
        <p className="text-sm text-gray-600">No sizes yet.</p>
      ) : (
        <StockChips stock={stock} labelId={labelId} />
      )}
    </div>
  );
}

function StockChips({ stock, labelId }: { stock: readonly StockEntry[]; labelId: string }) {
  return (
    <ul aria-labelledby={labelId} className="flex flex-wrap gap-2">
      {sortedStock(stock).map((entry) => (
        <li
          key={entry._id}
          className={`inline-flex items-baseline gap-1.5 rounded-full px-3 py-1 text-sm ring-1 ${
            entry.quantity > 0 ? 'bg-paper ring-black/10' : 'bg-red-50 text-red-800 ring-red-200'
          }`}
        >
          <span className="font-bold">{entry.size}</span>
          <span className="text-xs font-semibold text-gray-600">
            {entry.quantity} {entry.quantity === 1 ? 'pair' : 'pairs'}
          </span>
        </li>
      ))}
    </ul>
  );
}
