import type { ReactNode } from 'react';
import { SHOP_NAME } from '../../../domain/constants';
import { BackHomeLink } from '../../components/back-home-link';
import { cardClass } from '../../components/card-class';

interface AuthLayoutProps {
  title: string;
  /** A sentence under the heading. */
  intro?: ReactNode;
  /** The form (or the page's message) inside the card. */
  children: ReactNode;
  /** Links under the card: "No account yet?" and the like. */
  footer?: ReactNode;
}

/** Shared frame of sign-in, sign-up, recovery and reset: one narrow card, the way back home below. */
export function AuthLayout({ title, intro, children, footer }: AuthLayoutProps) {
  return (
    <div className="mx-auto w-full max-w-lg px-4 py-10 sm:py-16">
      <header className="mb-6 text-center sm:mb-8">
        <p className="text-sm font-bold tracking-widest text-accent-dark uppercase">{SHOP_NAME}</p>
        <h1 className="mt-2 text-3xl font-black tracking-tight break-words sm:text-4xl">{title}</h1>
        {intro && <div className="mt-3 text-base text-gray-700">{intro}</div>}
      </header>
      <div className={cardClass}>{children}</div>
      {footer && <div className="mt-6 space-y-2 text-center text-sm text-gray-700">{footer}</div>}
      <div className="mt-6 flex justify-center">
        <BackHomeLink variant="plain" />
      </div>
    </div>
  );
}
