import { useState } from 'react';
import { toast } from '../../lib/toast';
import { NOTICE_MS } from '../../../domain/constants';
import { MESSAGES } from '../../../domain/messages';
import { startGoogleSignIn } from '../../api/start-google-sign-in';
import { useProviders } from '../../api/use-providers';
import { providerButtonClass } from './provider-button-class';

function GoogleLogo() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 48 48"
      className="size-5 shrink-0 group-disabled:opacity-50 group-disabled:grayscale"
    >
      <path
        fill="#FFC107"
        d="M43.6 20.1H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.6-.4-3.9z"
      />
      <path
        fill="#FF3D00"
        d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path
        fill="#1976D2"
        d="M43.6 20.1H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.6-.4-3.9z"
      />
    </svg>
  );
}

/**
 * Google sign-in (spec §2). Disabled while the server says whether Google is configured; with no
 * Google client configured it is not shown.
 */
export function GoogleSignInButton() {
  const { data: providers, isPending } = useProviders();
  const [starting, setStarting] = useState(false);
  const available = providers?.google === true;

  async function start() {
    setStarting(true);
    try {
      await startGoogleSignIn();
      // The browser is leaving for Google: keep the button busy until it has.
    } catch {
      toast.error(MESSAGES.identity.googleFailed, { duration: NOTICE_MS.error });
      setStarting(false);
    }
  }

  // Not configured on this server (or not known): no button at all, rather than a disabled one on every visit (issue 32).
  if (!isPending && !available) return null;
  const label = starting ? 'Opening Google...' : 'Continue with Google';

  return (
    <button
      type="button"
      onClick={() => void start()}
      disabled={!available || starting}
      className={providerButtonClass}
    >
      <GoogleLogo />
      {label}
    </button>
  );
}
