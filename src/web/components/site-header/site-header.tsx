import { Link } from 'react-router';
import { SHOP_NAME } from '../../../domain/constants';
import { paths } from '../../paths';
import { PAGE_WIDTH } from '../page-width';
import { AccountLink } from './account-link';
import { AdminLink } from './admin-link';
import { BrandsMenu } from './brands-menu';
import { CartLink } from './cart-link';
import { SearchPanel } from './search-panel';

/**
 * Title, BRANDS menu, search, Deals, cart, account and, for the administrator, Admin (spec §2 "Header").
 * On phones the BRANDS/Deals row wraps below the title and icons, so all of it fits in 360 px.
 */
export function SiteHeader() {
  return (
    <header className="sticky top-0 z-40 bg-ink text-white shadow-lg shadow-black/10">
      <div
        className={`${PAGE_WIDTH} flex flex-wrap items-center gap-x-4 gap-y-1 py-2 sm:h-16 sm:flex-nowrap sm:py-0`}
      >
        <Link
          to={paths.home}
          className="order-1 flex h-10 items-center rounded-md text-xl font-black tracking-tight whitespace-nowrap sm:text-2xl"
        >
          {SHOP_NAME}
          <span aria-hidden="true" className="text-accent">
            .
          </span>
        </Link>
        <nav
          aria-label="Main"
          className="order-3 flex w-full items-center justify-between gap-2 border-t border-white/10 pt-1 sm:order-2 sm:h-10 sm:w-auto sm:flex-1 sm:justify-start sm:border-0 sm:pt-0"
        >
          <BrandsMenu />
          <div className="flex items-center gap-2">
            <Link
              to={paths.sale}
              className="inline-flex h-9 items-center rounded-full bg-deal px-4 text-sm font-extrabold tracking-wide text-white transition-colors hover:bg-red-700"
            >
              Deals
            </Link>
            <AdminLink />
          </div>
        </nav>
        {/* Its size does not wait for its icons: a browser painting a half-parsed header moves nothing. */}
        <div className="order-2 ml-auto flex h-10 min-w-31 items-center gap-0.5 sm:order-3">
          <SearchPanel />
          <CartLink />
          <AccountLink />
        </div>
      </div>
    </header>
  );
}
