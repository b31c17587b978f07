import { render } from '@react-email/render';
import type { ReactElement } from 'react';

/** A mail ready for the mailer: its subject, its plain-text part and its HTML part. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/**
 * Renders a template to the HTML part beside its plain text. The text is written by hand, not
 * derived from the HTML: it is the mail as it was before HTML (its words are what tests and shoppers
 * know), and a plain-text reader gets every link written out.
 */
export async function mailContent(subject: string, text: string, html: ReactElement): Promise<MailContent> {
  return { subject, text, html: await render(html) };
}
