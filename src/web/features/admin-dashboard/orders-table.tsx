import { Eye, Receipt } from 'lucide-react';
import { Link } from 'react-router';
import { PAGE_SIZE } from '../../../domain/constants';
import { useAdminOrders } from '../../api/use-admin-orders';
import { OrderStatusToggle } from '../../components/order-status-toggle';
import { orderDate } from '../../lib/order-display';
import { paths } from '../../paths';
import { AdminTableSection } from './admin-table-section';
import { formatCents } from './money';
import {
  bodyClass,
  cellClass,
  headCellClass,
  headClass,
  headRowClass,
  labelledCellClass,
  rowActionClass,
  rowClass,
  tableClass,
  wideCellClass,
} from './table-classes';
import { useTableSearch } from './use-table-search';

/** Orders (spec §2, 4 per page, newest first): status edit and a link to the whole order. */
export function OrdersTable() {
  const search = useTableSearch();
  const { data, isPending, isError, isPlaceholderData } = useAdminOrders(search.query, search.offset);

  return (
    <AdminTableSection
      title="Orders"
      icon={Receipt}
      searchHint="Email or payment id"
      search={search}
      pageSize={PAGE_SIZE.adminOrders}
      total={data?.total}
      loading={isPending}
      stale={isPlaceholderData}
      error={isError}
      emptyText={
        data?.items.length === 0
          ? search.query
            ? 'No orders match your search.'
            : 'No orders yet.'
          : undefined
      }
    >
      <table className={`${tableClass} md:min-w-[54rem]`}>
        <caption className="sr-only">Orders, newest first</caption>
        <thead className={headClass}>
          <tr className={headRowClass}>
            <th scope="col" className={headCellClass}>
              Date
            </th>
            <th scope="col" className={headCellClass}>
              Email
            </th>
            <th scope="col" className={headCellClass}>
              Payment id
            </th>
            <th scope="col" className={`${headCellClass} text-right`}>
              Amount
            </th>
            <th scope="col" className={headCellClass}>
              Status
            </th>
            <th scope="col" className={headCellClass}>
              <span className="sr-only">Details</span>
            </th>
          </tr>
        </thead>
        <tbody className={bodyClass}>
          {data?.items.map((order) => (
            <tr key={order._id} className={rowClass}>
              <td data-label="Date" className={`${labelledCellClass} whitespace-nowrap tabular-nums`}>
                <time dateTime={order.date}>{orderDate(order)}</time>
              </td>
              <td
                data-label="Email"
                className={`${labelledCellClass} ${wideCellClass} break-all md:max-w-56`}
              >
                {order.email}
              </td>
              <th
                scope="row"
                data-label="Payment id"
                className={`${labelledCellClass} ${wideCellClass} font-mono text-xs font-semibold break-all md:break-normal md:whitespace-nowrap`}
              >
                {order.idPayment}
              </th>
              <td
                data-label="Amount"
                className={`${labelledCellClass} font-bold whitespace-nowrap tabular-nums md:text-right`}
              >
                {formatCents(order.amount)}
              </td>
              <td data-label="Status" className={`${labelledCellClass} ${wideCellClass}`}>
                <OrderStatusToggle order={order} />
              </td>
              <td className={`${cellClass} ${wideCellClass} md:text-right`}>
                <Link to={paths.adminOrder(order.idPayment)} className={rowActionClass}>
                  <Eye aria-hidden="true" className="size-3.5" />
                  View
                  <span className="sr-only"> order {order.idPayment}</span>
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </AdminTableSection>
  );
}
