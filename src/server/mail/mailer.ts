import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Where every message is recorded, sent (`sentAt`) or not (null): modules/mail/repository.ts. */
export interface MailOutbox {
  keep(message: MailMessage, sentAt: Date | null): Promise<void>;
}

interface Logger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

/**
 * With SMTP_URL, mail goes out through SMTP. Without it (a fresh machine,
 * offline) every message is kept in the `mail_outbox` table (and its recipient
 * and subject logged), so flows that mail a link still work and can be followed.
 */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  outbox: MailOutbox;
  log: Logger;
}): Mailer {
  const { smtpUrl, from, outbox, log } = options;
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined;

  const keep = (message: MailMessage, sent: boolean) => outbox.keep(message, sent ? new Date() : null);

  return {
    async send(message) {
      if (!transport) {
        await keep(message, false);
        // Not its text: a reset or unsubscribe link is a credential, and logs are read by many.
        log.info({ mail: { to: message.to, subject: message.subject } }, 'mail kept in the outbox');
        return;
      }
      try {
        await transport.sendMail({ from, ...message });
        await keep(message, true);
      } catch (error) {
        // A mail server outage must not fail the shopper's request; the outbox keeps the message.
        await keep(message, false);
        log.warn({ err: error, to: message.to }, 'mail could not be sent; kept in the outbox');
      }
    },
  };
}
