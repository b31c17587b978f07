import type { ReactNode } from 'react';
import { SHOP_NAME } from '../../../domain/constants';
import { PageHeader } from '../../components/page-header';

interface StaticPageProps {
  title: string;
  /** One or two sentences under the heading. */
  intro?: ReactNode;
  children: ReactNode;
}

/** A link inside a static page's text. */
export const proseLinkClass = 'font-semibold text-accent-dark underline underline-offset-2';

/** Shared chrome of the static pages: document title, the shop's page header and a readable text column. */
export function StaticPage({ title, intro, children }: StaticPageProps) {
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-16">
      <div className="border-b border-black/10">
        <PageHeader title={title} eyebrow={SHOP_NAME} description={intro} />
      </div>
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
