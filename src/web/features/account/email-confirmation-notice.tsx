import { MailWarning } from 'lucide-react';
import { MESSAGES } from '../../../domain/messages';
import { ResendConfirmation } from '../../components/email-confirmation/resend-confirmation';

const resendButtonClass =
  'inline-flex min-h-10 w-full items-center justify-center gap-2 rounded-full border border-amber-900/30 bg-white px-4 py-2 text-sm font-bold text-amber-950 transition-colors hover:border-ink hover:bg-ink hover:text-white disabled:cursor-not-allowed disabled:opacity-60';

/**
 * Under the address on the profile card while it is not confirmed (a password sign-up that has not
 * opened its mailed link yet): what it keeps from the shopper, and a new link on a press.
 */
export function EmailConfirmationNotice() {
  return (
    <div className="mt-4 rounded-2xl bg-amber-50 p-4 text-amber-950 ring-1 ring-amber-200">
      <p className="flex items-start gap-2 text-sm font-bold">
        <MailWarning aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {MESSAGES.identity.emailNotConfirmed}
      </p>
      <p className="mt-1 mb-3 text-sm">Open the link we mailed you: drops need a confirmed address.</p>
      <ResendConfirmation label="Send the link again" className={resendButtonClass} />
    </div>
  );
}
