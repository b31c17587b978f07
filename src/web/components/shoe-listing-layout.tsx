import { useRef, type ReactNode } from 'react';
import { PagedShoeList, type ShoePageQuery } from './paged-shoe-list';
import { PageHeader } from './page-header';
import { PAGE_WIDTH } from './page-width';
import type { PageOffset } from './use-page-offset';

interface ShoeListingLayoutProps {
  eyebrow: string;
  title: string;
  description?: ReactNode;
  /** Between the title and the shoes: the collection's filters. */
  toolbar?: ReactNode;
  shoes: ShoePageQuery;
  paging: PageOffset;
  columns: 3 | 4;
  emptyTitle?: string;
  /** Shown instead of the shoes: a page's own word on why there are none. */
  fallback?: ReactNode;
}

/** A page that is a titled, paged grid of shoes: the catalogue, a brand, the sale, the favorites. */
export function ShoeListingLayout({
  eyebrow,
  title,
  description,
  toolbar,
  shoes,
  paging,
  columns,
  emptyTitle,
  fallback,
}: ShoeListingLayoutProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <div className={`${PAGE_WIDTH} py-10 sm:py-14`}>
      <PageHeader ref={heading} eyebrow={eyebrow} title={title} description={description} />
      {toolbar}
      {fallback ?? (
        <PagedShoeList
          shoes={shoes}
          paging={paging}
          listHeading={heading}
          headingLevel="h2"
          columns={columns}
          emptyTitle={emptyTitle}
        />
      )}
    </div>
  );
}
