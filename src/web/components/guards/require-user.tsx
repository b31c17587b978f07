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
 * remembering the page they wanted, or where the page that sent them here wants them back (the
 * cart's PAY sends a visitor to /account as the spec says, and back to the cart once signed in).
 */
export function RequireUser() {
  const { data: user, isPending } = useSession();
  const location = useLocation();
  if (isPending) return <PageLoading />;
  if (!user) {
    const passedOn = (location.state as SignInRedirectState | null)?.from;
    const state: SignInRedirectState = {
      from: passedOn ?? `${location.pathname}${location.search}${location.hash}`,
    };
    return <Navigate to={paths.signIn} replace state={state} />;
  }
  return <Outlet />;
}
