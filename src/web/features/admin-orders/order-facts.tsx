import type { Order } from '../../../domain/payment';
import { FactsGrid, type Fact } from '../../components/facts-grid';
import { OrderStatusToggle } from '../../components/order-status-toggle';
import { orderDate, orderTotal } from '../../lib/order-display';

/** Who ordered, when, how much, and the status with its edit. */
export function OrderFacts({ order }: { order: Order }) {
  const facts: Fact[] = [
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
    <FactsGrid
      facts={facts}
      columns="lg:grid-cols-[minmax(0,2fr)_minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto]"
    />
  );
}
