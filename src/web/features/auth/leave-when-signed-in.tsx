import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../../api/use-session';
import { redirectTarget } from './redirect-target';

/**
 * Sign-in and sign-up are for visitors (spec §2): a signed-in user, or one who just signed in,
 * is sent on to /account, or back to the page a guard kept them from.
 */
export function LeaveWhenSignedIn({ children }: { children: ReactNode }) {
  const location = useLocation();
  const { data: user } = useSession();
  if (user) return <Navigate to={redirectTarget(location.state)} replace />;
  return children;
}
