import { LoaderCircle, MailCheck } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { MESSAGES } from '../../../domain/messages';
import { errorMessage } from '../../api/http';
import { useSession } from '../../api/use-session';
import { primaryButtonClass, secondaryButtonClass, textLinkClass } from '../../components/forms/button-class';
import { FormAlert } from '../../components/forms/form-alert';
import { SubmitButton } from '../../components/forms/submit-button';
import { ResendConfirmation } from '../../components/email-confirmation/resend-confirmation';
import { paths } from '../../paths';
import { useConfirmEmail } from './api/confirm-email';
import { AuthLayout } from './auth-layout';

type Outcome =
  /** The server's page, before the app runs: the token waits in a form for a press. */
  | { kind: 'form' }
  | { kind: 'confirming' }
  | { kind: 'done'; message: string }
  | { kind: 'failed'; message: string }
  /** No token in the address (this page reloaded once it was taken out). */
  | { kind: 'missing' };

const I = MESSAGES.identity;
const TITLE = 'Confirm your email';

/**
 * `/verify-email?token=...`, opened from the confirmation mail. Once the app runs it takes the token
 * out of the address (and of this history entry) and sends it at once: "Confirming…", then the
 * outcome. Before that, the server's page holds the token in a form whose button the pre-app capture
 * keeps until the app can send it (docs/decisions/007). A failed link offers a new one to a signed-in
 * shopper whose address is still unconfirmed.
 */
export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  const [token] = useState(() => params.get('token') ?? '');
  const [outcome, setOutcome] = useState<Outcome>(() => (token ? { kind: 'form' } : { kind: 'missing' }));
  const confirm = useConfirmEmail();
  const confirmOnce = useRef(confirm.mutateAsync);
  const sent = useRef(false);
  const navigate = useNavigate();
  const { data: user } = useSession();

  /** Sends the token, once whoever asks: the app as it starts, or the form's button pressed early. */
  const send = useCallback(() => {
    if (!token || sent.current) return;
    sent.current = true;
    // A replace, not a new entry: the address bar and the history keep no token.
    void navigate(paths.verifyEmail, { replace: true });
    setOutcome({ kind: 'confirming' });
    confirmOnce
      .current({ token })
      .then(({ message }) => setOutcome({ kind: 'done', message }))
      .catch((error: unknown) => setOutcome({ kind: 'failed', message: errorMessage(error) }));
  }, [token, navigate]);

  useEffect(send, [send]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send();
  };

  return (
    <AuthLayout
      title={TITLE}
      intro={outcome.kind === 'form' ? 'Press the button to confirm your email address.' : undefined}
    >
      {/* Always rendered, so screen readers announce how it went. */}
      <div role="status">
        {outcome.kind === 'confirming' && (
          <p className="flex items-center justify-center gap-2 py-4 font-bold">
            <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
            Confirming…
          </p>
        )}
        {outcome.kind === 'done' && (
          <div className="space-y-5">
            <FormAlert tone="success">{outcome.message}</FormAlert>
            {/* The way back to the shop is under the card (Back Home). */}
            <Link to={paths.account} className={`${primaryButtonClass} w-full`}>
              Go to my account
            </Link>
          </div>
        )}
        {outcome.kind === 'missing' && user?.emailVerified && (
          <div className="space-y-5">
            <FormAlert tone="success">{I.emailConfirmed}</FormAlert>
            <Link to={paths.account} className={`${primaryButtonClass} w-full`}>
              Go to my account
            </Link>
          </div>
        )}
      </div>
      {outcome.kind === 'form' && (
        <form method="post" onSubmit={onSubmit} aria-label={TITLE} className="space-y-5">
          <input type="hidden" name="token" value={token} />
          <SubmitButton
            label="Confirm my email"
            busyLabel="Confirming…"
            busy={false}
            icon={MailCheck}
            className="w-full"
          />
        </form>
      )}
      {(outcome.kind === 'failed' || (outcome.kind === 'missing' && !user?.emailVerified)) && (
        <div className="space-y-5">
          {outcome.kind === 'failed' ? (
            <FormAlert tone="error">{outcome.message}</FormAlert>
          ) : (
            <p className="text-base text-gray-700">{I.confirmLinkMissing}.</p>
          )}
          {/* Nothing while the session loads; then what this visitor can do next. */}
          {user === null && (
            <p className="text-sm text-gray-700">
              <Link to={paths.signIn} className={textLinkClass}>
                Sign in
              </Link>{' '}
              to have a new link mailed from your account page.
            </p>
          )}
          {user && !user.emailVerified && (
            <ResendConfirmation label="Send a new link" className={`${primaryButtonClass} w-full`} />
          )}
          {user?.emailVerified && (
            <Link to={paths.account} className={`${secondaryButtonClass} w-full`}>
              Go to my account
            </Link>
          )}
        </div>
      )}
    </AuthLayout>
  );
}
