import { createContext, useContext, type ReactNode } from 'react';
import { BackToAdminLink } from '../../components/back-to-admin-link';
import { useDocumentTitle } from '../../components/use-document-title';

interface AdminFormLayoutProps {
  title: string;
  /** A sentence under the title. */
  intro?: ReactNode;
  children: ReactNode;
}

/** The page's title, which also names its form for screen readers. */
const PageTitle = createContext('');

export function useAdminPageTitle(): string {
  return useContext(PageTitle);
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
      <div className="space-y-6">
        <PageTitle value={title}>{children}</PageTitle>
      </div>
    </div>
  );
}
