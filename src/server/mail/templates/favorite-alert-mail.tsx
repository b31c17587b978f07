import { Link } from '@react-email/link';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { SHOP_NAME } from '../../../domain/constants.js';
import { MailLayout } from './layout.js';
import { cents, PictureRow } from './order-parts.js';
import { InlineLink, Paragraph } from './parts.js';
import { mailContent, type MailContent } from './render.js';
import { COLORS } from './theme.js';

/** One favorite that changed: a drop of its price, going on sale, or both. */
export interface FavoriteChange {
  shoeId: string;
  name: string;
  image: string | null;
  oldPriceCents: number;
  newPriceCents: number;
  wentOnSale: boolean;
}

/** "$120 → $95", "now on sale", or both: what changed, in words. */
export function changeText(change: FavoriteChange): string {
  const parts: string[] = [];
  if (change.newPriceCents < change.oldPriceCents)
    parts.push(`${cents(change.oldPriceCents)} → ${cents(change.newPriceCents)}`);
  if (change.wentOnSale) parts.push(`now on sale at ${cents(change.newPriceCents)}`);
  return parts.join(', ');
}

/**
 * Favorite alerts (modules/favorites/alerts, issue 35 item 3): the favorites of one shopper whose
 * price dropped or that went on sale within one window, in one mail, each with its picture, old and
 * new price and a link to it; and the link that turns the alerts off.
 */
export function favoriteAlertMail(props: {
  publicUrl: string;
  changes: readonly FavoriteChange[];
  unsubscribeLink: string;
}): Promise<MailContent> {
  const { publicUrl, changes, unsubscribeLink } = props;
  const pageOf = (change: FavoriteChange) => `${publicUrl}/shoes/${change.shoeId}`;
  const subject =
    changes.length === 1
      ? `${changes[0]!.name}: ${changeText(changes[0]!)} at ${SHOP_NAME}`
      : `${changes.length} of your favorites cost less at ${SHOP_NAME}`;
  const lines = changes.map((change) => `- ${change.name}: ${changeText(change)}\n  ${pageOf(change)}`);
  const off = `You asked to be told when a favorite costs less; to be told no more, open ${unsubscribeLink}`;
  return mailContent(
    subject,
    `Good news about your favorites:\n\n${lines.join('\n')}\n\n${off}`,
    <MailLayout publicUrl={publicUrl} preview={subject} heading="Your favorites cost less">
      <Paragraph>Good news about your favorites:</Paragraph>
      <Section>
        {changes.map((change) => (
          <PictureRow key={change.shoeId} publicUrl={publicUrl} image={change.image}>
            <Text style={{ margin: 0, fontSize: '15px', fontWeight: 700, color: COLORS.ink }}>
              <Link href={pageOf(change)} style={{ color: COLORS.ink }}>
                {change.name}
              </Link>
            </Text>
            <Text style={{ margin: 0, fontSize: '13px', color: COLORS.muted }}>{changeText(change)}</Text>
          </PictureRow>
        ))}
      </Section>
      <Paragraph muted>
        You asked to be told when a favorite costs less; to be told no more, open{' '}
        <InlineLink href={unsubscribeLink}>{unsubscribeLink}</InlineLink>
      </Paragraph>
    </MailLayout>,
  );
}
