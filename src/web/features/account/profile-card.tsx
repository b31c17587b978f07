import { Heart, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import type { User } from '../../../domain/account';
import { canUseAdminPanel } from '../../../domain/roles';
import { UserAvatar } from '../../components/user-avatar';
import { paths } from '../../paths';
import { EmailConfirmationNotice } from './email-confirmation-notice';
import { SignOutButton } from './sign-out-button';

const ROLE_LABEL = { admin: 'Administrator', manager: 'Manager' } as const;

const linkClass =
  'inline-flex min-h-11 w-full items-center gap-3 rounded-full px-4 py-2.5 text-sm font-bold transition-colors hover:bg-paper';

/**
 * Avatar, display name, email (and, while it is not confirmed, a way to confirm it), the user's links
 * (favorites; admin for the admin) and Logout.
 */
export function ProfileCard({ user }: { user: User }) {
  const isAdmin = canUseAdminPanel(user);
  return (
    <aside
      aria-label="Your profile"
      className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-black/5 sm:p-6 lg:sticky lg:top-24"
    >
      <div className="flex items-center gap-4 lg:flex-col lg:text-center">
        <UserAvatar
          user={user}
          size={112}
          alt="Your profile image"
          className="size-20 ring-4 ring-paper sm:size-24 lg:size-28"
        />
        <div className="min-w-0">
          <p className="text-xl font-black tracking-tight break-words">{user.name || user.email}</p>
          <p className="text-sm break-all text-gray-600">{user.email}</p>
          {user.role !== 'user' && (
            <p className="mt-2 inline-flex items-center gap-1 rounded-full bg-ink px-3 py-1 text-xs font-bold tracking-wider text-white uppercase">
              <ShieldCheck aria-hidden="true" className="size-3.5 text-accent" />
              {ROLE_LABEL[user.role]}
            </p>
          )}
        </div>
      </div>
      {!user.emailVerified && <EmailConfirmationNotice />}
      <nav aria-label="Account" className="mt-5 space-y-1 border-t border-gray-200 pt-4">
        <Link to={paths.favorites} className={linkClass}>
          <Heart aria-hidden="true" className="size-4 text-deal" />
          My Favorites
        </Link>
        {isAdmin && (
          <Link to={paths.admin} className={linkClass}>
            <ShieldCheck aria-hidden="true" className="size-4 text-accent-dark" />
            Admin
          </Link>
        )}
      </nav>
      <div className="mt-4 border-t border-gray-200 pt-4">
        <SignOutButton />
      </div>
    </aside>
  );
}
