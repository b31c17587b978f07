import { useSearchParams } from 'react-router';
import { PAGE_WIDTH } from '../../components/page-width';
import { BackToAdminLink } from '../../components/back-to-admin-link';
import { OrderPicker } from './order-picker';
import { OrderView } from './order-view';

/**
 * `/orders` (spec §2, inside RequireAdmin): the order named by `?order={idPayment}` (the
 * dashboard's View links), or without it the recent orders to pick one from.
 */
export default function AdminOrderPage() {
  const [searchParams] = useSearchParams();
  const idPayment = searchParams.get('order')?.trim() ?? '';

  return (
    <div className={`${PAGE_WIDTH} py-10 sm:py-14`}>
      <div className="mb-4">
        <BackToAdminLink />
      </div>
      {idPayment ? <OrderView key={idPayment} idPayment={idPayment} /> : <OrderPicker />}
    </div>
  );
}
