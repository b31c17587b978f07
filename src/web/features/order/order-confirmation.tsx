import { CircleCheck, Mail, PackageCheck, Truck } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router';
import type { Order } from '../../../domain/payment';
import { textLinkClass } from '../../components/forms/button-class';
import { deliveryRange } from '../../lib/delivery-display';
import { paths } from '../../paths';

/**
 * The confirmation a shopper sees once they have paid (issue 31 item 3), at the top of the order's
 * own page: the order's number beside its payment id, how it ships and when it should arrive, and
 * what happens next. The rest of the page says what was bought, where it goes and what it cost.
 * It takes the focus when it appears, so a screen reader starts with it.
 */
export function OrderConfirmation({ order }: { order: Order }) {
  const headingId = useId();
  const ref = useRef<HTMLElement>(null);
  useEffect(() => ref.current?.focus(), []);
  const { shipping } = order;
  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-labelledby={headingId}
      className="mb-8 scroll-mt-32 rounded-2xl bg-emerald-50 p-5 text-emerald-950 ring-1 ring-emerald-200 focus:outline-none sm:p-6"
    >
      <h2 id={headingId} className="flex items-start gap-3 text-2xl font-black tracking-tight sm:text-3xl">
        <CircleCheck aria-hidden="true" className="mt-1 size-7 shrink-0 text-emerald-700" />
        <span>
          Thank you! Order <span className="whitespace-nowrap">{order.number}</span> is confirmed
        </span>
      </h2>
      <p className="mt-2 text-sm text-emerald-900 sm:pl-10">
        Payment id <span className="font-mono break-all">{order.idPayment}</span>
      </p>
      {shipping && (
        <p className="mt-4 flex items-start gap-2 font-semibold sm:pl-10">
          <Truck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <span>
            {shipping.method} shipping: arrives {deliveryRange(shipping.estimate, { weekday: true })}
          </span>
        </p>
      )}
      <h3 className="mt-5 text-xs font-bold tracking-widest text-emerald-900 uppercase sm:pl-10">
        What happens next
      </h3>
      <ul className="mt-3 flex flex-col gap-3 text-sm leading-6 sm:pl-10">
        <li className="flex items-start gap-2">
          <Mail aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <span>
            We are emailing the confirmation to <span className="font-semibold break-all">{order.email}</span>
            .
          </span>
        </li>
        <li className="flex items-start gap-2">
          <PackageCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <span>When your order ships, we email you its tracking number; it shows on this page too.</span>
        </li>
        <li className="flex items-start gap-2">
          <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <span>
            This page stays at hand: find it any time under My Orders in{' '}
            <Link to={paths.account} className={textLinkClass}>
              your account
            </Link>
            .
          </span>
        </li>
      </ul>
    </section>
  );
}
