import type { Order } from '../../../domain/payment.js';
import type { EventConsumer, StoredEvent } from '../../events/domain-events.js';
import type { Mailer } from '../../mail/mailer.js';
import { orderConfirmationMail } from '../../mail/templates/order-confirmation.js';
import { orderRefundMail, orderShippedMail } from '../../mail/templates/order-updates.js';
import type { MailContent } from '../../mail/templates/render.js';
import { returnStepMail } from '../../mail/templates/return-mails.js';
import type { OrdersReadModel } from './repository.js';

/** The events it mails about: an order's and its returns' (a refused refund mails nobody). */
type OrderEvent = Extract<StoredEvent, { type: `order.${string}` | `return.${string}` }>;

/** The mail an event about an order sends its buyer; undefined for an event that mails nobody. */
function mailFor(
  order: Order,
  event: OrderEvent,
  publicUrl: string,
  returnAddress: string | undefined,
): Promise<MailContent> | undefined {
  switch (event.type) {
    case 'order.paid':
      return orderConfirmationMail({ publicUrl, order });
    case 'order.shipped':
      return orderShippedMail({ publicUrl, order });
    case 'order.refunded':
      return orderRefundMail({ publicUrl, order, refundId: event.payload.refundId });
    case 'return.requested':
    case 'return.approved':
    case 'return.rejected': {
      const step = event.type.slice('return.'.length) as 'requested' | 'approved' | 'rejected';
      return returnStepMail({ publicUrl, order, returnId: event.payload.returnId, step, returnAddress });
    }
    default:
      // A step added later mails nobody until it is given its own words (src/server/mail/templates).
      return undefined;
  }
}

/**
 * Every mail a buyer gets about their order, sent after the change that it tells of committed
 * (docs/decisions/017): the confirmation, the shipment, refunds and each step of a return, each as
 * plain text and HTML (src/server/mail/templates). Written from the order as it is when the event is
 * handed over, ending with the link to its page. Kept in the mail outbox under the event's id, so an
 * event handed over twice mails the buyer once.
 */
export function createOrderMails(deps: {
  orders: Pick<OrdersReadModel, 'find'>;
  mailer: Mailer;
  publicUrl: string;
  /** Where shoppers send pairs back (RETURN_ADDRESS); unset, the approval asks them to reply for it. */
  returnAddress?: string;
}): EventConsumer {
  const { orders, mailer, publicUrl, returnAddress } = deps;
  return async (event) => {
    if (!event.type.startsWith('order.') && !event.type.startsWith('return.')) return;
    const about = event as OrderEvent;
    const found = await orders.find(about.payload.orderId);
    if (!found) return;
    const mail = await mailFor(found.order, about, publicUrl, returnAddress);
    if (!mail) return;
    await mailer.send({ to: found.order.email, ...mail }, { key: `event:${event.id}` });
  };
}
