import type { ReactNode } from 'react';
import { SHOP_NAME } from '../../../domain/constants.js';
import type { Order } from '../../../domain/payment.js';
import { RETURN_REASON_LABELS } from '../../../domain/returns.js';
import { MailLayout } from './layout.js';
import { orderPageUrl, PairList } from './order-parts.js';
import { pairsText } from './order-updates.js';
import { CallToAction, OrderNumber, Paragraph, Paragraphs } from './parts.js';
import { mailContent, type MailContent } from './render.js';

/** The steps of a return the shopper hears about (a refund that approves one mails on its own). */
export type ReturnStep = 'requested' | 'approved' | 'rejected';

/**
 * Each step of a return: asked (what was asked and when we answer), approved (where to send the
 * pairs) and rejected (the staff's words). Undefined when the order has no such return.
 */
export function returnStepMail(props: {
  publicUrl: string;
  order: Order;
  returnId: string;
  step: ReturnStep;
  /** Where shoppers send pairs back (RETURN_ADDRESS); unset, the approval asks them to reply for it. */
  returnAddress: string | undefined;
}): Promise<MailContent> | undefined {
  const { publicUrl, order, returnId, step, returnAddress } = props;
  const asked = order.returns.find((candidate) => candidate._id === returnId);
  if (!asked) return undefined;
  const pairs = pairsText(order, asked.lines);
  const page = orderPageUrl(publicUrl, order);
  const list = <PairList publicUrl={publicUrl} order={order} lines={asked.lines} />;
  const link = <CallToAction href={page}>View your order</CallToAction>;
  const mail = (subject: string, text: string, heading: string, body: ReactNode) =>
    mailContent(
      subject,
      `${text}\n\nYour order: ${page}`,
      <MailLayout publicUrl={publicUrl} preview={`${heading}: order ${order.number}`} heading={heading}>
        {body}
        {link}
      </MailLayout>,
    );

  if (step === 'requested') {
    const reason = RETURN_REASON_LABELS[asked.reason];
    return mail(
      `We received your return request for ${SHOP_NAME} order ${order.idPayment}`,
      `You asked to return (${reason}):\n${pairs}\n\n` +
        'We will answer within two working days; you will get a mail either way.',
      'We received your return request',
      <>
        <Paragraph>
          For order <OrderNumber>{order.number}</OrderNumber>, you asked to return ({reason}):
        </Paragraph>
        {list}
        <Paragraph>We will answer within two working days; you will get a mail either way.</Paragraph>
      </>,
    );
  }
  if (step === 'approved') {
    const where = returnAddress
      ? `Send them to:\n\n${returnAddress}\n\nwith the order number ${order.idPayment} on a note in the parcel.`
      : `Reply to this mail and we will tell you where to send them; put the order number ${order.idPayment} on a note in the parcel.`;
    return mail(
      `Your return on ${SHOP_NAME} order ${order.idPayment} is approved: send the pairs back`,
      `We have approved your return of:\n${pairs}\n\n${where}\n\n` +
        'We refund them to your card as soon as they arrive; you will get a mail then.',
      'Send the pairs back',
      <>
        <Paragraph>
          We have approved your return on order <OrderNumber>{order.number}</OrderNumber> of:
        </Paragraph>
        {list}
        <Paragraphs text={where} />
        <Paragraph>We refund them to your card as soon as they arrive; you will get a mail then.</Paragraph>
      </>,
    );
  }
  return mail(
    `About your return on ${SHOP_NAME} order ${order.idPayment}`,
    `We cannot accept your return request:\n\n${asked.message ?? ''}\n\n` +
      'Reply to this mail or write to us from the contact page if you have a question.',
    'About your return',
    <>
      <Paragraph>
        We cannot accept your return request on order <OrderNumber>{order.number}</OrderNumber>:
      </Paragraph>
      <Paragraphs text={asked.message ?? ''} />
      {list}
      <Paragraph>Reply to this mail or write to us from the contact page if you have a question.</Paragraph>
    </>,
  );
}
