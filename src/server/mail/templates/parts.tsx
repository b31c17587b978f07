import { Button } from '@react-email/button';
import { Link } from '@react-email/link';
import { Text } from '@react-email/text';
import type { ReactNode } from 'react';
import { COLORS } from './theme.js';

const PARAGRAPH = { margin: '0 0 14px', fontSize: '15px', lineHeight: '23px', color: COLORS.ink } as const;

export function Paragraph({ children, muted = false }: { children: ReactNode; muted?: boolean }) {
  return (
    <Text style={muted ? { ...PARAGRAPH, color: COLORS.muted, fontSize: '14px' } : PARAGRAPH}>
      {children}
    </Text>
  );
}

/**
 * Text as the plain part writes it, one paragraph per blank-line block, its single line breaks kept:
 * a staff member's message or a return address reads in the HTML as it was typed.
 */
export function Paragraphs({ text }: { text: string }) {
  return text
    .split(/\n{2,}/)
    .filter((block) => block.trim() !== '')
    .map((block, index) => (
      <Paragraph key={index}>
        {block.split('\n').map((line, at) => (
          <span key={at}>
            {at > 0 && <br />}
            {line}
          </span>
        ))}
      </Paragraph>
    ));
}

/** The one thing the mail asks to do, as a button wide enough to tap; its address written below for clients that hide buttons. */
export function CallToAction({ href, children }: { href: string; children: ReactNode }) {
  return (
    <>
      <Button
        href={href}
        style={{
          backgroundColor: COLORS.ink,
          color: '#ffffff',
          borderRadius: '999px',
          padding: '12px 22px',
          fontSize: '15px',
          fontWeight: 700,
          textDecoration: 'none',
          display: 'inline-block',
          margin: '4px 0 16px',
        }}
      >
        {children}
      </Button>
      <Text
        style={{
          margin: '0 0 14px',
          fontSize: '12px',
          lineHeight: '18px',
          color: COLORS.muted,
          wordBreak: 'break-all',
        }}
      >
        Or open this link:{' '}
        <Link href={href} style={{ color: COLORS.accent }}>
          {href}
        </Link>
      </Text>
    </>
  );
}

/** A link in a sentence, in the accent colour. */
export function InlineLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} style={{ color: COLORS.accent, overflowWrap: 'anywhere' }}>
      {children}
    </Link>
  );
}

/** An order's number ("SS-10042"), never broken at its hyphen. */
export function OrderNumber({ children }: { children: string }) {
  return <strong style={{ whiteSpace: 'nowrap' }}>{children}</strong>;
}
