import { House } from 'lucide-react';
import { Link } from 'react-router';
import { MESSAGES } from '../../../domain/messages';
import { paths } from '../../paths';

/** Any unknown path (spec §2): 'Page not found' with Back Home. */
export default function NotFoundPage() {
  return (
    <section
      className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center sm:py-28"
      aria-labelledby="not-found-heading"
    >
      <p aria-hidden="true" className="text-8xl font-black tracking-tighter text-accent-dark sm:text-9xl">
        404
      </p>
      <h1 id="not-found-heading" className="mt-4 text-3xl font-black tracking-tight text-ink sm:text-4xl">
        {MESSAGES.pages.notFound}
      </h1>
      <p className="mt-3 text-gray-600">
        This page walked off in someone else&apos;s shoes. Let&apos;s get you back to the collection.
      </p>
      <Link
        to={paths.home}
        className="mt-8 inline-flex items-center gap-2 rounded-full bg-ink px-6 py-3 font-bold text-paper transition-colors hover:bg-accent-dark"
      >
        <House aria-hidden="true" className="size-4" />
        {MESSAGES.pages.backHome}
      </Link>
    </section>
  );
}
