import { SHOP_NAME } from '../../../domain/constants.js';
import { MailLayout } from './layout.js';
import { CallToAction, Paragraph } from './parts.js';
import { mailContent, type MailContent } from './render.js';

/** What became of an entry to a draw (issue 36): won, card declined, or not drawn. */
export function dropOutcomeMail(props: {
  publicUrl: string;
  dropId: string;
  shoeName: string;
  size: string;
  outcome: 'won' | 'declined' | 'lost';
  orderId: string | null;
}): Promise<MailContent> {
  const { publicUrl, dropId, shoeName, size, outcome, orderId } = props;
  const drawPage = `${publicUrl}/drops/${dropId}`;
  const orderPage = orderId ? `${publicUrl}/orders/${orderId}` : `${publicUrl}/account`;
  const check = `How the draw was made, and how to check it: ${drawPage}`;
  if (outcome === 'won') {
    return mailContent(
      `You won ${shoeName} in size ${size}`,
      `You won the draw for ${shoeName} in size ${size}. Your card was charged and your order is confirmed:\n${orderPage}\n\n${check}`,
      <MailLayout
        publicUrl={publicUrl}
        preview={`Your pair of ${shoeName} is yours.`}
        heading="You won the draw"
      >
        <Paragraph>
          You won the draw for <strong>{shoeName}</strong> in size {size}. Your card was charged and your
          order is confirmed: the receipt follows.
        </Paragraph>
        <CallToAction href={orderPage}>See your order</CallToAction>
        <Paragraph muted>{check}</Paragraph>
      </MailLayout>,
    );
  }
  const declined = outcome === 'declined';
  const text = declined
    ? `You were drawn for ${shoeName} in size ${size}, but your card was declined, so the pair went to the next entry. Nothing was charged.`
    : `The draw for ${shoeName} is over, and your entry for size ${size} was not drawn this time. Nothing was charged.`;
  return mailContent(
    declined ? `Your card was declined in the ${shoeName} draw` : `The ${shoeName} draw: not this time`,
    `${text}\n\n${check}\n\nThanks for entering, and see you at the next drop at ${SHOP_NAME}.`,
    <MailLayout
      publicUrl={publicUrl}
      preview={declined ? 'Your card was declined.' : 'Your entry was not drawn this time.'}
      heading={declined ? 'Your card was declined' : 'Not this time'}
    >
      <Paragraph>{text}</Paragraph>
      <CallToAction href={drawPage}>See the draw</CallToAction>
      <Paragraph muted>Thanks for entering, and see you at the next drop at {SHOP_NAME}.</Paragraph>
    </MailLayout>,
  );
}
