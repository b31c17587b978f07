import { createEmailVerificationToken } from 'better-auth/api';
import { PAGES } from '../../domain/routes.js';
import type { Mailer } from '../mail/mailer.js';
import { emailConfirmationMail } from '../mail/templates/account-mails.js';

/** How long a mailed confirmation link works. */
export const EMAIL_CONFIRMATION_HOURS = 24;
export const VERIFY_EMAIL_PAGE = PAGES.verifyEmail.path;

interface Logger {
  error(object: object, message: string): void;
}

/** Someone whose address a link confirms. */
interface Addressee {
  id: string;
  email: string;
}

/** What a failure was, without its message: a database error's message carries its parameters (the link). */
function failureOf(error: unknown): { name: string; code?: string } {
  if (!(error instanceof Error)) return { name: typeof error };
  const code = (error as { code?: unknown }).code;
  return { name: error.name, ...(typeof code === 'string' ? { code } : {}) };
}

/**
 * The mail that confirms a password sign-up's address (docs/decisions/002). better-auth makes the
 * token (a JWT signed with the session secret, carrying the address and the user's id, expiring in
 * EMAIL_CONFIRMATION_HOURS) and checks it (`auth.api.verifyEmail`); this mails its link to the page
 * `/verify-email`. The mail is kept in the outbox before the request answers and handed to the mail
 * server after, so a slow one never slows a sign-up down.
 */
export function createEmailConfirmation(deps: { mailer: Mailer; publicUrl: string; log: Logger }) {
  const { mailer, publicUrl, log } = deps;
  const expiresIn = EMAIL_CONFIRMATION_HOURS * 60 * 60;

  async function mailLink(user: Addressee, token: string): Promise<void> {
    const link = `${publicUrl}${VERIFY_EMAIL_PAGE}?token=${encodeURIComponent(token)}`;
    const content = await emailConfirmationMail({
      publicUrl,
      email: user.email,
      link,
      hours: EMAIL_CONFIRMATION_HOURS,
    });
    await mailer.send({ to: user.email, ...content }, { deliverLater: true });
  }

  return {
    /** better-auth's `emailVerification.expiresIn`, in seconds. */
    expiresIn,

    /**
     * better-auth's `sendVerificationEmail`, called once a sign-up has committed: the account exists
     * whatever becomes of the mail, so a failure is logged and never thrown (a new link can be asked
     * for from the account page).
     */
    async onSignUp({ user, token }: { user: Addressee; token: string }): Promise<void> {
      try {
        await mailLink(user, token);
      } catch (error) {
        log.error(
          { userId: user.id, failure: failureOf(error) },
          'the email confirmation could not be mailed',
        );
      }
    },

    /**
     * A new link for a signed-in user who asked (modules/accounts): its token made as better-auth
     * makes the sign-up's, with better-auth's own secret. A failure is thrown: the shopper is told.
     */
    async mailNewLink(user: Addressee, secret: string): Promise<void> {
      const token = await createEmailVerificationToken(secret, user.email, undefined, expiresIn, {
        userId: user.id,
      });
      await mailLink(user, token);
    },
  };
}

export type EmailConfirmation = ReturnType<typeof createEmailConfirmation>;
