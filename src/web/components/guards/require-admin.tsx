import { lazy, Suspense } from 'react';
import { Navigate, Outlet } from 'react-router';
import { canUseAdminPanel, hasSecondFactor } from '../../../domain/roles';
import { useSecondFactor, useSession } from '../../api/use-session';
import { paths } from '../../paths';
import { PageLoading } from '../page-loading';

// Staff meet it once (or on a device signed in without the code): kept out of every other page's code.
const StaffTwoFactorGate = lazy(() => import('../two-factor/staff-two-factor-gate'));

/**
 * Layout route of the admin screens (spec §2 guards): anyone but the administrator or a
 * manager goes home, and staff whose session lacks a second factor see only the two-step sign-in
 * step (issue 20). Only a courtesy: every admin endpoint checks both on the server.
 */
export function RequireAdmin() {
  const { data: user, isPending } = useSession();
  const staff = canUseAdminPanel(user);
  const enrolled = Boolean(user && hasSecondFactor(user));
  const secondFactor = useSecondFactor(staff && enrolled);
  if (isPending) return <PageLoading />;
  if (!staff || !user) return <Navigate to={paths.home} replace />;
  if (enrolled && secondFactor.isPending) return <PageLoading />;
  if (!enrolled || secondFactor.data === false) {
    return (
      <Suspense fallback={<PageLoading />}>
        <StaffTwoFactorGate user={user} enrolled={enrolled} />
      </Suspense>
    );
  }
  return <Outlet />;
}
