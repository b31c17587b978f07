import { ChevronDown, Package } from 'lucide-react';
import { useId, useState } from 'react';
import { MESSAGES } from '../../../domain/messages';
import { secondaryButtonClass } from '../../components/forms/button-class';
import { AccountSection } from './account-section';

/**
 * 'My Orders' with SHOW ORDERS (spec §2). The list itself (order ids linking to
 * /order/{idPayment}, with totals) arrives with the checkout.
 */
export function OrdersSection() {
  const [shown, setShown] = useState(false);
  const panelId = useId();
  return (
    <AccountSection title="My Orders">
      <button
        type="button"
        aria-expanded={shown}
        aria-controls={panelId}
        onClick={() => setShown((open) => !open)}
        className={`${secondaryButtonClass} w-full text-sm tracking-widest sm:w-auto`}
      >
        SHOW ORDERS
        <ChevronDown
          aria-hidden="true"
          className={`size-4 transition-transform ${shown ? 'rotate-180' : ''}`}
        />
      </button>
      <div id={panelId} hidden={!shown} className="mt-5">
        <p className="flex items-center gap-3 rounded-2xl border-2 border-dashed border-gray-300 px-5 py-6 text-gray-700">
          <Package aria-hidden="true" className="size-6 shrink-0 text-gray-500" />
          {MESSAGES.account.ordersPlaceholder}
        </p>
      </div>
    </AccountSection>
  );
}
