import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '../../lib/toast';
import { NOTICE_MS } from '../../../domain/constants';
import { MESSAGES } from '../../../domain/messages';
import { GOOGLE_WELCOME_PARAM, GOOGLE_WELCOME_VALUE } from '../../api/start-google-sign-in';
import { syncUser } from '../../api/sync-user';
import { setSessionUser } from '../../api/use-session';

/**
 * Back from Google at `/account?welcome=google`: greet once ('Welcome Google User!'), sync the
 * user with the backend (spec §4, every authentication change) and drop the parameter, so a
 * reload or Back does not greet again.
 */
export function useGoogleWelcome(): void {
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const back = params.get(GOOGLE_WELCOME_PARAM) === GOOGLE_WELCOME_VALUE;

  useEffect(() => {
    if (!back) return;
    toast.success(MESSAGES.identity.welcomeGoogle, { id: 'welcome-google', duration: NOTICE_MS.success });
    setParams(
      (current) => {
        current.delete(GOOGLE_WELCOME_PARAM);
        return current;
      },
      { replace: true },
    );
    syncUser()
      .then((user) => setSessionUser(queryClient, user))
      // A refused sync (disabled account) is handled app-wide; anything else changes nothing here.
      .catch(() => undefined);
  }, [back, setParams, queryClient]);
}
