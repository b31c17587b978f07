import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { MESSAGES } from '../../../domain/messages';
import { useUserOrders } from './api/use-user-orders';
import { secondaryButtonClass } from '../../components/forms/button-class';
import { OrderList } from './order-list';
import { AccountSection } from './account-section';

/**
 * 'My Orders' (spec §2): after SHOW ORDERS, each order id links to
 * /order/{idPayment} with its total. Orders load only once asked for; the same button hides them
 * again (issue 32), and says so: it reads the spec's SHOW ORDERS whenever they are hidden.
 */
export function OrdersSection({ userId }: { userId: string }) {
  const [shown, setShown] = useState(false);
  const panelId = useId();
  const orders = useUserOrders(userId, { enabled: shown });
  return (
    <AccountSection title="My Orders">
      <button
        type="button"
        aria-expanded={shown}
        aria-controls={panelId}
        onClick={() => setShown((open) => !open)}
        className={`${secondaryButtonClass} w-full text-sm tracking-widest sm:w-auto`}
      >
        {shown ? 'HIDE ORDERS' : 'SHOW ORDERS'}
        <ChevronDown
          aria-hidden="true"
          className={`size-4 transition-transform ${shown ? 'rotate-180' : ''}`}
        />
      </button>
      <div id={panelId} hidden={!shown} className="mt-5">
        {orders.isPending ? (
          <p role="status" className="text-sm font-semibold tracking-widest text-gray-600">
            {MESSAGES.pages.loading}
          </p>
        ) : orders.isError ? (
          <p role="alert" className="text-sm text-deal">
            {MESSAGES.common.somethingWrong}
          </p>
        ) : (
          <OrderList orders={orders.data} />
        )}
      </div>
    </AccountSection>
  );
}
