import crypto from 'node:crypto';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { SHOP_NAME } from '../../../domain/constants.js';
import { MESSAGES } from '../../../domain/messages.js';
import type { ContactInput } from '../../../domain/forms.js';
import type { Database } from '../../db/client.js';
import { contactMessages, newsletterSubscribers } from '../../db/schema.js';
import type { Mailer } from '../../mail/mailer.js';

export const UNSUBSCRIBED = 'You will not receive our newsletter anymore.';

export function createMailService(deps: {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  contactTo: string;
}) {
  const { db, mailer, publicUrl, contactTo } = deps;

  return {
    /** Subscribing twice is not an error; a former subscriber who comes back is subscribed again. */
    async subscribe(email: string): Promise<{ message: string }> {
      const token = crypto.randomBytes(24).toString('base64url');
      const [inserted] = await db
        .insert(newsletterSubscribers)
        .values({ email, unsubscribeToken: token })
        .onConflictDoNothing()
        .returning({ token: newsletterSubscribers.unsubscribeToken });
      let sendTo = inserted?.token;
      if (!sendTo) {
        const [returning] = await db
          .update(newsletterSubscribers)
          .set({ unsubscribedAt: null })
          .where(
            and(
              sql`lower(${newsletterSubscribers.email}) = ${email.toLowerCase()}`,
              isNotNull(newsletterSubscribers.unsubscribedAt),
            ),
          )
          .returning({ token: newsletterSubscribers.unsubscribeToken });
        sendTo = returning?.token;
      }
      if (sendTo) {
        const link = `${publicUrl}/api/mail/newsletter/unsubscribe?token=${sendTo}`;
        await mailer.send({
          to: email,
          subject: `Welcome to the ${SHOP_NAME} newsletter`,
          text: `Thanks for subscribing! You will hear about new drops and deals first.\n\nTo unsubscribe, open ${link}`,
        });
      }
      return { message: MESSAGES.newsletter.thanks };
    },

    async unsubscribe(token: string): Promise<boolean> {
      const rows = await db
        .update(newsletterSubscribers)
        .set({ unsubscribedAt: new Date() })
        .where(eq(newsletterSubscribers.unsubscribeToken, token))
        .returning({ id: newsletterSubscribers.id });
      return rows.length > 0;
    },

    async contact(input: ContactInput): Promise<{ message: string }> {
      await db.insert(contactMessages).values(input);
      await mailer.send({
        to: contactTo,
        subject: `Contact form: ${input.name}`,
        text: `From: ${input.name} <${input.email}>\n\n${input.message}`,
      });
      return { message: MESSAGES.contact.received };
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;
