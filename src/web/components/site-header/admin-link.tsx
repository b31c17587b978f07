import { ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { canUseAdminPanel } from '../../../domain/roles';
import { useSession } from '../../api/use-session';
import { paths } from '../../paths';

/** Spec §2: the Admin button shows for the administrator (and, here, managers). */
export function AdminLink() {
  const { data: user } = useSession();
  if (!canUseAdminPanel(user)) return null;
  return (
    <Link
      to={paths.admin}
      className="inline-flex h-9 items-center gap-1.5 rounded-full border border-white/30 px-3.5 text-sm font-extrabold tracking-wide text-white transition-colors hover:bg-white/10"
    >
      <ShieldCheck aria-hidden="true" className="size-4 text-accent" />
      Admin
    </Link>
  );
}
