import { ChevronRight, Search } from 'lucide-react';
import { useCallback, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { MESSAGES } from '../../../domain/messages';
import { useAdminOrders } from '../../api/use-admin-orders';
import { OrderStatusBadge } from '../../components/order-status-badge';
import { PageHeader } from '../../components/page-header';
import { Pager } from '../../components/pager';
import { useDocumentTitle } from '../../components/use-document-title';
import { orderDate, orderTotal, pairCount } from '../../lib/order-display';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { paths } from '../../paths';

/** Enough recent orders to pick from at a glance; older ones are a search or a page away. */
const PICKER_PAGE_SIZE = 10;
const SEARCH_DEBOUNCE_MS = 300;

/** `/orders` without `?order=`: the most recent orders, searchable, each opening its page. */
export function OrderPicker() {
  useDocumentTitle('Orders');
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [text, setText] = useState('');
  const query = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  // The page belongs to one search: a new search starts on the first page.
  const [paging, setPaging] = useState({ query: '', offset: 0 });
  const offset = paging.query === query ? paging.offset : 0;
  const setOffset = useCallback((next: number) => setPaging({ query, offset: next }), [query]);
  const { data, isPending, isError, isPlaceholderData } = useAdminOrders(query, offset, PICKER_PAGE_SIZE);

  let list;
  if (isError) {
    list = (
      <p role="alert" className="py-10 text-center text-sm font-semibold text-deal">
        {MESSAGES.common.somethingWrong}
      </p>
    );
  } else if (isPending) {
    list = (
      <p role="status" className="py-10 text-center text-sm font-semibold tracking-widest text-gray-500">
        {MESSAGES.pages.loading}
      </p>
    );
  } else if (data.items.length === 0) {
    list = (
      <p className="rounded-2xl border-2 border-dashed border-gray-300 px-5 py-10 text-center font-semibold text-gray-700">
        {query ? 'No orders match your search.' : 'No orders yet.'}
      </p>
    );
  } else {
    list = (
      <ul
        aria-busy={isPlaceholderData}
        className={`divide-y divide-gray-200 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-black/5 transition-opacity ${
          isPlaceholderData ? 'opacity-60' : ''
        }`}
      >
        {data.items.map((order) => {
          const pairs = pairCount(order);
          return (
            <li key={order._id}>
              <Link
                to={paths.adminOrder(order.idPayment)}
                className="group flex flex-col gap-2 px-4 py-4 transition-colors hover:bg-paper/70 sm:flex-row sm:items-center sm:gap-4 sm:px-5"
              >
                <div className="min-w-0 flex-1">
                  <p className="font-mono text-sm font-bold break-all group-hover:text-accent-dark group-hover:underline">
                    {order.idPayment}
                  </p>
                  <p className="mt-0.5 text-sm break-words text-gray-600">
                    {order.email}
                    <span aria-hidden="true"> · </span>
                    <span className="sr-only">, </span>
                    <time dateTime={order.date}>{orderDate(order)}</time>
                    <span aria-hidden="true"> · </span>
                    <span className="sr-only">, </span>
                    {pairs} {pairs === 1 ? 'pair' : 'pairs'}
                  </p>
                </div>
                <div className="flex items-center gap-3 sm:shrink-0">
                  <OrderStatusBadge status={order.status} />
                  <p className="text-lg font-black tabular-nums">
                    <span className="sr-only">Total </span>
                    {orderTotal(order)}
                  </p>
                  <ChevronRight
                    aria-hidden="true"
                    className="ml-auto size-5 text-gray-400 group-hover:text-ink sm:ml-0"
                  />
                </div>
              </Link>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <>
      <PageHeader
        ref={heading}
        eyebrow="Admin"
        title="Orders"
        description="The most recent orders first. Pick one to see its shoes and change its status."
      />
      <div className="relative mb-5 max-w-md">
        <label htmlFor={`${id}-search`} className="sr-only">
          Search orders
        </label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-gray-500"
        />
        <input
          id={`${id}-search`}
          type="search"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            // A new search starts on its first page, even one typed back to an earlier text.
            setPaging({ query: event.target.value.trim(), offset: 0 });
          }}
          placeholder="Email or payment id"
          autoComplete="off"
          maxLength={100}
          className="h-12 w-full rounded-full border border-gray-300 bg-white pr-4 pl-12 text-base placeholder:text-gray-600 focus:border-ink"
        />
      </div>
      {list}
      {data && !isError && (
        <Pager
          offset={offset}
          pageSize={PICKER_PAGE_SIZE}
          total={data.total}
          onChange={setOffset}
          listHeading={heading}
        />
      )}
    </>
  );
}
