import { Body } from '@react-email/body';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { ReactNode } from 'react';
import { SHOP_NAME } from '../../../domain/constants.js';
import { PAGES } from '../../../domain/routes.js';
import { COLORS, CONTENT_WIDTH, FONT } from './theme.js';

/**
 * Every mail's frame: the shop's name at the top (a link home), a white card for the message, and a
 * footer saying where to ask for help. One column of at most 600 px that narrows with the screen,
 * so nothing is wider than a phone of 390 px (checked in tests/e2e/html-mails.spec.ts).
 */
export function MailLayout(props: {
  publicUrl: string;
  /** The line a mail client shows beside the subject in its list. */
  preview: string;
  heading: string;
  children: ReactNode;
}) {
  const { publicUrl, preview, heading, children } = props;
  return (
    <Html lang="en">
      <Head>
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
      </Head>
      <Preview>{preview}</Preview>
      <Body style={{ margin: 0, padding: '16px 10px', backgroundColor: COLORS.paper, fontFamily: FONT }}>
        <Container style={{ width: '100%', maxWidth: `${CONTENT_WIDTH}px`, margin: '0 auto' }}>
          <Section style={{ padding: '8px 16px 16px' }}>
            <Link
              href={publicUrl}
              style={{ color: COLORS.ink, fontSize: '22px', fontWeight: 800, textDecoration: 'none' }}
            >
              {SHOP_NAME}
            </Link>
          </Section>
          <Section
            style={{
              backgroundColor: COLORS.card,
              borderRadius: '12px',
              border: `1px solid ${COLORS.line}`,
              padding: '24px 20px',
            }}
          >
            <Heading
              as="h1"
              style={{
                margin: '0 0 16px',
                fontSize: '22px',
                lineHeight: '28px',
                fontWeight: 700,
                color: COLORS.ink,
              }}
            >
              {heading}
            </Heading>
            {children}
          </Section>
          <Section style={{ padding: '16px' }}>
            <Text style={{ margin: 0, fontSize: '13px', lineHeight: '20px', color: COLORS.muted }}>
              Questions? Reply to this mail or write to us from the{' '}
              <Link href={`${publicUrl}${PAGES.contactUs.path}`} style={{ color: COLORS.accent }}>
                contact page
              </Link>
              .
            </Text>
            <Hr style={{ borderColor: COLORS.line, margin: '12px 0' }} />
            <Text style={{ margin: 0, fontSize: '12px', lineHeight: '18px', color: COLORS.muted }}>
              {SHOP_NAME} ·{' '}
              <Link href={publicUrl} style={{ color: COLORS.muted }}>
                {new URL(publicUrl).host}
              </Link>
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}
