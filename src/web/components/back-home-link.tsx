import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { MESSAGES } from '../../domain/messages';
import { paths } from '../paths';

const VARIANTS = {
  /** Above the shoe: present but out of the way, set in capitals (the detail's BACK HOME). */
  quiet: 'tracking-widest uppercase text-gray-700 hover:text-ink',
  /** The way out when the shoe does not exist: the page's main action. */
  button: 'h-11 bg-ink px-6 tracking-widest uppercase text-white hover:bg-accent-dark',
  /** Under a form (sign-in, recovery, account): 'Back Home' as the spec writes it. */
  plain: 'px-1 py-2 text-gray-700 hover:text-ink',
} as const;

/** The spec's 'Back Home' link to `/`. */
export function BackHomeLink({ variant }: { variant: keyof typeof VARIANTS }) {
  return (
    <Link
      to={paths.home}
      className={`inline-flex items-center gap-2 rounded-full text-sm font-extrabold transition-colors ${VARIANTS[variant]}`}
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {MESSAGES.pages.backHome}
    </Link>
  );
}
