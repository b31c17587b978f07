import { Eye, PackageOpen } from 'lucide-react';
import { Link } from 'react-router';
import { formatPrice } from '../../../domain/cart-lines';
import { PAGE_SIZE } from '../../../domain/constants';
import type { ReturnAnswer } from '../../../domain/contracts/returns';
import { RETURN_REASON_LABELS } from '../../../domain/returns';
import { useSearchPaging } from '../../lib/use-search-paging';
import { paths } from '../../paths';
import { useAdminReturns } from './api/use-admin-returns';
import type { AdminColumn } from './admin-table';
import { AdminTableSection } from './admin-table-section';
import { rowActionClass, wideCellClass } from './table-classes';

const STATE: Record<ReturnAnswer['status'], string> = {
  requested: 'bg-amber-50 text-amber-800',
  approved: 'bg-emerald-50 text-emerald-800',
  received: 'bg-emerald-50 text-emerald-800',
  rejected: 'bg-red-50 text-deal',
};

const COLUMNS: readonly AdminColumn<ReturnAnswer>[] = [
  {
    label: 'Asked',
    className: 'whitespace-nowrap tabular-nums',
    cell: (asked) => <time dateTime={asked.date}>{asked.date.slice(0, 10)}</time>,
  },
  {
    label: 'Order',
    rowHeader: true,
    className: `${wideCellClass} text-sm`,
    cell: (asked) => (
      <>
        <span className="block font-mono text-xs font-semibold break-all">{asked.idPayment}</span>
        <span className="block break-all text-gray-700">{asked.email}</span>
      </>
    ),
  },
  {
    label: 'Pairs',
    className: `${wideCellClass} text-sm`,
    cell: (asked) => (
      <>
        {asked.lines.map((line) => (
          <span key={line.lineId} className="block">
            {line.quantity} × {line.name}, {line.size}
          </span>
        ))}
        <span className="block text-gray-700">
          {RETURN_REASON_LABELS[asked.reason]} · {formatPrice(asked.value)}
        </span>
      </>
    ),
  },
  {
    label: 'State',
    cell: (asked) => (
      <span className={`rounded-full px-2.5 py-1 text-xs font-bold capitalize ${STATE[asked.status]}`}>
        {asked.status}
      </span>
    ),
  },
  {
    label: 'Actions',
    hiddenLabel: true,
    unlabelled: true,
    className: `${wideCellClass} md:text-right`,
    cell: (asked) => (
      <Link to={paths.adminOrder(asked.idPayment)} className={rowActionClass}>
        <Eye aria-hidden="true" className="size-3.5" />
        {asked.waiting ? 'Decide' : 'View'}
        <span className="sr-only"> the return on order {asked.idPayment}</span>
      </Link>
    ),
  },
];

/** Return requests (4 per page, waiting ones first): each opens its order, where it is decided. */
export function ReturnsTable() {
  const search = useSearchPaging();
  const returns = useAdminReturns(search.query, search.offset);
  return (
    <AdminTableSection
      title="Returns"
      icon={PackageOpen}
      searchHint="Email or payment id"
      search={search}
      pageSize={PAGE_SIZE.adminReturns}
      query={returns}
      page={returns.data}
      columns={COLUMNS}
      caption="Return requests, waiting ones first"
      minWidth="md:min-w-[52rem]"
    />
  );
}
