import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppLayout } from './components/app-layout';
import { RequireAdmin } from './components/guards/require-admin';
import { RequireUser } from './components/guards/require-user';
import { PageLoading } from './components/page-loading';
import { paths, staticPageAliases } from './paths';

/** Every screen is its own chunk: the first load carries only the shell and the current page. */
function page(Component: LazyExoticComponent<ComponentType>) {
  return (
    <Suspense fallback={<PageLoading />}>
      <Component />
    </Suspense>
  );
}

const HomePage = lazy(() => import('./features/home/home-page'));
const ShoesPage = lazy(() => import('./features/catalog/shoes-page'));
const CollectionPage = lazy(() => import('./features/catalog/collection-page'));
const ShoeDetailPage = lazy(() => import('./features/shoe-detail/shoe-detail-page'));
const SalePage = lazy(() => import('./features/sale/sale-page'));
const CartPage = lazy(() => import('./features/cart/cart-page'));
const AboutUsPage = lazy(() => import('./features/static-pages/about-us-page'));
const ContactUsPage = lazy(() => import('./features/static-pages/contact-us-page'));
const SizeChartPage = lazy(() => import('./features/static-pages/size-chart-page'));
const TermsPage = lazy(() => import('./features/static-pages/terms-page'));
const SignInPage = lazy(() => import('./features/auth/sign-in-page'));
const CreateAccountPage = lazy(() => import('./features/auth/create-account-page'));
const ForgetPage = lazy(() => import('./features/auth/forget-page'));
const ResetPasswordPage = lazy(() => import('./features/auth/reset-password-page'));
const AccountPage = lazy(() => import('./features/account/account-page'));
const OrderPage = lazy(() => import('./features/order/order-page'));
const FavoritesPage = lazy(() => import('./features/favorites/favorites-page'));
const NotFoundPage = lazy(() => import('./features/not-found/not-found-page'));
const AdminPage = lazy(() => import('./features/admin-dashboard/admin-page'));
const AdminOrderPage = lazy(() => import('./features/admin-orders/admin-order-page'));
const CreateShoePage = lazy(() => import('./features/admin-forms/create-shoe-page'));
const CreateBrandPage = lazy(() => import('./features/admin-forms/create-brand-page'));
const CreateSizePage = lazy(() => import('./features/admin-forms/create-size-page'));
const ModifyShoePage = lazy(() => import('./features/admin-forms/modify-shoe-page'));

const aliased = (aliases: readonly string[], Component: LazyExoticComponent<ComponentType>): RouteObject[] =>
  aliases.map((path) => ({ path, element: page(Component) }));

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { path: paths.home, element: page(HomePage) },
      { path: paths.shoes, element: page(ShoesPage) },
      { path: '/shoes/:id', element: page(ShoeDetailPage) },
      { path: '/collections/:brand', element: page(CollectionPage) },
      { path: paths.sale, element: page(SalePage) },
      { path: paths.cart, element: page(CartPage) },
      { path: paths.signIn, element: page(SignInPage) },
      { path: paths.createAccount, element: page(CreateAccountPage) },
      { path: paths.forget, element: page(ForgetPage) },
      { path: paths.resetPassword, element: page(ResetPasswordPage) },
      {
        // Spec §2 guards: signed-in pages (/account, /order/{idPayment}, /favorites).
        element: <RequireUser />,
        children: [
          { path: paths.account, element: page(AccountPage) },
          { path: '/order/:idPayment', element: page(OrderPage) },
          { path: paths.favorites, element: page(FavoritesPage) },
        ],
      },
      {
        // Spec §2 admin routes: the administrator or a manager, everyone else goes home.
        element: <RequireAdmin />,
        children: [
          { path: paths.admin, element: page(AdminPage) },
          { path: paths.orders, element: page(AdminOrderPage) },
          { path: paths.createShoes, element: page(CreateShoePage) },
          { path: paths.createBrand, element: page(CreateBrandPage) },
          { path: paths.createSize, element: page(CreateSizePage) },
          { path: paths.modifyShoe, element: page(ModifyShoePage) },
        ],
      },
      ...aliased(staticPageAliases.aboutUs, AboutUsPage),
      ...aliased(staticPageAliases.contactUs, ContactUsPage),
      ...aliased(staticPageAliases.sizeChart, SizeChartPage),
      ...aliased(staticPageAliases.termsOfService, TermsPage),
      { path: '*', element: page(NotFoundPage) },
    ],
  },
];

export const router = createBrowserRouter(routes);
