import { Printer } from 'lucide-react';
import type { Order } from '../../../domain/payment';
import { apiUrl } from '../../api/http';
import { secondaryButtonClass } from '../../components/forms/button-class';

/**
 * The order's packing slip (issue 31 item 8): a PDF without prices, opened in a new tab by the
 * browser's own viewer, whose Print button prints it as it will look on paper.
 */
export function PackingSlipLink({ order }: { order: Pick<Order, 'idPayment'> }) {
  return (
    <p className="mt-6">
      <a
        href={apiUrl(`/cart/order/${encodeURIComponent(order.idPayment)}/packing-slip.pdf`)}
        target="_blank"
        rel="noopener"
        className={secondaryButtonClass}
      >
        <Printer aria-hidden="true" className="size-5" />
        Print packing slip
        <span className="sr-only">(opens the PDF in a new tab)</span>
      </a>
    </p>
  );
}
