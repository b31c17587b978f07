import { useId } from 'react';
import type { StockEntry } from '../../../domain/catalog';
import { sortedStock } from './stock-order';

/** The sizes a shoe has, how many pairs of each, and each size's SKU and GTIN (issue 33 item 2). */
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
        <StockRows stock={stock} labelId={labelId} />
      )}
    </div>
  );
}

function StockRows({ stock, labelId }: { stock: readonly StockEntry[]; labelId: string }) {
  return (
    <ul aria-labelledby={labelId} className="grid gap-1.5">
      {sortedStock(stock).map((entry) => (
        <li
          key={entry._id}
          className={`flex flex-wrap items-baseline gap-x-3 gap-y-0.5 rounded-xl px-3 py-1.5 text-sm ring-1 ${
            entry.quantity > 0 ? 'bg-paper ring-black/10' : 'bg-red-50 text-red-800 ring-red-200'
          }`}
        >
          <span className="font-bold">{entry.size}</span>
          <span className="text-xs font-semibold text-gray-600">
            {entry.quantity} {entry.quantity === 1 ? 'pair' : 'pairs'}
          </span>
          {entry.sku && (
            <span className="font-mono text-xs break-all text-gray-700">
              <span className="font-sans font-semibold text-gray-600">SKU </span>
              {entry.sku}
            </span>
          )}
          {entry.gtin && (
            <span className="font-mono text-xs text-gray-700">
              <span className="font-sans font-semibold text-gray-600">GTIN </span>
              {entry.gtin}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
