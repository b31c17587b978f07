import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import { NOTICE_MS } from '../../../domain/constants';
import { MESSAGES } from '../../../domain/messages';
import { onAccountDisabled } from '../../api/http';
import { clearSession } from '../../api/use-session';
import { paths } from '../../paths';

/**
 * Spec §4: a Disabled or Eliminated user is warned, sent home and signed out, whichever
 * request the server refused with 403 `account_disabled`. Mounted once, by the app layout.
 */
export function useAccountDisabledHandler(): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useEffect(
    () =>
      onAccountDisabled(() => {
        // One toast however many requests were refused at once.
        toast.error(MESSAGES.identity.disabled, { id: 'account-disabled', duration: NOTICE_MS.error });
        // Home first, synchronously: with the session cleared on a guarded page, its guard
        // would pick /signin.
        flushSync(() => void navigate(paths.home, { replace: true }));
        clearSession(queryClient);
      }),
    [navigate, queryClient],
  );
}
