import { MESSAGES } from '../../../domain/messages';
import { isNotFound } from '../../api/http';
import { useAdminOrder } from './api/use-admin-order';
import { EmptyState } from '../../components/empty-state';
import { OrderAddresses } from '../../components/order-addresses';
import { OrderLinesTable } from '../../components/order-lines-table';
import { PageHeader } from '../../components/page-header';
import { PageLoading } from '../../components/page-loading';
import { RetryButton } from '../../components/retry-button';
import { useDocumentTitle } from '../../components/use-document-title';
import { OrderFacts } from './order-facts';
import { OrderTimeline } from '../../components/order-timeline';
import { OrderTrail } from './order-trail';
import { PackingSlipLink } from './packing-slip-link';
import { RefundForm } from './refund-form';
import { ReturnDecisions } from './return-decisions';
import { ShipOrderForm } from './ship-order-form';

/** One customer's order, by its idPayment (or _id). */
export function OrderView({ idPayment }: { idPayment: string }) {
  const { data: order, isPending, error, refetch, isRefetching } = useAdminOrder(idPayment);
  const notFound = isNotFound(error);
  useDocumentTitle(order ? 'Order' : notFound ? MESSAGES.orders.notFound : 'Orders');

  if (isPending) return <PageLoading />;

  if (!order) {
    return (
      <>
        <PageHeader eyebrow="Admin" title={notFound ? MESSAGES.orders.notFound : 'Order'} />
        <EmptyState
          title={notFound ? 'There is no order with this id.' : 'We could not load this order just now.'}
        >
          <p className="max-w-full font-mono text-sm break-all text-gray-700">{idPayment}</p>
          {!notFound && <RetryButton onRetry={() => void refetch()} retrying={isRefetching} />}
        </EmptyState>
      </>
    );
  }

  return (
    <>
      {/* The number staff and shoppers say (issue 31); the payment id is among the facts. */}
      <PageHeader eyebrow="Admin · Order" title={`Order ${order.number}`} />
      <OrderFacts order={order} />
      <OrderTimeline order={order} />
      <OrderAddresses order={order} />
      <PackingSlipLink order={order} />
      <ShipOrderForm key={order.shipment?.trackingNumber ?? ''} order={order} />
      <OrderLinesTable order={order} />
      <ReturnDecisions order={order} />
      <RefundForm order={order} />
      <OrderTrail idPayment={order.idPayment} />
    </>
  );
}
