import { lazy, Suspense, type ComponentType } from 'react';
import { matchRoutes, useRoutes, type RouteObject } from 'react-router';
import { AppLayout } from './components/app-layout';
import { RequireAdmin } from './components/guards/require-admin';
import { RequireUser } from './components/guards/require-user';
import { PageLoading } from './components/page-loading';
import { paths, staticPageAliases } from './paths';

type PageModule = { default: ComponentType };

interface LazyPage {
  /** The page, inside its own loading boundary until its module is preloaded. */
  Page: ComponentType;
  /** Loads the page's module, so the next render shows the page at once instead of suspending. */
  preload: () => Promise<void>;
}

/**
 * Every screen is its own chunk: the first load carries only the shell and the current page.
 * A page whose module was preloaded renders without a loading boundary: the server preloads the
 * page it renders and main.tsx the page it hydrates, so both render the same tree and the whole
 * page hydrates in one go with the shell. (React hydrates a boundary later, after the shell's
 * effects ran: by then the browser may know who is signed in, and the page would differ from the
 * server's HTML.)
 */
function lazyPage(load: () => Promise<PageModule>): LazyPage {
  let loaded: ComponentType | undefined;
  const Lazy = lazy(load);
  function Page() {
    const Loaded = loaded;
    if (Loaded) return <Loaded />;
    return (
      <Suspense fallback={<PageLoading />}>
        <Lazy />
      </Suspense>
    );
  }
  const preload = () =>
    load().then((module) => {
      loaded = module.default;
    });
  return { Page, preload };
}

const HomePage = lazyPage(() => import('./features/home/home-page'));
const ShoesPage = lazyPage(() => import('./features/catalog/shoes-page'));
const CollectionPage = lazyPage(() => import('./features/catalog/collection-page'));
const ShoeDetailPage = lazyPage(() => import('./features/shoe-detail/shoe-detail-page'));
const SalePage = lazyPage(() => import('./features/sale/sale-page'));
const CartPage = lazyPage(() => import('./features/cart/cart-page'));
const AboutUsPage = lazyPage(() => import('./features/static-pages/about-us-page'));
const ContactUsPage = lazyPage(() => import('./features/static-pages/contact-us-page'));
const SizeChartPage = lazyPage(() => import('./features/static-pages/size-chart-page'));
const TermsPage = lazyPage(() => import('./features/static-pages/terms-page'));
const SignInPage = lazyPage(() => import('./features/auth/sign-in-page'));
const CreateAccountPage = lazyPage(() => import('./features/auth/create-account-page'));
const ForgetPage = lazyPage(() => import('./features/auth/forget-page'));
const ResetPasswordPage = lazyPage(() => import('./features/auth/reset-password-page'));
const AccountPage = lazyPage(() => import('./features/account/account-page'));
const OrderPage = lazyPage(() => import('./features/order/order-page'));
const FavoritesPage = lazyPage(() => import('./features/favorites/favorites-page'));
const NotFoundPage = lazyPage(() => import('./features/not-found/not-found-page'));
const AdminPage = lazyPage(() => import('./features/admin-dashboard/admin-page'));
const AdminOrderPage = lazyPage(() => import('./features/admin-orders/admin-order-page'));
const CreateShoePage = lazyPage(() => import('./features/admin-forms/create-shoe-page'));
const CreateBrandPage = lazyPage(() => import('./features/admin-forms/create-brand-page'));
const CreateSizePage = lazyPage(() => import('./features/admin-forms/create-size-page'));
const ModifyShoePage = lazyPage(() => import('./features/admin-forms/modify-shoe-page'));

/** A route showing a lazily loaded page; its `handle` lets preloadPageOf find the module. */
function page(path: string, { Page, preload }: LazyPage): RouteObject {
  return { path, handle: { preload }, element: <Page /> };
}

/** One route per spelling of a static page (spec §2 lists several). */
function aliased(aliases: readonly string[], lazyPageOf: LazyPage): RouteObject[] {
  return aliases.map((path) => page(path, lazyPageOf));
}

/**
 * Declarative routes (no data router): the shop loads no data in the router, so the data router's
 * extra ~18 kB gzip bought nothing on the first load (docs/decisions/005).
 */
const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      page(paths.home, HomePage),
      page(paths.shoes, ShoesPage),
      page('/shoes/:id', ShoeDetailPage),
      page('/collections/:brand', CollectionPage),
      page(paths.sale, SalePage),
      page(paths.cart, CartPage),
      page(paths.signIn, SignInPage),
      page(paths.createAccount, CreateAccountPage),
      page(paths.forget, ForgetPage),
      page(paths.resetPassword, ResetPasswordPage),
      // Spec §2 guards: signed-in pages (/account, /order/{idPayment}, /favorites).
      {
        element: <RequireUser />,
        children: [
          page(paths.account, AccountPage),
          page('/order/:idPayment', OrderPage),
          page(paths.favorites, FavoritesPage),
        ],
      },
      // Spec §2 admin routes: the administrator or a manager, everyone else goes home.
      {
        element: <RequireAdmin />,
        children: [
          page(paths.admin, AdminPage),
          page(paths.orders, AdminOrderPage),
          page(paths.createShoes, CreateShoePage),
          page(paths.createBrand, CreateBrandPage),
          page(paths.createSize, CreateSizePage),
          page(paths.modifyShoe, ModifyShoePage),
        ],
      },
      ...aliased(staticPageAliases.aboutUs, AboutUsPage),
      ...aliased(staticPageAliases.contactUs, ContactUsPage),
      ...aliased(staticPageAliases.sizeChart, SizeChartPage),
      ...aliased(staticPageAliases.termsOfService, TermsPage),
      page('*', NotFoundPage),
    ],
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}

/** Loads the module of the page at `pathname` (see lazyPage). */
export async function preloadPageOf(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map((match) =>
      (match.route.handle as { preload?: () => Promise<void> } | undefined)?.preload?.(),
    ),
  );
}
