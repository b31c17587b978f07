import { formatPrice } from '../../../domain/cart-lines.js';
import { SHOP_NAME } from '../../../domain/constants.js';
import { addressLines, type Order } from '../../../domain/payment.js';
import { RETURN_REASON_LABELS } from '../../../domain/returns.js';
import type { EventConsumer, StoredEvent } from '../../events/domain-events.js';
import type { Mailer } from '../../mail/mailer.js';
import type { OrdersReadModel } from './repository.js';

type Mail = [subject: string, text: string];
/** The events it mails about: an order's and its returns' (a refused refund mails nobody). */
type OrderEvent = Extract<StoredEvent, { type: `order.${string}` | `return.${string}` }>;

const pairsOf = (order: Order, lines: readonly { lineId: string; quantity: number }[]) =>
  lines
    .map((asked) => {
      const line = order.shoe.find((candidate) => candidate.lineId === asked.lineId);
      return `- ${asked.quantity} x ${line?.name ?? 'pair'}, size ${line?.size ?? '?'}`;
    })
    .join('\n');

function confirmation(order: Order): Mail {
  const lines = order.shoe.map(
    (line) =>
      `- ${line.name}, size ${line.size}, x${line.quantity}: ${formatPrice(line.price)}` +
      (line.discount > 0 ? ` (-${formatPrice(line.discount)})` : ''),
  );
  const discount = order.discountCode
    ? `Discount ${order.discountCode}: -${formatPrice(order.discount / 100)}\n`
    : '';
  // An order paid with the spec's body has no address: the mail then says nothing of one.
  const delivery = order.deliveryAddress
    ? `\n\nWe will send it to:\n${addressLines(order.deliveryAddress).join('\n')}`
    : '';
  return [
    `Your ${SHOP_NAME} order ${order.idPayment}`,
    `Thanks for your order!\n\n${lines.join('\n')}\n\n${discount}Total: ${formatPrice(order.amount / 100)}${delivery}`,
  ];
}

function shipment(order: Order): Mail | undefined {
  const shipped = order.shipment;
  if (!shipped) return undefined;
  const track = shipped.trackingUrl
    ? `Follow it with ${shipped.carrier}: ${shipped.trackingUrl}`
    : `Carrier: ${shipped.carrier}, tracking number ${shipped.trackingNumber}.`;
  return [
    `Your ${SHOP_NAME} order ${order.idPayment} is on its way`,
    `Good news: your order has left our warehouse.\n\n${track}`,
  ];
}

/**
 * A refund that went through: for a return, what happened to it; otherwise the staff's message to
 * the buyer when they wrote one. The internal reason is never in it.
 */
function refund(order: Order, refundId: string): Mail | undefined {
  const refunded = order.refunds.find((candidate) => candidate._id === refundId);
  if (refunded?.status !== 'succeeded') return undefined;
  const returned = order.returns.find((asked) => asked.refundId === refundId);
  const given =
    refunded.amount === 0
      ? 'nothing: these pairs cost nothing after your discount'
      : `${formatPrice(refunded.amount / 100)} to your card`;
  const statement = refunded.amount === 0 ? '' : 'It may take a few days to show on your statement.';
  if (returned?.status === 'received')
    return [
      `Your return on ${SHOP_NAME} order ${order.idPayment} is refunded`,
      `We have received the pairs you sent back and refunded ${given}. ${statement}`,
    ];
  if (returned)
    return [
      `Your return on ${SHOP_NAME} order ${order.idPayment} is approved`,
      `We have approved your return and refunded ${given}. ${statement}`,
    ];
  const message = refunded.message ? `\n\n${refunded.message}` : '';
  return [
    `A refund on your ${SHOP_NAME} order ${order.idPayment}`,
    `We have refunded ${given}. ${statement}${message}`,
  ];
}

function returnMail(
  order: Order,
  event: Extract<OrderEvent, { type: `return.${string}` }>,
  returnAddress: string | undefined,
): Mail | undefined {
  const asked = order.returns.find((candidate) => candidate._id === event.payload.returnId);
  if (!asked) return undefined;
  const pairs = pairsOf(order, asked.lines);
  if (event.type === 'return.requested')
    return [
      `We received your return request for ${SHOP_NAME} order ${order.idPayment}`,
      `You asked to return (${RETURN_REASON_LABELS[asked.reason]}):\n${pairs}\n\n` +
        'We will answer within two working days; you will get a mail either way.',
    ];
  if (event.type === 'return.approved') {
    const where = returnAddress
      ? `Send them to:\n\n${returnAddress}\n\nwith the order number ${order.idPayment} on a note in the parcel.`
      : `Reply to this mail and we will tell you where to send them; put the order number ${order.idPayment} on a note in the parcel.`;
    return [
      `Your return on ${SHOP_NAME} order ${order.idPayment} is approved: send the pairs back`,
      `We have approved your return of:\n${pairs}\n\n${where}\n\n` +
        'We refund them to your card as soon as they arrive; you will get a mail then.',
    ];
  }
  if (event.type === 'return.rejected')
    return [
      `About your return on ${SHOP_NAME} order ${order.idPayment}`,
      `We cannot accept your return request:\n\n${asked.message ?? ''}\n\n` +
        'Reply to this mail or write to us from the contact page if you have a question.',
    ];
  // A step added later mails nobody until it is given its own words here.
  return undefined;
}

/** The mail an event about an order sends its buyer; undefined for an event that mails nobody. */
function mailFor(order: Order, event: OrderEvent, returnAddress: string | undefined): Mail | undefined {
  switch (event.type) {
    case 'order.paid':
      return confirmation(order);
    case 'order.shipped':
      return shipment(order);
    case 'order.refunded':
      return refund(order, event.payload.refundId);
    default:
      return returnMail(order, event, returnAddress);
  }
}

/**
 * Every mail a buyer gets about their order, sent after the change that it tells of committed
 * (docs/decisions/017): the confirmation, the shipment, refunds and each step of a return. Written
 * from the order as it is when the event is handed over, ending with the link to its page. Kept in
 * the mail outbox under the event's id, so an event handed over twice mails the buyer once.
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
    const mail = mailFor(found.order, about, returnAddress);
    if (!mail) return;
    const [subject, text] = mail;
    await mailer.send(
      {
        to: found.order.email,
        subject,
        text: `${text}\n\nYour order: ${publicUrl}/order/${found.order.idPayment}`,
      },
      { key: `event:${event.id}` },
    );
  };
}
