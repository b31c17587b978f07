import { Outlet } from 'react-router';
import { lazy, Suspense } from 'react';
import { useCartFollowsShopper } from '../lib/cart/use-cart-follows-shopper';
import { useAccountDisabledHandler } from './guards/use-account-disabled-handler';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header/site-header';
import { useHydrated } from './use-hydrated';
import { usePageViewReporting } from './use-page-view-reporting';
import { useScrollRestoration } from './use-scroll-restoration';

/** sonner loads after the first paint; toasts asked for before then wait for it (lib/toast.ts). */
const ShopToaster = lazy(() => import('./toaster'));

/**
 * The shell of every screen. Each new page starts at the top and Back brings back the old
 * position, as a shopper expects.
 */
export function AppLayout() {
  useAccountDisabledHandler();
  useCartFollowsShopper();
  usePageViewReporting();
  useScrollRestoration();
  const hydrated = useHydrated();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-full bg-white px-5 py-3 font-bold text-ink shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <SiteHeader />
      {/* At least a screen tall: the footer starts below the fold, so pages filling in never shift it into view (CLS). */}
      <main id="main" className="min-h-dvh flex-1">
        <Outlet />
      </main>
      <SiteFooter />
      {hydrated && (
        <Suspense fallback={null}>
          <ShopToaster />
        </Suspense>
      )}
    </div>
  );
}
