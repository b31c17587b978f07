import { Column } from '@react-email/column';
import { Img } from '@react-email/img';
import { Row } from '@react-email/row';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { ReactNode } from 'react';
import { formatPrice } from '../../../domain/cart-lines.js';
import { imageVariantUrl } from '../../../domain/images.js';
import { addressLines, type Order } from '../../../domain/payment.js';
import { pathOf, PAGES } from '../../../domain/routes.js';
import { COLORS } from './theme.js';

/** The order's page in the shop, where the shopper follows it and asks to return pairs. */
export const orderPageUrl = (publicUrl: string, order: Pick<Order, 'idPayment'>) =>
  `${publicUrl}${pathOf(PAGES.order, order.idPayment)}`;

/** Dollars of cents, as the shop writes prices ("$50", "$19.95"). */
export const cents = (amount: number) => formatPrice(amount / 100);

/**
 * A shoe's picture as a mail can load it: an absolute address on the shop (a mail is read far from
 * it), the 320 px copy of a stored picture (shown at 64 px, sharp on a phone), nothing for a data:
 * URL (mail clients block them).
 */
export function mailImageUrl(publicUrl: string, image: string): string | undefined {
  if (/^https?:\/\//.test(image)) return image;
  if (!image.startsWith('/')) return undefined;
  const small =
    image.startsWith('/uploads/') && image.endsWith('.webp') ? imageVariantUrl(image, 320) : image;
  return `${publicUrl}${small}`;
}

/** "Mon, Nov 30": a day of an estimate (YYYY-MM-DD, a calendar day, so read in UTC). */
function day(iso: string): string {
  return new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** The estimated delivery, "Mon, Nov 30 to Wed, Dec 2" (one day when both ends are the same). */
export function estimateText(estimate: { from: string; to: string }): string {
  return estimate.from === estimate.to ? day(estimate.from) : `${day(estimate.from)} to ${day(estimate.to)}`;
}

const SMALL = { margin: 0, fontSize: '13px', lineHeight: '19px', color: COLORS.muted } as const;
const STRONG = {
  margin: 0,
  fontSize: '15px',
  lineHeight: '21px',
  fontWeight: 700,
  color: COLORS.ink,
} as const;

/**
 * A line with a shoe's picture on the left (64 px, from the public address), `children` beside it and,
 * when given, `aside` on the right: a pair of an order, a favorite that costs less.
 */
export function PictureRow(props: {
  publicUrl: string;
  image: string | null;
  children: ReactNode;
  aside?: ReactNode;
}) {
  const { publicUrl, image, children, aside } = props;
  const src = image ? mailImageUrl(publicUrl, image) : undefined;
  return (
    <Row style={{ borderBottom: `1px solid ${COLORS.line}` }}>
      <Column style={{ width: '76px', padding: '10px 0', verticalAlign: 'top' }}>
        {src && (
          <Img
            src={src}
            alt=""
            width="64"
            height="64"
            style={{ borderRadius: '8px', objectFit: 'cover', backgroundColor: COLORS.paper }}
          />
        )}
      </Column>
      <Column style={{ padding: '10px 8px 10px 0', verticalAlign: 'top' }}>{children}</Column>
      {aside !== undefined && (
        <Column style={{ padding: '10px 0', verticalAlign: 'top', textAlign: 'right', whiteSpace: 'nowrap' }}>
          {aside}
        </Column>
      )}
    </Row>
  );
}

/** One pair line: its picture, name, size and quantity, and on the right what it cost. */
export function PairRow(props: {
  publicUrl: string;
  line: Pick<Order['shoe'][number], 'name' | 'image' | 'size'>;
  quantity: number;
  amount?: ReactNode;
  /** The price of one pair, shown when there are several. */
  each?: string;
}) {
  const { publicUrl, line, quantity, amount, each } = props;
  return (
    <PictureRow publicUrl={publicUrl} image={line.image} aside={amount}>
      <Text style={STRONG}>{line.name}</Text>
      <Text style={SMALL}>
        Size {line.size} · Qty {quantity}
        {each && quantity > 1 && ` · ${each} each`}
      </Text>
    </PictureRow>
  );
}

/** Pairs of an order named by its lines' ids (a refund's or a return's), with their pictures. */
export function PairList(props: {
  publicUrl: string;
  order: Order;
  lines: readonly { lineId: string; quantity: number }[];
}) {
  const { publicUrl, order, lines } = props;
  return (
    <Section style={{ margin: '0 0 16px' }}>
      {lines.map((asked) => {
        const line = order.shoe.find((candidate) => candidate.lineId === asked.lineId);
        return (
          <PairRow
            key={asked.lineId}
            publicUrl={publicUrl}
            line={line ?? { name: 'pair', image: '', size: '?' }}
            quantity={asked.quantity}
          />
        );
      })}
    </Section>
  );
}

/** A titled block of lines (an address, the delivery estimate). */
export function InfoBlock({ title, lines }: { title: string; lines: readonly string[] }) {
  return (
    <Section style={{ margin: '0 0 16px' }}>
      <Text style={{ ...SMALL, fontWeight: 700, textTransform: 'uppercase', letterSpacing: '0.04em' }}>
        {title}
      </Text>
      {lines.map((line, index) => (
        <Text key={index} style={{ margin: 0, fontSize: '15px', lineHeight: '22px', color: COLORS.ink }}>
          {line}
        </Text>
      ))}
    </Section>
  );
}

/** An order's delivery address as its label writes it. */
export const deliveryLines = (order: Order) =>
  order.deliveryAddress ? addressLines(order.deliveryAddress) : [];
