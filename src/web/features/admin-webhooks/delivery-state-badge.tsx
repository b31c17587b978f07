import { CircleCheck, CircleX, Clock, Send, type LucideIcon } from 'lucide-react';
import type { WebhookDeliveryState } from '../../../domain/contracts/webhooks';

const LOOKS: Record<WebhookDeliveryState, { label: string; icon: LucideIcon; className: string }> = {
  pending: { label: 'Pending', icon: Clock, className: 'bg-amber-50 text-amber-800' },
  delivering: { label: 'Sending', icon: Send, className: 'bg-sky-50 text-sky-900' },
  delivered: { label: 'Delivered', icon: CircleCheck, className: 'bg-emerald-50 text-emerald-800' },
  failed: { label: 'Failed', icon: CircleX, className: 'bg-red-50 text-red-800' },
};

/** Where a delivery stands, as a small pill: its word, not only its colour. */
export function DeliveryStateBadge({ state }: { state: WebhookDeliveryState }) {
  const { label, icon: Icon, className } = LOOKS[state];
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-bold whitespace-nowrap ${className}`}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {label}
    </span>
  );
}
