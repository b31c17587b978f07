import { and, eq, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { ContactInput } from '../../../domain/forms.js';
import type { Database } from '../../db/client.js';
import { contactMessages, mailOutbox, newsletterSubscribers } from '../../db/schema.js';
import type { MailMessage, MailOutbox } from '../../mail/mailer.js';

/** Newsletter subscribers, messages from the contact form, and the outbox of every mail sent or kept. */
export function createMailRepository(db: Database) {
  const outbox: MailOutbox = {
    async keep(message: MailMessage, key: string | null): Promise<string | undefined> {
      const [kept] = await db
        .insert(mailOutbox)
        .values({ to: message.to, subject: message.subject, text: message.text, html: message.html, key })
        .onConflictDoNothing({ target: mailOutbox.key })
        .returning({ id: mailOutbox.id });
      return kept?.id;
    },
    async markSent(id: string): Promise<void> {
      await db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, id));
    },
  };

  return {
    outbox,

    /** The new subscriber's unsubscribe token; undefined when the address is subscribed already. */
    async subscribe(email: string, token: string): Promise<string | undefined> {
      const [inserted] = await db
        .insert(newsletterSubscribers)
        .values({ email, unsubscribeToken: token })
        .onConflictDoNothing()
        .returning({ token: newsletterSubscribers.unsubscribeToken });
      return inserted?.token;
    },

    /** A former subscriber's token, subscribed again; undefined when the address never unsubscribed. */
    async resubscribe(email: string): Promise<string | undefined> {
      const [row] = await db
        .update(newsletterSubscribers)
        .set({ unsubscribedAt: null })
        .where(
          and(
            sql`lower(${newsletterSubscribers.email}) = ${email.toLowerCase()}`,
            isNotNull(newsletterSubscribers.unsubscribedAt),
          ),
        )
        .returning({ token: newsletterSubscribers.unsubscribeToken });
      return row?.token;
    },

    /** Whether the token named a subscriber. */
    async unsubscribe(token: string): Promise<boolean> {
      const rows = await db
        .update(newsletterSubscribers)
        .set({ unsubscribedAt: new Date() })
        .where(eq(newsletterSubscribers.unsubscribeToken, token))
        .returning({ id: newsletterSubscribers.id });
      return rows.length > 0;
    },

    async saveContactMessage(input: ContactInput): Promise<void> {
      await db.insert(contactMessages).values(input);
    },

    /**
     * What a deleted account's address left here: its subscription, its contact messages and the
     * mail kept for it, but the one kept under `keptKey` (the deletion's own confirmation).
     */
    async eraseFor(email: string, keptKey: string): Promise<void> {
      const address = email.toLowerCase();
      await db.transaction(async (tx) => {
        await tx.delete(newsletterSubscribers).where(sql`lower(${newsletterSubscribers.email}) = ${address}`);
        await tx.delete(contactMessages).where(sql`lower(${contactMessages.email}) = ${address}`);
        await tx
          .delete(mailOutbox)
          .where(
            and(
              sql`lower(${mailOutbox.to}) = ${address}`,
              or(isNull(mailOutbox.key), ne(mailOutbox.key, keptKey)),
            ),
          );
      });
    },
  };
}

export type MailRepository = ReturnType<typeof createMailRepository>;
