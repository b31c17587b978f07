import { LifeBuoy, User } from 'lucide-react';
import { Link, useLocation, useParams } from 'react-router';
import { MESSAGES } from '../../../domain/messages';
import type { Order } from '../../../domain/payment';
import { isNotFound } from '../../api/http';
import { useOrder } from './api/use-order';
import { OrderConfirmation } from './order-confirmation';
import { OrderRefunds } from './order-refunds';
import { OrderReturns } from './order-returns';
import { InvoiceLink } from './invoice-link';
import { BackHomeLink } from '../../components/back-home-link';
import { EmptyState } from '../../components/empty-state';
import { FactsGrid, type Fact } from '../../components/facts-grid';
import { plainLinkClass } from '../../components/forms/button-class';
import { OrderAddresses } from '../../components/order-addresses';
import { OrderLinesTable } from '../../components/order-lines-table';
import { OrderTimeline } from '../../components/order-timeline';
import { OrderStatusBadge, ShipmentBadge } from '../../components/order-status-badge';
import { PageHeader } from '../../components/page-header';
import { PageLoading } from '../../components/page-loading';
import { PAGE_WIDTH } from '../../components/page-width';
import { RetryButton } from '../../components/retry-button';
import { useDocumentTitle } from '../../components/use-document-title';
import { isJustPaid } from '../../lib/order-confirmation';
import { orderDate, orderTotal } from '../../lib/order-display';
import { paths } from '../../paths';

/** Back Account, Back Home and 'Some Problem?' (spec §2 "Order detail"). */
function OrderLinks({ centered = false }: { centered?: boolean }) {
  return (
    <nav
      aria-label="Order links"
      className={`mt-8 flex flex-wrap items-center gap-x-6 gap-y-2 ${centered ? 'justify-center' : ''}`}
    >
      <Link to={paths.account} className={plainLinkClass}>
        <User aria-hidden="true" className="size-4" />
        Back Account
      </Link>
      <BackHomeLink variant="plain" />
      <Link to={paths.contactUsAsWritten} className={plainLinkClass}>
        <LifeBuoy aria-hidden="true" className="size-4" />
        Some Problem?
      </Link>
    </nav>
  );
}

function OrderFacts({ order }: { order: Order }) {
  // On a phone the id and the total take a whole row each, status and date share one.
  const facts: Fact[] = [
    { term: 'Order number', detail: <span className="whitespace-nowrap">{order.number}</span>, wide: true },
    {
      term: 'Order id',
      detail: <span className="font-mono text-sm break-all">{order.idPayment}</span>,
      wide: true,
    },
    {
      term: 'Status',
      // The spec's Pending stays; once it is on its way, the shipment says so beside it.
      detail: (
        <span className="flex flex-wrap gap-1.5">
          <OrderStatusBadge status={order.status} />
          {order.shipment && order.status === 'Pending' && <ShipmentBadge shipment={order.shipment} />}
        </span>
      ),
    },
    { term: 'Date', detail: <time dateTime={order.date}>{orderDate(order)}</time> },
    {
      term: 'Total',
      detail: <span className="text-2xl font-black tabular-nums">{orderTotal(order)}</span>,
      wide: true,
    },
  ];
  return <FactsGrid facts={facts} columns="lg:grid-cols-[1fr_2fr_1fr_1fr_1fr]" />;
}

/**
 * `/order/:idPayment` (spec §2 "Order detail"): the order's id, shoes, status, date and
 * total; LOADING... while it loads, and a clear answer when it is not the user's or not there.
 */
export default function OrderPage() {
  const idPayment = useParams().idPayment ?? '';
  const { data: order, isPending, error, refetch, isRefetching } = useOrder(idPayment);
  const notFound = isNotFound(error);
  // Just paid (the cart sent the shopper here): the page opens with the confirmation.
  const justPaid = isJustPaid(useLocation().state);
  useDocumentTitle(
    order ? (justPaid ? 'Order confirmed' : 'Order') : notFound ? MESSAGES.orders.notFound : undefined,
  );

  if (isPending) {
    return (
      <div className={`${PAGE_WIDTH} py-10 sm:py-14`}>
        <PageLoading />
      </div>
    );
  }

  if (!order) {
    return (
      <section aria-labelledby="order-missing-title" className={`${PAGE_WIDTH} max-w-xl py-10 sm:py-14`}>
        <h1 id="order-missing-title" className="mb-6 text-center text-4xl font-black tracking-tight">
          {notFound ? MESSAGES.orders.notFound : MESSAGES.common.somethingWrong}
        </h1>
        <EmptyState
          title={
            notFound
              ? 'There is no order with this id in your account.'
              : 'We could not load this order just now.'
          }
        >
          {!notFound && <RetryButton onRetry={() => void refetch()} retrying={isRefetching} />}
        </EmptyState>
        <OrderLinks centered />
      </section>
    );
  }

  return (
    <div className={`${PAGE_WIDTH} py-10 sm:py-14`}>
      <PageHeader eyebrow="Order detail" title="Your order" />
      {justPaid && <OrderConfirmation order={order} />}
      <OrderFacts order={order} />
      <InvoiceLink order={order} />
      <OrderTimeline order={order} />
      <OrderAddresses order={order} />
      <OrderLinesTable order={order} />
      <OrderRefunds order={order} />
      <OrderReturns order={order} />
      <OrderLinks />
    </div>
  );
}
