import { LifeBuoy, RotateCw, User } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { MESSAGES } from '../../../domain/messages';
import type { Order } from '../../../domain/payment';
import { isNotFound } from '../../api/http';
import { useOrder } from './api/use-order';
import { BackHomeLink } from '../../components/back-home-link';
import { EmptyState } from '../../components/empty-state';
import { secondaryButtonClass } from '../../components/forms/button-class';
import { OrderLinesTable } from '../../components/order-lines-table';
import { OrderStatusBadge } from '../../components/order-status-badge';
import { PageHeader } from '../../components/page-header';
import { PageLoading } from '../../components/page-loading';
import { PAGE_WIDTH } from '../../components/page-width';
import { useDocumentTitle } from '../../components/use-document-title';
import { orderDate, orderTotal } from '../../lib/order-display';
import { paths } from '../../paths';

const linkClass =
  'inline-flex items-center gap-2 rounded-full px-1 py-2 text-sm font-extrabold text-gray-700 transition-colors hover:text-ink';

/** Back Account, Back Home and 'Some Problem?' (spec §2 "Order detail"). */
function OrderLinks({ centered = false }: { centered?: boolean }) {
  return (
    <nav
      aria-label="Order links"
      className={`mt-8 flex flex-wrap items-center gap-x-6 gap-y-2 ${centered ? 'justify-center' : ''}`}
    >
      <Link to={paths.account} className={linkClass}>
        <User aria-hidden="true" className="size-4" />
        Back Account
      </Link>
      <BackHomeLink variant="plain" />
      <Link to={paths.contactUsAsWritten} className={linkClass}>
        <LifeBuoy aria-hidden="true" className="size-4" />
        Some Problem?
      </Link>
    </nav>
  );
}

function OrderFacts({ order }: { order: Order }) {
  const facts = [
    { term: 'Order id', detail: <span className="font-mono text-sm break-all">{order.idPayment}</span> },
    { term: 'Status', detail: <OrderStatusBadge status={order.status} /> },
    { term: 'Date', detail: <time dateTime={order.date}>{orderDate(order)}</time> },
    { term: 'Total', detail: <span className="text-2xl font-black tabular-nums">{orderTotal(order)}</span> },
  ];
  // Two columns on a phone: the id and the total take a whole row each, status and date share one.
  const wide = new Set(['Order id', 'Total']);
  return (
    <dl className="grid grid-cols-2 gap-px overflow-hidden rounded-2xl bg-gray-200 shadow-sm ring-1 ring-black/5 lg:grid-cols-[2fr_1fr_1fr_1fr]">
      {facts.map(({ term, detail }) => (
        <div
          key={term}
          className={`flex min-w-0 flex-col gap-1.5 bg-white px-5 py-4 ${wide.has(term) ? 'col-span-2 lg:col-span-1' : ''}`}
        >
          <dt className="text-xs font-bold tracking-widest text-gray-600 uppercase">{term}</dt>
          <dd className="font-semibold">{detail}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * `/order/:idPayment` (spec §2 "Order detail"): the order's id, shoes, status, date and
 * total; LOADING... while it loads, and a clear answer when it is not the user's or not there.
 */
export default function OrderPage() {
  const idPayment = useParams().idPayment ?? '';
  const { data: order, isPending, error, refetch, isRefetching } = useOrder(idPayment);
  const notFound = isNotFound(error);
  useDocumentTitle(order ? 'Order' : notFound ? MESSAGES.orders.notFound : undefined);

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
        <OrderLinks centered />
      </section>
    );
  }

  return (
    <div className={`${PAGE_WIDTH} py-10 sm:py-14`}>
      <PageHeader eyebrow="Order detail" title="Your order" />
      <OrderFacts order={order} />
      <OrderLinesTable order={order} />
      <OrderLinks />
    </div>
  );
}
