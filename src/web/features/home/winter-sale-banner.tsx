import { Snowflake } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../paths';

/** Shown instead of the carousel when nothing is on sale (spec §2 "Home"). */
export function WinterSaleBanner() {
  return (
    <div className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-sky-100 via-white to-sky-200 px-6 py-12 text-center ring-1 ring-sky-200 sm:px-12">
      <Snowflake aria-hidden="true" className="mx-auto size-10 text-sky-700" />
      <p className="mt-4 text-3xl font-black tracking-tight text-sky-950 sm:text-4xl">
        Winter sale is coming
      </p>
      <p className="mx-auto mt-3 max-w-md text-sky-900">
        No deals right now: fresh markdowns land soon. Until then, the whole collection is waiting for you.
      </p>
      <Link
        to={paths.shoes}
        className="mt-6 inline-flex h-11 items-center rounded-full bg-ink px-6 font-bold text-white transition-colors hover:bg-accent-dark"
      >
        Browse the collection
      </Link>
    </div>
  );
}
