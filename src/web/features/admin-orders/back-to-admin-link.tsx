import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../paths';

/** Spec §2: the single-order view links back to /admin. */
export function BackToAdminLink() {
  return (
    <Link
      to={paths.admin}
      className="inline-flex items-center gap-2 rounded-full px-1 py-2 text-sm font-extrabold text-gray-700 transition-colors hover:text-ink"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      Back to Admin
    </Link>
  );
}
