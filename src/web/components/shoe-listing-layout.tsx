import { useRef, type ReactNode } from 'react';
import { PagedShoeList, type ShoePageQuery } from './paged-shoe-list';
import { PageHeader } from './page-header';
import { PAGE_WIDTH } from './page-width';
import type { PageOffset } from './use-page-offset';

interface ShoeListingLayoutProps {
  eyebrow: string;
  title: string;
  description?: ReactNode;
  /** Between the title and the shoes: the listing's count and sorts. */
  toolbar?: ReactNode;
  /** Beside the shoes on a desktop: the listing's filters. */
  aside?: ReactNode;
  shoes: ShoePageQuery;
  paging: PageOffset;
  columns: 3 | 4;
  emptyTitle?: string;
  /** Shown instead of the shoes: a page's own word on why there are none. */
  fallback?: ReactNode;
  /** The one size the listing is filtered by: the cards start with it chosen. */
  preselectedSize?: string;
}

/** A page that is a titled, paged grid of shoes: the catalogue, a brand, the sale, the favorites. */
export function ShoeListingLayout({
  eyebrow,
  title,
  description,
  toolbar,
  aside,
  shoes,
  paging,
  columns,
  emptyTitle,
  fallback,
  preselectedSize,
}: ShoeListingLayoutProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const list = fallback ?? (
    <PagedShoeList
      shoes={shoes}
      paging={paging}
      listHeading={heading}
      headingLevel="h2"
      columns={columns}
      besideFilters={Boolean(aside)}
      emptyTitle={emptyTitle}
      preselectedSize={preselectedSize}
    />
  );
  return (
    <div className={`${PAGE_WIDTH} py-10 sm:py-14`}>
      <PageHeader ref={heading} eyebrow={eyebrow} title={title} description={description} />
      {aside ? (
        <div className="lg:grid lg:grid-cols-[16rem_minmax(0,1fr)] lg:items-start lg:gap-8">
          {aside}
          <div>
            {toolbar}
            {list}
          </div>
        </div>
      ) : (
        <>
          {toolbar}
          {list}
        </>
      )}
    </div>
  );
}
