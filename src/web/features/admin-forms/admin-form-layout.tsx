import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../components/use-document-title';
import { paths } from '../../paths';

interface AdminFormLayoutProps {
  title: string;
  /** A sentence under the title. */
  intro?: ReactNode;
  children: ReactNode;
}

/** The spec's 'Back to Admin' link to `/admin`. */
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

/** Shared frame of the admin forms: the way back to the dashboard, the title, then the cards. */
export function AdminFormLayout({ title, intro, children }: AdminFormLayoutProps) {
  useDocumentTitle(title);
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <BackToAdminLink />
      <header className="mt-4 mb-6 flex flex-col gap-2 sm:mb-8">
        <p className="text-sm font-bold tracking-widest text-accent-dark uppercase">Admin</p>
        <h1 className="text-4xl font-black tracking-tight break-words sm:text-5xl">{title}</h1>
        {intro && <div className="max-w-2xl text-base text-gray-700">{intro}</div>}
      </header>
      <div className="space-y-6">{children}</div>
    </div>
  );
}
