import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Routes } from 'react-router';
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

/**
 * Declarative routes (a <BrowserRouter> in main.tsx): the shop loads no data in the router, so the
 * data router's extra ~18 kB gzip bought nothing on the first load (docs/decisions/005).
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route path={paths.home} element={page(HomePage)} />
        <Route path={paths.shoes} element={page(ShoesPage)} />
        <Route path="/shoes/:id" element={page(ShoeDetailPage)} />
        <Route path="/collections/:brand" element={page(CollectionPage)} />
        <Route path={paths.sale} element={page(SalePage)} />
        <Route path={paths.cart} element={page(CartPage)} />
        <Route path={paths.signIn} element={page(SignInPage)} />
        <Route path={paths.createAccount} element={page(CreateAccountPage)} />
        <Route path={paths.forget} element={page(ForgetPage)} />
        <Route path={paths.resetPassword} element={page(ResetPasswordPage)} />
        {/* Spec §2 guards: signed-in pages (/account, /order/{idPayment}, /favorites). */}
        <Route element={<RequireUser />}>
          <Route path={paths.account} element={page(AccountPage)} />
          <Route path="/order/:idPayment" element={page(OrderPage)} />
          <Route path={paths.favorites} element={page(FavoritesPage)} />
        </Route>
        {/* Spec §2 admin routes: the administrator or a manager, everyone else goes home. */}
        <Route element={<RequireAdmin />}>
          <Route path={paths.admin} element={page(AdminPage)} />
          <Route path={paths.orders} element={page(AdminOrderPage)} />
          <Route path={paths.createShoes} element={page(CreateShoePage)} />
          <Route path={paths.createBrand} element={page(CreateBrandPage)} />
          <Route path={paths.createSize} element={page(CreateSizePage)} />
          <Route path={paths.modifyShoe} element={page(ModifyShoePage)} />
        </Route>
        {aliased(staticPageAliases.aboutUs, AboutUsPage)}
        {aliased(staticPageAliases.contactUs, ContactUsPage)}
        {aliased(staticPageAliases.sizeChart, SizeChartPage)}
        {aliased(staticPageAliases.termsOfService, TermsPage)}
        <Route path="*" element={page(NotFoundPage)} />
      </Route>
    </Routes>
  );
}

/** One route per spelling of a static page (spec §2 lists several). */
function aliased(aliases: readonly string[], Component: LazyExoticComponent<ComponentType>) {
  return aliases.map((path) => <Route key={path} path={path} element={page(Component)} />);
}
