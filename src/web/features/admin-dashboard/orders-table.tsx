import { Eye, Receipt } from 'lucide-react';
import { Link } from 'react-router';
import { PAGE_SIZE } from '../../../domain/constants';
import type { Order } from '../../../domain/payment';
import { useAdminOrders } from '../../api/use-admin-orders';
import { OrderStatusToggle } from '../../components/order-status-toggle';
import { orderDate } from '../../lib/order-display';
import { useSearchPaging } from '../../lib/use-search-paging';
import { paths } from '../../paths';
import type { AdminColumn } from './admin-table';
import { AdminTableSection } from './admin-table-section';
import { formatCents } from './money';
import { rowActionClass, wideCellClass } from './table-classes';

const COLUMNS: readonly AdminColumn<Order>[] = [
  {
    label: 'Date',
    className: 'whitespace-nowrap tabular-nums',
    cell: (order) => <time dateTime={order.date}>{orderDate(order)}</time>,
  },
  { label: 'Email', className: `${wideCellClass} break-all md:max-w-56`, cell: (order) => order.email },
  {
    label: 'Payment id',
    rowHeader: true,
    className: `${wideCellClass} font-mono text-xs font-semibold break-all md:break-normal md:whitespace-nowrap`,
    cell: (order) => order.idPayment,
  },
  {
    label: 'Amount',
    alignRight: true,
    className: 'font-bold whitespace-nowrap tabular-nums md:text-right',
    cell: (order) => formatCents(order.amount),
  },
  { label: 'Status', className: wideCellClass, cell: (order) => <OrderStatusToggle order={order} /> },
  {
    label: 'Details',
    hiddenLabel: true,
    unlabelled: true,
    className: `${wideCellClass} md:text-right`,
    cell: (order) => (
      <Link to={paths.adminOrder(order.idPayment)} className={rowActionClass}>
        <Eye aria-hidden="true" className="size-3.5" />
        View
        <span className="sr-only"> order {order.idPayment}</span>
      </Link>
    ),
  },
];

/** Orders (spec §2, 4 per page, newest first): status edit and a link to the whole order. */
export function OrdersTable() {
  const search = useSearchPaging();
  const orders = useAdminOrders(search.query, search.offset);
  return (
    <AdminTableSection
      title="Orders"
      icon={Receipt}
      searchHint="Email or payment id"
      search={search}
      pageSize={PAGE_SIZE.adminOrders}
      query={orders}
      page={orders.data}
      columns={COLUMNS}
      caption="Orders, newest first"
      minWidth="md:min-w-[54rem]"
    />
  );
}
