import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { MESSAGES } from '../../../domain/messages';
import { paths } from '../../paths';

const VARIANTS = {
  /** Above the shoe: present but out of the way. */
  quiet: 'text-gray-700 hover:text-ink',
  /** The way out when the shoe does not exist: the page's main action. */
  button: 'h-11 bg-ink px-6 text-white hover:bg-accent-dark',
} as const;

/** The detail page's BACK HOME link (spec §2): the shared 'Back Home' text, set in capitals. */
export function BackHomeLink({ variant }: { variant: keyof typeof VARIANTS }) {
  return (
    <Link
      to={paths.home}
      className={`inline-flex items-center gap-2 rounded-full text-sm font-extrabold tracking-widest uppercase transition-colors ${VARIANTS[variant]}`}
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {MESSAGES.pages.backHome}
    </Link>
  );
}
