import { Navigate, Outlet } from 'react-router';
import { canUseAdminPanel } from '../../../domain/roles';
import { useSession } from '../../api/use-session';
import { paths } from '../../paths';
import { PageLoading } from '../page-loading';

/**
 * Layout route of the admin screens (spec §2 guards): anyone but the administrator or a
 * manager goes home. Only a courtesy: every admin endpoint checks the role on the server.
 */
export function RequireAdmin() {
  const { data: user, isPending } = useSession();
  if (isPending) return <PageLoading />;
  if (!canUseAdminPanel(user)) return <Navigate to={paths.home} replace />;
  return <Outlet />;
}
