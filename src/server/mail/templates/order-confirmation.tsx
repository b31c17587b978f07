import { Column } from '@react-email/column';
import { Row } from '@react-email/row';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { formatPrice } from '../../../domain/cart-lines.js';
import { SHOP_NAME } from '../../../domain/constants.js';
import type { Order } from '../../../domain/payment.js';
import { MailLayout } from './layout.js';
import { cents, deliveryLines, estimateText, InfoBlock, orderPageUrl, PairRow } from './order-parts.js';
import { CallToAction, InlineLink, OrderNumber, Paragraph } from './parts.js';
import { mailContent, type MailContent } from './render.js';
import { COLORS } from './theme.js';

/** What a line cost before its share of the discount, in cents (prices are dollars). */
const lineCents = (line: Order['shoe'][number]) => Math.round(line.price * 100) * line.quantity;

/**
 * The plain part: the receipt as it always read (word for word for an order without shipping or
 * tax), with shipping, tax and the estimate once an order has them.
 */
function confirmationText(order: Order): string {
  const lines = order.shoe.map(
    (line) =>
      `- ${line.name}, size ${line.size}, x${line.quantity}: ${formatPrice(line.price)}` +
      (line.discount > 0 ? ` (-${formatPrice(line.discount)})` : ''),
  );
  const discount = order.discountCode ? `Discount ${order.discountCode}: -${cents(order.discount)}\n` : '';
  const shipping = order.shipping
    ? `Shipping (${order.shipping.method}): ${order.shipping.amount === 0 ? 'Free' : cents(order.shipping.amount)}\n`
    : '';
  const tax = order.tax > 0 ? `Tax: ${cents(order.tax)}\n` : '';
  // An order paid with the spec's body has no address: the mail then says nothing of one.
  const delivery = order.deliveryAddress ? `\n\nWe will send it to:\n${deliveryLines(order).join('\n')}` : '';
  const estimate = order.shipping ? `\n\nEstimated delivery: ${estimateText(order.shipping.estimate)}` : '';
  return (
    `Thanks for your order!\n\n${lines.join('\n')}\n\n` +
    `${discount}${shipping}${tax}Total: ${cents(order.amount)}${delivery}${estimate}`
  );
}

function TotalRow({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  const style = {
    margin: 0,
    padding: strong ? '10px 0 0' : '3px 0',
    fontSize: strong ? '17px' : '15px',
    lineHeight: '22px',
    fontWeight: strong ? 800 : 400,
    color: COLORS.ink,
  };
  return (
    <Row>
      <Column>
        <Text style={style}>{label}</Text>
      </Column>
      <Column style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
        <Text style={style}>{value}</Text>
      </Column>
    </Row>
  );
}

/** Subtotal, the code's discount, shipping, tax and what the card was charged. */
function Totals({ order }: { order: Order }) {
  const subtotal = order.shoe.reduce((sum, line) => sum + lineCents(line), 0);
  return (
    <Section style={{ margin: '8px 0 20px' }}>
      <TotalRow label="Subtotal" value={cents(subtotal)} />
      {order.discountCode && (
        <TotalRow label={`Discount (${order.discountCode})`} value={`-${cents(order.discount)}`} />
      )}
      {order.shipping && (
        <TotalRow
          label={`Shipping (${order.shipping.method})`}
          value={order.shipping.amount === 0 ? 'Free' : cents(order.shipping.amount)}
        />
      )}
      {order.tax > 0 && <TotalRow label="Tax" value={cents(order.tax)} />}
      <TotalRow label="Total" value={cents(order.amount)} strong />
    </Section>
  );
}

function LineAmount({ line }: { line: Order['shoe'][number] }) {
  return (
    <>
      <Text style={{ margin: 0, fontSize: '15px', lineHeight: '21px', fontWeight: 700, color: COLORS.ink }}>
        {cents(lineCents(line))}
      </Text>
      {line.discount > 0 && (
        <Text style={{ margin: 0, fontSize: '13px', lineHeight: '19px', color: '#047857' }}>
          -{formatPrice(line.discount)}
        </Text>
      )}
    </>
  );
}

/**
 * The order confirmation (order.paid): every pair with its picture, size and quantity, the code and
 * its discount, shipping, tax and total, where it goes and when, and how to return or ask for help.
 * The card's last four digits, when the payment service told them.
 */
export function orderConfirmationMail(props: { publicUrl: string; order: Order }): Promise<MailContent> {
  const { publicUrl, order } = props;
  const page = orderPageUrl(publicUrl, order);
  const placed = new Date(order.date).toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' });
  return mailContent(
    `Your ${SHOP_NAME} order ${order.idPayment}`,
    `${confirmationText(order)}\n\nYour order: ${page}`,
    <MailLayout
      publicUrl={publicUrl}
      preview={`Order ${order.number}: ${cents(order.amount)}`}
      heading="Thanks for your order!"
    >
      <Paragraph>
        Order <OrderNumber>{order.number}</OrderNumber>, placed {placed}.
      </Paragraph>
      <Text
        style={{
          margin: '0 0 12px',
          fontSize: '12px',
          lineHeight: '18px',
          color: COLORS.muted,
          wordBreak: 'break-all',
        }}
      >
        Payment {order.idPayment}
        {order.cardLast4 ? `, paid with the card ending in ${order.cardLast4}` : ''}
      </Text>
      <Section>
        {order.shoe.map((line) => (
          <PairRow
            key={line.lineId}
            publicUrl={publicUrl}
            line={line}
            quantity={line.quantity}
            each={formatPrice(line.price)}
            amount={<LineAmount line={line} />}
          />
        ))}
      </Section>
      <Totals order={order} />
      {order.shipping && (
        <InfoBlock title="Estimated delivery" lines={[estimateText(order.shipping.estimate)]} />
      )}
      {order.deliveryAddress && <InfoBlock title="We will send it to" lines={deliveryLines(order)} />}
      <CallToAction href={page}>View your order</CallToAction>
      <Paragraph muted>
        Changed your mind? You can return pairs within 30 days after they arrive, from{' '}
        <InlineLink href={page}>your order's page</InlineLink>. We mail you when your order ships.
      </Paragraph>
    </MailLayout>,
  );
}
