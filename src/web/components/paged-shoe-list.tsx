import { useEffect, type RefObject } from 'react';
import { clampOffset } from '../../domain/paging';
import type { ShoePage } from '../api/shoe-page';
import { PageLoading } from './page-loading';
import { Pager } from './pager';
import { ShoeGrid } from './shoe-grid';
import type { CardHeadingLevel } from './shoe-card';
import type { PageOffset } from './use-page-offset';

/** A paged list's request, as TanStack Query tells it. */
export interface ShoePageQuery {
  data: ShoePage | undefined;
  /** True while the query runs for the first time (nothing to show yet). */
  isPending: boolean;
  /** True while a previous page stays on screen until the new one arrives. */
  isPlaceholderData: boolean;
}

interface PagedShoeListProps {
  shoes: ShoePageQuery;
  paging: PageOffset;
  listHeading: RefObject<HTMLElement | null>;
  headingLevel: CardHeadingLevel;
  emptyTitle?: string;
  columns: 3 | 4;
  besideFilters?: boolean;
  preselectedSize?: string;
}

/** Grid of shoe cards with Previous/Next, shared by every server-paged listing. */
export function PagedShoeList({
  shoes: { data: page, isPending: loading, isPlaceholderData: stale },
  paging: { offset, pageSize, setOffset },
  listHeading,
  headingLevel,
  emptyTitle,
  columns,
  besideFilters,
  preselectedSize,
}: PagedShoeListProps) {
  const total = page?.total ?? 0;
  const clamped = clampOffset({ offset, pageSize, total });
  // A page past the end (an old link, `?page=99`) moves to the last page instead of looking empty.
  useEffect(() => {
    if (!loading && !stale && clamped !== offset) setOffset(clamped);
  }, [loading, stale, clamped, offset, setOffset]);

  if (loading) return <PageLoading />;
  return (
    <>
      <ShoeGrid
        shoes={page?.items ?? []}
        headingLevel={headingLevel}
        busy={stale}
        emptyTitle={emptyTitle}
        columns={columns}
        besideFilters={besideFilters}
        preselectedSize={preselectedSize}
      />
      <Pager
        offset={offset}
        pageSize={pageSize}
        total={total}
        onChange={setOffset}
        listHeading={listHeading}
      />
    </>
  );
}
