import { SHOP_NAME } from '../../../domain/constants.js';
import type { Order } from '../../../domain/payment.js';
import { MailLayout } from './layout.js';
import { cents, estimateText, InfoBlock, orderPageUrl, PairList } from './order-parts.js';
import { CallToAction, InlineLink, OrderNumber, Paragraph, Paragraphs } from './parts.js';
import { mailContent, type MailContent } from './render.js';

/** "- 1 x Runner, size 9" for each pair a refund or a return names (the plain part's list). */
export const pairsText = (order: Order, lines: readonly { lineId: string; quantity: number }[]) =>
  lines
    .map((asked) => {
      const line = order.shoe.find((candidate) => candidate.lineId === asked.lineId);
      return `- ${asked.quantity} x ${line?.name ?? 'pair'}, size ${line?.size ?? '?'}`;
    })
    .join('\n');

/** The shipment (order.shipped): the carrier and how to follow the parcel. */
export function orderShippedMail(props: {
  publicUrl: string;
  order: Order;
}): Promise<MailContent> | undefined {
  const { publicUrl, order } = props;
  const shipped = order.shipment;
  if (!shipped) return undefined;
  const page = orderPageUrl(publicUrl, order);
  const track = shipped.trackingUrl
    ? `Follow it with ${shipped.carrier}: ${shipped.trackingUrl}`
    : `Carrier: ${shipped.carrier}, tracking number ${shipped.trackingNumber}.`;
  return mailContent(
    `Your ${SHOP_NAME} order ${order.idPayment} is on its way`,
    `Good news: your order has left our warehouse.\n\n${track}\n\nYour order: ${page}`,
    <MailLayout
      publicUrl={publicUrl}
      preview={`Order ${order.number} has left our warehouse.`}
      heading="Your order is on its way"
    >
      <Paragraph>
        Good news: your order <OrderNumber>{order.number}</OrderNumber> has left our warehouse.
      </Paragraph>
      <InfoBlock title="Carrier" lines={[shipped.carrier, `Tracking number ${shipped.trackingNumber}`]} />
      {order.shipping && (
        <InfoBlock title="Estimated delivery" lines={[estimateText(order.shipping.estimate)]} />
      )}
      {shipped.trackingUrl ? (
        <CallToAction href={shipped.trackingUrl}>Follow your parcel</CallToAction>
      ) : (
        <Paragraph>
          See your order on <InlineLink href={page}>its page</InlineLink>.
        </Paragraph>
      )}
      <PairList
        publicUrl={publicUrl}
        order={order}
        lines={order.shoe.map((line) => ({ lineId: line.lineId, quantity: line.quantity }))}
      />
    </MailLayout>,
  );
}

/**
 * A refund that went through: for a return, what happened to it; otherwise the staff's message to
 * the buyer when they wrote one. It names the pairs refunded (none for a refund of an amount); the
 * internal reason is never in it.
 */
export function orderRefundMail(props: {
  publicUrl: string;
  order: Order;
  refundId: string;
}): Promise<MailContent> | undefined {
  const { publicUrl, order, refundId } = props;
  const refunded = order.refunds.find((candidate) => candidate._id === refundId);
  if (refunded?.status !== 'succeeded') return undefined;
  const returned = order.returns.find((asked) => asked.refundId === refundId);
  const given =
    refunded.amount === 0
      ? 'nothing: these pairs cost nothing after your discount'
      : `${cents(refunded.amount)} to your card`;
  const statement = refunded.amount === 0 ? '' : 'It may take a few days to show on your statement.';
  const pairs =
    refunded.lines.length > 0 ? `\n\nThe pairs refunded:\n${pairsText(order, refunded.lines)}` : '';
  const message = !returned && refunded.message ? refunded.message : '';
  const [subject, opening, heading] =
    returned?.status === 'received'
      ? [
          `Your return on ${SHOP_NAME} order ${order.idPayment} is refunded`,
          `We have received the pairs you sent back and refunded ${given}. ${statement}`,
          'Your return is refunded',
        ]
      : returned
        ? [
            `Your return on ${SHOP_NAME} order ${order.idPayment} is approved`,
            `We have approved your return and refunded ${given}. ${statement}`,
            'Your return is approved',
          ]
        : [
            `A refund on your ${SHOP_NAME} order ${order.idPayment}`,
            `We have refunded ${given}. ${statement}`,
            'We have refunded you',
          ];
  const page = orderPageUrl(publicUrl, order);
  return mailContent(
    subject,
    `${opening}${message ? `\n\n${message}` : ''}${pairs}\n\nYour order: ${page}`,
    <MailLayout publicUrl={publicUrl} preview={opening} heading={heading}>
      <Paragraph muted>
        Order <OrderNumber>{order.number}</OrderNumber>
      </Paragraph>
      <Paragraph>{opening.trim()}</Paragraph>
      {message && <Paragraphs text={message} />}
      {refunded.lines.length > 0 && (
        <>
          <Paragraph>The pairs refunded:</Paragraph>
          <PairList publicUrl={publicUrl} order={order} lines={refunded.lines} />
        </>
      )}
      <CallToAction href={page}>View your order</CallToAction>
    </MailLayout>,
  );
}
