import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { SHOP_NAME } from '../../../domain/constants.js';
import { MailLayout } from './layout.js';
import { cents, PairRow } from './order-parts.js';
import { CallToAction, InlineLink, Paragraph } from './parts.js';
import { mailContent, type MailContent } from './render.js';
import { COLORS } from './theme.js';

/** A cart line as the reminder shows it: the catalogue's name, picture and price now (null: gone). */
export interface ReminderMailLine {
  name: string;
  image: string;
  size: string;
  quantity: number;
  priceCents: number | null;
}

/** The second reminder's code: its name, what it takes off, and the last day it works. */
export interface ReminderMailCode {
  code: string;
  off: string;
  endsOn: string;
}

/**
 * An abandoned-cart reminder (modules/cart-reminders, docs/decisions/029): the cart's pairs with their
 * pictures, sizes and prices now, a link that opens the cart filled, the second reminder's single-use
 * code when there is one, and the link that stops these mails.
 */
export function cartReminderMail(props: {
  publicUrl: string;
  name: string;
  lines: readonly ReminderMailLine[];
  restoreLink: string;
  unsubscribeLink: string;
  code?: ReminderMailCode;
}): Promise<MailContent> {
  const { publicUrl, name, lines, restoreLink, unsubscribeLink, code } = props;
  const hello = name.trim() ? `Hi ${name.trim().split(/\s+/)[0]}, y` : 'Y';
  const priceOf = (line: ReminderMailLine) =>
    line.priceCents === null ? 'No longer available' : cents(line.priceCents * line.quantity);
  const subject = code
    ? `${code.off} off the pairs in your ${SHOP_NAME} cart`
    : `Your cart at ${SHOP_NAME} is waiting`;
  const codeText = code
    ? `\n\nYour code ${code.code} takes ${code.off} off, once, until ${code.endsOn}. Type it in your cart.`
    : '';
  const text =
    `${hello}ou left these pairs in your cart:\n` +
    lines
      .map((line) => `- ${line.name}, size ${line.size}, qty ${line.quantity}: ${priceOf(line)}`)
      .join('\n') +
    `\n\nPrices are today's. Open your cart: ${restoreLink}` +
    codeText +
    `\n\nTo get no more cart reminders, open ${unsubscribeLink}`;
  return mailContent(
    subject,
    text,
    <MailLayout
      publicUrl={publicUrl}
      preview={code ? `Your code ${code.code} takes ${code.off} off.` : 'The pairs you picked are waiting.'}
      heading={code ? 'Still thinking it over?' : 'You left something in your cart'}
    >
      <Paragraph>{hello}ou left these pairs in your cart. Prices are today’s.</Paragraph>
      <Section style={{ margin: '0 0 16px' }}>
        {lines.map((line, index) => (
          <PairRow
            key={index}
            publicUrl={publicUrl}
            line={line}
            quantity={line.quantity}
            amount={
              <Text style={{ margin: 0, fontSize: '15px', fontWeight: 700, color: COLORS.ink }}>
                {priceOf(line)}
              </Text>
            }
          />
        ))}
      </Section>
      {code && (
        <Paragraph>
          Your code <strong>{code.code}</strong> takes {code.off} off, once, until {code.endsOn}. Type it in
          your cart.
        </Paragraph>
      )}
      <CallToAction href={restoreLink}>Open my cart</CallToAction>
      <Paragraph muted>
        To get no more cart reminders, open <InlineLink href={unsubscribeLink}>{unsubscribeLink}</InlineLink>
      </Paragraph>
    </MailLayout>,
  );
}
