import { catalogUrls } from '../../domain/catalog-urls';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { User } from '../../domain/account';
import { getJson, lazySchema } from './http';
import { sessionKey, userKeys } from './query-keys';

/**
 * Remembers that this browser had a session. A Disabled or Eliminated user's session
 * reads as "nobody"; the flag tells us to ask why, so they hear it (spec §4) instead of
 * silently landing on the sign-in page. It holds no identity, only "1".
 */
const SIGNED_IN_FLAG = 'shop.signedIn';

function rememberSignedIn(signedIn: boolean): void {
  try {
    if (signedIn) localStorage.setItem(SIGNED_IN_FLAG, '1');
    else localStorage.removeItem(SIGNED_IN_FLAG);
  } catch {
    // Storage blocked (private mode): the flag is a nicety.
  }
}

function wasSignedIn(): boolean {
  try {
    return localStorage.getItem(SIGNED_IN_FLAG) === '1';
  } catch {
    return false;
  }
}

const sessionSchema = lazySchema((schemas) => schemas.session);

async function fetchSession(signal: AbortSignal): Promise<User | null> {
  const { data } = await getJson(catalogUrls.session(), sessionSchema, signal);
  if (data.user) {
    rememberSignedIn(true);
    return data.user;
  }
  if (wasSignedIn()) {
    rememberSignedIn(false);
    // A 403 account_disabled here reaches the app's account-disabled handler; a 401 just means
    // the session ended (signed out elsewhere, expired).
    await import('./sync-user').then(({ syncUser }) => syncUser()).catch(() => undefined);
  }
  return null;
}

/** `GET /api/account/session`: the signed-in user, or null. */
export function useSession() {
  return useQuery({
    queryKey: sessionKey,
    queryFn: ({ signal }) => fetchSession(signal),
    staleTime: 5 * 60_000,
    // The server renders pages without the visitor's cookies (entry-server.tsx): it leaves this one to the browser.
    meta: { perVisitor: true },
    // Coming back to the tab re-checks: a user disabled meanwhile is told so at once.
    refetchOnWindowFocus: true,
  });
}

/** Whether this browser's session began with a second factor (staff need one for the admin panel). */
export const secondFactorKey = [...sessionKey, 'second-factor'] as const;

export function useSecondFactor(enabled: boolean) {
  return useQuery({
    queryKey: secondFactorKey,
    queryFn: async ({ signal }) =>
      (await getJson(catalogUrls.session(), sessionSchema, signal)).data.secondFactor,
    enabled,
    meta: { perVisitor: true },
  });
}

/** After sign-in, sign-up or a profile change: the cache holds the server's answer, no refetch needed. */
export function setSessionUser(queryClient: QueryClient, user: User): void {
  rememberSignedIn(true);
  // A session request sent before the sign-in (as the page opened) would answer "nobody" after it.
  void queryClient.cancelQueries({ queryKey: sessionKey });
  queryClient.setQueryData(sessionKey, user);
  // A new session: whether it began with a code is asked again (or set by the code's step).
  queryClient.removeQueries({ queryKey: secondFactorKey });
}

/**
 * After a step that settles whether this session has a second factor (a code or a passkey signs
 * in with one, turning codes off leaves none): the cache holds both answers, no refetch needed.
 */
export function setSessionUserWithSecondFactor(
  queryClient: QueryClient,
  user: User,
  secondFactor: boolean,
): void {
  setSessionUser(queryClient, user);
  queryClient.setQueryData(secondFactorKey, secondFactor);
}

/** After sign-out (or a disabled account): nobody is signed in and their data leaves the cache. */
export function clearSession(queryClient: QueryClient): void {
  rememberSignedIn(false);
  void queryClient.cancelQueries({ queryKey: sessionKey });
  queryClient.setQueryData(sessionKey, null);
  queryClient.removeQueries({ queryKey: secondFactorKey });
  queryClient.removeQueries({ queryKey: userKeys.all });
}
