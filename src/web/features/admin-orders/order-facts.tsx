import type { ReactNode } from 'react';
import type { Order } from '../../../domain/payment';
import { OrderStatusToggle } from '../../components/order-status-toggle';
import { orderDate, orderTotal } from '../../lib/order-display';

/** Who ordered, when, how much, and the status with its edit. */
export function OrderFacts({ order }: { order: Order }) {
  const facts: { term: string; detail: ReactNode; wide?: boolean }[] = [
    { term: 'Email', detail: <span className="break-words">{order.email}</span>, wide: true },
    {
      term: 'Payment id',
      detail: <span className="font-mono text-sm break-all">{order.idPayment}</span>,
      wide: true,
    },
    { term: 'Date', detail: <time dateTime={order.date}>{orderDate(order)}</time> },
    { term: 'Amount', detail: <span className="text-2xl font-black tabular-nums">{orderTotal(order)}</span> },
    { term: 'Status', detail: <OrderStatusToggle order={order} />, wide: true },
  ];
  return (
    <dl className="grid grid-cols-2 gap-px overflow-hidden rounded-2xl bg-gray-200 shadow-sm ring-1 ring-black/5 lg:grid-cols-[minmax(0,2fr)_minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto]">
      {facts.map(({ term, detail, wide }) => (
        <div
          key={term}
          className={`flex min-w-0 flex-col gap-1.5 bg-white px-5 py-4 ${wide ? 'col-span-2 lg:col-span-1' : ''}`}
        >
          <dt className="text-xs font-bold tracking-widest text-gray-600 uppercase">{term}</dt>
          <dd className="font-semibold">{detail}</dd>
        </div>
      ))}
    </dl>
  );
}
