import { SHOP_NAME } from '../../../domain/constants.js';
import { MailLayout } from './layout.js';
import { CallToAction, InlineLink, Paragraph } from './parts.js';
import { mailContent, type MailContent } from './render.js';

/** The newsletter's welcome (modules/mail), with the link that unsubscribes. */
export function newsletterWelcomeMail(props: {
  publicUrl: string;
  unsubscribeLink: string;
}): Promise<MailContent> {
  const { publicUrl, unsubscribeLink } = props;
  return mailContent(
    `Welcome to the ${SHOP_NAME} newsletter`,
    `Thanks for subscribing! You will hear about new drops and deals first.\n\nTo unsubscribe, open ${unsubscribeLink}`,
    <MailLayout
      publicUrl={publicUrl}
      preview="You will hear about new drops and deals first."
      heading="Thanks for subscribing!"
    >
      <Paragraph>You will hear about new drops and deals first.</Paragraph>
      <CallToAction href={publicUrl}>Visit the shop</CallToAction>
      <Paragraph muted>
        To unsubscribe, open <InlineLink href={unsubscribeLink}>{unsubscribeLink}</InlineLink>
      </Paragraph>
    </MailLayout>,
  );
}

/** "Email me when it's back" (modules/restock): the size is in stock again; the request is used up. */
export function restockMail(props: {
  publicUrl: string;
  shoe: { id: string; name: string };
  size: string;
}): Promise<MailContent> {
  const { publicUrl, shoe, size } = props;
  const page = `${publicUrl}/shoes/${shoe.id}`;
  return mailContent(
    `${shoe.name} in size ${size} is back at ${SHOP_NAME}`,
    `Good news: ${shoe.name} is back in size ${size}. Pairs go fast:\n${page}\n\n` +
      'You asked to be told once: this is the only mail about it.',
    <MailLayout
      publicUrl={publicUrl}
      preview={`${shoe.name} is back in size ${size}.`}
      heading="It's back in your size"
    >
      <Paragraph>
        Good news: <strong>{shoe.name}</strong> is back in size {size}. Pairs go fast.
      </Paragraph>
      <CallToAction href={page}>See the shoe</CallToAction>
      <Paragraph muted>You asked to be told once: this is the only mail about it.</Paragraph>
    </MailLayout>,
  );
}
