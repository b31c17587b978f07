import { MESSAGES } from '../../../domain/messages';
import { RotateCw } from 'lucide-react';
import { isNotFound } from '../../api/http';
import { useAdminOrder } from './api/use-admin-order';
import { EmptyState } from '../../components/empty-state';
import { secondaryButtonClass } from '../../components/forms/button-class';
import { OrderLinesTable } from '../../components/order-lines-table';
import { PageHeader } from '../../components/page-header';
import { PageLoading } from '../../components/page-loading';
import { useDocumentTitle } from '../../components/use-document-title';
import { OrderFacts } from './order-facts';

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
          {!notFound && (
            <button
              type="button"
              onClick={() => void refetch()}
              disabled={isRefetching}
              className={`${secondaryButtonClass} mt-2 text-sm`}
            >
              <RotateCw aria-hidden="true" className="size-4" />
              Try again
            </button>
          )}
        </EmptyState>
      </>
    );
  }

  return (
    <>
      <PageHeader eyebrow="Admin · Order" title="Order" />
      <OrderFacts order={order} />
      <OrderLinesTable order={order} />
    </>
  );
}
