import { UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { useSession } from '../../api/use-session';
import { paths } from '../../paths';
import { UserAvatar } from '../user-avatar';
import { headerIconClass } from './header-icon-class';

/** The account icon: the account when signed in (showing the avatar), the sign-in page otherwise. */
export function AccountLink() {
  const { data: user } = useSession();
  return (
    <Link to={user ? paths.account : paths.signIn} aria-label="Account" className={headerIconClass}>
      {user ? (
        <UserAvatar user={user} size={28} alt="" className="size-7 ring-2 ring-white/80" />
      ) : (
        <UserRound aria-hidden="true" className="size-5" />
      )}
    </Link>
  );
}
