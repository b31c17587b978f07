import { Outlet, ScrollRestoration } from 'react-router';
import type { CSSProperties } from 'react';
import { Toaster } from 'sonner';
import { useAccountDisabledHandler } from './guards/use-account-disabled-handler';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header/site-header';
import { usePageViewReporting } from './use-page-view-reporting';

/** sonner's rich colours, darkened just enough for text to reach WCAG AA contrast (4.5:1). */
const TOAST_COLORS = {
  '--success-text': 'hsl(140 100% 21%)',
  '--error-text': 'hsl(360 100% 36%)',
  '--warning-text': 'hsl(31 92% 28%)',
  '--info-text': 'hsl(210 92% 35%)',
} as CSSProperties;

/**
 * The shell of every screen. ScrollRestoration starts each new page at the top and
 * brings back the old position on Back, as a shopper expects.
 */
export function AppLayout() {
  useAccountDisabledHandler();
  usePageViewReporting();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-full bg-white px-5 py-3 font-bold text-ink shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter />
      {/* Below the sticky header, so a notice never covers Search, Cart or Account. */}
      <Toaster
        richColors
        position="top-center"
        offset={{ top: 80 }}
        mobileOffset={{ top: 104 }}
        style={TOAST_COLORS}
      />
      <ScrollRestoration />
    </div>
  );
}
