import crypto from 'node:crypto';
import { MESSAGES } from '../../../domain/messages.js';
import type { ContactInput } from '../../../domain/forms.js';
import type { EventConsumer } from '../../events/domain-events.js';
import { eventMailKey, type Mailer } from '../../mail/mailer.js';
import { newsletterWelcomeMail } from '../../mail/templates/shopper-mails.js';
import type { MailRepository } from './repository.js';

export const UNSUBSCRIBED = 'You will not receive our newsletter anymore.';

export function createMailService(deps: {
  repository: MailRepository;
  mailer: Mailer;
  publicUrl: string;
  contactTo: string;
}) {
  const { repository, mailer, publicUrl, contactTo } = deps;

  return {
    /** Subscribing twice is not an error; a former subscriber who comes back is subscribed again. */
    async subscribe(email: string): Promise<{ message: string }> {
      const token = crypto.randomBytes(24).toString('base64url');
      const sendTo = (await repository.subscribe(email, token)) ?? (await repository.resubscribe(email));
      if (sendTo) {
        const link = `${publicUrl}/api/mail/newsletter/unsubscribe?token=${sendTo}`;
        await mailer.send({
          to: email,
          ...(await newsletterWelcomeMail({ publicUrl, unsubscribeLink: link })),
          unsubscribeUrl: link,
        });
      }
      return { message: MESSAGES.newsletter.thanks };
    },

    unsubscribe(token: string): Promise<boolean> {
      return repository.unsubscribe(token);
    },

    async contact(input: ContactInput): Promise<{ message: string }> {
      await repository.saveContactMessage(input);
      await mailer.send({
        to: contactTo,
        subject: `Contact form: ${input.name}`,
        text: `From: ${input.name} <${input.email}>\n\n${input.message}`,
      });
      return { message: MESSAGES.contact.received };
    },

    /**
     * A deleted account's address (docs/your-data.md): subscription, contact messages and kept mail
     * go, but the mail the deletion itself sends (its confirmation, kept under its event); handed
     * over twice, nothing more goes.
     */
    erasure: (async (event) => {
      if (event.type === 'account.deleted')
        await repository.eraseFor(event.payload.email, eventMailKey(event));
    }) satisfies EventConsumer,
  };
}

export type MailService = ReturnType<typeof createMailService>;
