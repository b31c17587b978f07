import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppLayout } from './components/app-layout';
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
const NotFoundPage = lazy(() => import('./features/not-found/not-found-page'));

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
      ...aliased(staticPageAliases.aboutUs, AboutUsPage),
      ...aliased(staticPageAliases.contactUs, ContactUsPage),
      ...aliased(staticPageAliases.sizeChart, SizeChartPage),
      ...aliased(staticPageAliases.termsOfService, TermsPage),
      { path: '*', element: page(NotFoundPage) },
    ],
  },
];

export const router = createBrowserRouter(routes);
