import { formatPrice } from '../../domain/cart-lines';
import type { Order } from '../../domain/payment';
import { orderChargeLines } from '../lib/delivery-display';
import { netPaidCents, orderTotal, pairCount, refundedPairsByLine } from '../lib/order-display';
import { ShoeThumbnail } from './shoe-thumbnail';
import { ShoeNameLink } from './shoe-name-link';

const cellClass = 'px-3 py-3 sm:px-5';

/**
 * The order's shoes: image, name (and SKU), quantity, size and price, as they were bought (the shopper's
 * order page and the admin's), each line's share of a discount code and the code's line above the
 * total charged, with shipping and the sales tax (issue 31). A shoe that left the catalogue shows
 * without a link. After a refund each line names its pairs given back, and the total is followed by
 * what was refunded and what the buyer finally paid (issue 32).
 */
export function OrderLinesTable({ order }: { order: Order }) {
  const pairs = pairCount(order);
  const refundedPairs = refundedPairsByLine(order);
  return (
    <div className="mt-6 overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-black/5">
      <table className="w-full text-left text-sm">
        <caption className="px-3 pt-4 pb-2 text-left text-lg font-black tracking-tight sm:px-5">
          Shoes in this order{' '}
          <span className="text-sm font-semibold text-gray-600">
            · {pairs} {pairs === 1 ? 'pair' : 'pairs'}
          </span>
        </caption>
        <thead className="border-b border-gray-200 text-xs tracking-widest text-gray-600 uppercase">
          <tr>
            <th scope="col" className={`${cellClass} w-16 sm:w-24`}>
              <span className="sr-only">Image</span>
            </th>
            <th scope="col" className={`${cellClass} pl-0 sm:pl-0`}>
              Name
            </th>
            <th scope="col" className={`${cellClass} text-right`}>
              <abbr title="Quantity" className="no-underline sm:hidden">
                Qty
              </abbr>
              <span className="hidden sm:inline">Quantity</span>
            </th>
            <th scope="col" className={`${cellClass} text-right`}>
              Size
            </th>
            <th scope="col" className={`${cellClass} text-right`}>
              Price
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-200">
          {order.shoe.map((line, index) => {
            const refunded = refundedPairs.get(line.lineId) ?? 0;
            return (
              <tr key={`${line._id ?? index}:${line.size}`}>
                <td className={cellClass}>
                  <ShoeThumbnail src={line.image} width={96} className="w-12 min-w-10 rounded-lg sm:w-20" />
                </td>
                <td className={`${cellClass} pl-0 sm:pl-0`}>
                  <ShoeNameLink shoeId={line._id} name={line.name} className="font-extrabold sm:text-base" />
                  {/* The size's SKU when it was bought (issue 33 item 2): what the box and the slip say. */}
                  {line.sku && (
                    <span className="mt-0.5 block font-mono text-xs break-all text-gray-600">
                      SKU {line.sku}
                    </span>
                  )}
                  {refunded > 0 && (
                    <span className="mt-1 block text-xs font-semibold text-emerald-800">
                      {refunded} of {line.quantity} refunded
                    </span>
                  )}
                </td>
                <td className={`${cellClass} text-right tabular-nums`}>{line.quantity}</td>
                <td className={`${cellClass} text-right tabular-nums`}>{line.size}</td>
                <td className={`${cellClass} text-right font-bold tabular-nums`}>
                  {formatPrice(line.price)}
                  {line.discount > 0 && (
                    <span className="block text-xs font-semibold text-emerald-800">
                      <span className="sr-only">discount </span>-{formatPrice(line.discount)}
                    </span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
        <tfoot className="border-t-2 border-gray-200">
          {orderChargeLines(order).map((line) => (
            <tr key={line.label} className={line.tone === 'discount' ? 'text-emerald-800' : undefined}>
              <th scope="row" colSpan={4} className={`${cellClass} text-right font-bold`}>
                {line.label}
              </th>
              <td className={`${cellClass} text-right font-bold tabular-nums`}>{line.amount}</td>
            </tr>
          ))}
          <tr>
            <th scope="row" colSpan={4} className={`${cellClass} text-right text-base font-bold`}>
              Total
            </th>
            <td className={`${cellClass} text-right text-lg font-black tabular-nums`}>{orderTotal(order)}</td>
          </tr>
          {order.refunded > 0 && (
            <tr className="text-emerald-800">
              <th scope="row" colSpan={4} className={`${cellClass} text-right font-bold`}>
                Refunded
              </th>
              <td className={`${cellClass} text-right font-bold tabular-nums`}>
                {formatPrice(order.refunded / 100)}
              </td>
            </tr>
          )}
          {order.refunded > 0 && (
            <tr>
              <th scope="row" colSpan={4} className={`${cellClass} text-right text-base font-bold`}>
                Paid after refunds
              </th>
              <td className={`${cellClass} text-right text-lg font-black tabular-nums`}>
                {formatPrice(netPaidCents(order) / 100)}
              </td>
            </tr>
          )}
        </tfoot>
      </table>
    </div>
  );
}
