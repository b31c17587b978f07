import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * The mail's unsubscribe link, when it has one: sent as `List-Unsubscribe` with
   * `List-Unsubscribe-Post` (RFC 8058), so a mail program offers its own one-click unsubscribe.
   */
  unsubscribeUrl?: string;
}

export interface SendOptions {
  /**
   * What the message tells of (an event, a request): a message whose key is kept already is not sent
   * again, so an event handed over twice mails once.
   */
  key?: string;
  /**
   * Kept in the outbox before `send` resolves, handed to the mail server after: the request that
   * mails it (a sign-up) never waits for a slow or unreachable server. A delivery that fails is
   * logged, and the message stays unsent in the outbox.
   */
  deliverLater?: boolean;
}

export interface Mailer {
  /** Sends a message, kept in the outbox (see SendOptions). */
  send(message: MailMessage, options?: SendOptions): Promise<void>;
}

/**
 * The key of the mail an event sends (one per event): handed over twice, it mails once; and an
 * erasure by address can tell the mail its own event sends from what was kept before.
 */
export const eventMailKey = (event: { id: string }) => `event:${event.id}`;

/** Where every message is recorded, sent (`sentAt`) or not (null): modules/mail/repository.ts. */
export interface MailOutbox {
  /** Keeps a message unsent; undefined (nothing kept) when its key is kept already. */
  keep(message: MailMessage, key: string | null): Promise<string | undefined>;
  markSent(id: string): Promise<void>;
}

interface Logger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

/**
 * With SMTP_URL, mail goes out through SMTP. Without it (a fresh machine,
 * offline) every message is kept in the `mail_outbox` table (and its recipient
 * and subject logged), so flows that mail a link still work and can be followed.
 * A message is kept before it is sent: its key then says it was handled, whoever asks again.
 */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  outbox: MailOutbox;
  log: Logger;
}): Mailer {
  const { smtpUrl, from, outbox, log } = options;
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined;

  async function deliver(server: NonNullable<typeof transport>, id: string, message: MailMessage) {
    try {
      await server.sendMail(nodemailerMessage(from, message));
    } catch (error) {
      // A mail server outage must not fail the shopper's request; the outbox keeps the message.
      log.warn({ err: error, to: message.to }, 'mail could not be sent; kept in the outbox');
      return;
    }
    await outbox.markSent(id);
  }

  return {
    async send(message, { key, deliverLater = false } = {}) {
      const id = await outbox.keep(message, key ?? null);
      if (id === undefined) return;
      if (!transport) {
        // Not its text: a reset or unsubscribe link is a credential, and logs are read by many.
        log.info({ mail: { to: message.to, subject: message.subject } }, 'mail kept in the outbox');
        return;
      }
      if (!deliverLater) return deliver(transport, id, message);
      // Kept already: whatever becomes of the delivery, nobody waits for it and nothing is thrown.
      void deliver(transport, id, message).catch((error: unknown) =>
        log.warn({ err: error, to: message.to }, 'mail sent, but not marked sent in the outbox'),
      );
    },
  };
}

/** nodemailer's fields for `message`: the unsubscribe link as the list headers mail programs read. */
export function nodemailerMessage(from: string, message: MailMessage) {
  const { unsubscribeUrl, ...content } = message;
  if (!unsubscribeUrl) return { from, ...content };
  return {
    from,
    ...content,
    list: { unsubscribe: unsubscribeUrl },
    headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
