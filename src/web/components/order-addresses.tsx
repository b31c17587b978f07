import { MapPin, ReceiptText } from 'lucide-react';
import {
  cityLine,
  type OrderBillingAddress,
  type OrderDeliveryAddress,
  type Order,
} from '../../domain/payment';
import { SectionCard } from './section-card';

/**
 * An address as a US envelope has it: the name, the lines, "City, ST 12345", then the phone. The
 * name and street lines of an order whose buyer deleted their account are erased (docs/your-data.md):
 * what is left is shown without empty lines.
 */
function AddressLines({ address }: { address: OrderDeliveryAddress | OrderBillingAddress }) {
  const { line2, phone } = address as Partial<OrderDeliveryAddress>;
  const lines = [address.line1, line2, cityLine(address)].filter(Boolean);
  return (
    <address className="mt-3 text-sm leading-6 break-words text-gray-800 not-italic">
      {address.name && <span className="block font-bold text-ink">{address.name}</span>}
      {lines.map((line, index) => (
        <span key={`${index}:${line}`} className="block">
          {line}
        </span>
      ))}
      {phone && (
        <span className="mt-1 block">
          <span className="sr-only">Phone: </span>
          <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} className="underline underline-offset-2">
            {phone}
          </a>
        </span>
      )}
    </address>
  );
}

/**
 * Where the order goes, and the card's billing address when it is another (issue 31), as they were
 * when it was paid: on the shopper's order page and the admin's order view. Nothing for an order
 * placed without an address.
 */
export function OrderAddresses({ order }: { order: Pick<Order, 'deliveryAddress' | 'billingAddress'> }) {
  const { deliveryAddress, billingAddress } = order;
  if (!deliveryAddress) return null;
  const delivery = (
    <SectionCard title="Delivery address" icon={MapPin}>
      <AddressLines address={deliveryAddress} />
    </SectionCard>
  );
  if (!billingAddress) return delivery;
  return (
    <div className="grid gap-x-6 md:grid-cols-2">
      {delivery}
      <SectionCard title="Billing address" icon={ReceiptText}>
        <AddressLines address={billingAddress} />
      </SectionCard>
    </div>
  );
}
