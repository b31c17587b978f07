import { LoaderCircle, MailCheck } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../../api/http';
import { useSendEmailConfirmation } from '../../api/send-email-confirmation';
import { InlineError } from '../forms/inline-error';

interface ResendConfirmationProps {
  /** What the button says: 'Send the link again', 'Send a new link'. */
  label: string;
  /** The button's look where it stands. */
  className: string;
}

/**
 * A button that mails the signed-in user a new confirmation link, and what the shop answered under
 * it: sent, already confirmed, or why not (too many asked for).
 */
export function ResendConfirmation({ label, className }: ResendConfirmationProps) {
  const send = useSendEmailConfirmation();
  const [answer, setAnswer] = useState<{ sent: string } | { failed: string } | null>(null);

  function resend() {
    setAnswer(null);
    send
      .mutateAsync()
      .then(({ message }) => setAnswer({ sent: message }))
      .catch((error: unknown) => setAnswer({ failed: errorMessage(error) }));
  }

  return (
    <div>
      <button type="button" onClick={resend} disabled={send.isPending} className={className}>
        {send.isPending ? (
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
        ) : (
          <MailCheck aria-hidden="true" className="size-4" />
        )}
        {send.isPending ? 'Sending...' : label}
      </button>
      {/* Always rendered, so screen readers announce the answer. */}
      <div role="status">
        {answer && 'sent' in answer && (
          <p className="mt-2 text-sm font-semibold text-emerald-800">{answer.sent}</p>
        )}
      </div>
      <InlineError message={answer && 'failed' in answer ? answer.failed : null} className="mt-2" />
    </div>
  );
}
