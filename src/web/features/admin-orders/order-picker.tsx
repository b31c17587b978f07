import { ChevronRight } from 'lucide-react';
import { useId, useRef } from 'react';
import { Link } from 'react-router';
import { useAdminOrders } from '../../api/use-admin-orders';
import { LoadStatus } from '../../components/load-status';
import { OrderFactsLine, OrderStatusTotal } from '../../components/order-summary';
import { PageHeader } from '../../components/page-header';
import { Pager } from '../../components/pager';
import { SearchBox } from '../../components/search-box';
import { useDocumentTitle } from '../../components/use-document-title';
import { useSearchPaging } from '../../lib/use-search-paging';
import { paths } from '../../paths';

/** Enough recent orders to pick from at a glance; older ones are a search or a page away. */
const PICKER_PAGE_SIZE = 10;

/** `/orders` without `?order=`: the most recent orders, searchable, each opening its page. */
export function OrderPicker() {
  useDocumentTitle('Orders');
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const search = useSearchPaging();
  const { data, isPending, isError, isPlaceholderData } = useAdminOrders(
    search.query,
    search.offset,
    PICKER_PAGE_SIZE,
  );

  let list;
  if (isError || isPending) {
    list = <LoadStatus failed={isError} className="py-10" />;
  } else if (data.items.length === 0) {
    list = (
      <p className="rounded-2xl border-2 border-dashed border-gray-300 px-5 py-10 text-center font-semibold text-gray-700">
        {search.query ? 'No orders match your search.' : 'No orders yet.'}
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
        {data.items.map((order) => (
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
                  <OrderFactsLine order={order} withEmail />
                </p>
              </div>
              <OrderStatusTotal order={order}>
                <ChevronRight
                  aria-hidden="true"
                  className="ml-auto size-5 text-gray-400 group-hover:text-ink sm:ml-0"
                />
              </OrderStatusTotal>
            </Link>
          </li>
        ))}
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
      <SearchBox
        id={`${id}-search`}
        className="mb-5 max-w-md"
        srLabel="Search orders"
        value={search.text}
        onChange={(event) => search.setText(event.target.value)}
        placeholder="Email or payment id"
        autoComplete="off"
        maxLength={100}
        inputClassName="h-12 w-full rounded-full border border-gray-300 bg-white pr-4 pl-12 text-base placeholder:text-gray-600 focus:border-ink"
      />
      {list}
      {data && !isError && (
        <Pager
          offset={search.offset}
          pageSize={PICKER_PAGE_SIZE}
          total={data.total}
          onChange={search.setOffset}
          listHeading={heading}
        />
      )}
    </>
  );
}
