import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../../api/use-session';
import { paths } from '../../paths';
import { PageLoading } from '../page-loading';

/** What the sign-in page reads to send the user back where they were going. */
export interface SignInRedirectState {
  from?: string;
}

/**
 * Layout route of the signed-in pages (spec §2 guards): nobody signed in -> /signin,
 * remembering the page they wanted.
 */
export function RequireUser() {
  const { data: user, isPending } = useSession();
  const location = useLocation();
  if (isPending) return <PageLoading />;
  if (!user) {
    const state: SignInRedirectState = { from: `${location.pathname}${location.search}${location.hash}` };
    return <Navigate to={paths.signIn} replace state={state} />;
  }
  return <Outlet />;
}
