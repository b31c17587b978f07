import type { ReactNode } from 'react';
import { SHOP_NAME } from '../../../domain/constants';

interface StaticPageProps {
  title: string;
  /** One or two sentences under the heading. */
  intro?: ReactNode;
  children: ReactNode;
}

/** Shared chrome of the static pages: document title, heading block and a readable text column. */
export function StaticPage({ title, intro, children }: StaticPageProps) {
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-16">
      {/* React 19 hoists <title> into <head>, replacing the document title while this page is shown. */}
      <title>{`${title} | ${SHOP_NAME}`}</title>
      <header className="border-b border-black/10 pb-8">
        <p className="text-xs font-bold tracking-[0.25em] text-accent-dark uppercase">{SHOP_NAME}</p>
        <h1 className="mt-2 text-4xl font-black tracking-tight text-ink sm:text-5xl">{title}</h1>
        {intro && <p className="mt-4 text-lg leading-relaxed text-gray-600">{intro}</p>}
      </header>
      <div className="mt-10 space-y-10 text-base leading-relaxed text-gray-700">{children}</div>
    </article>
  );
}

/** A titled block of a static page. */
export function PageSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-3">
      <h2 className="text-xl font-bold tracking-tight text-ink">{title}</h2>
      {children}
    </section>
  );
}
