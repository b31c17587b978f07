import { FileDown } from 'lucide-react';
import type { Order } from '../../../domain/payment';
import { apiUrl } from '../../api/http';
import { secondaryButtonClass } from '../../components/forms/button-class';

/**
 * The order's PDF invoice (issue 31 item 8). A plain link: the session cookie goes with it, and the
 * server answers the file as an attachment, so the browser saves it instead of leaving the page.
 */
export function InvoiceLink({ order }: { order: Pick<Order, 'idPayment' | 'number'> }) {
  return (
    <p className="mt-6">
      <a
        href={apiUrl(`/cart/order/${encodeURIComponent(order.idPayment)}/invoice.pdf`)}
        download={`invoice-${order.number}.pdf`}
        className={secondaryButtonClass}
      >
        <FileDown aria-hidden="true" className="size-5" />
        Download invoice (PDF)
      </a>
    </p>
  );
}
