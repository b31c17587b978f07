import { useRef } from 'react';
import { useParams } from 'react-router';
import { PAGE_SIZE } from '../../../domain/constants';
import { useColors } from './api/use-colors';
import { useShoes } from '../../api/use-shoes';
import { PagedShoeList } from '../../components/paged-shoe-list';
import { PageHeader } from '../../components/page-header';
import { PAGE_WIDTH } from '../../components/page-width';
import { useDocumentTitle } from '../../components/use-document-title';
import { usePageOffset } from '../../components/use-page-offset';
import { CollectionFiltersBar } from './collection-filters';
import { useCollectionParams } from './use-collection-params';

/** `/collections/:brand`: a brand's shoes, 28 per page, filterable by colour and sortable by price. */
export default function CollectionPage() {
  const brand = useParams().brand ?? '';
  const [filters, setFilters] = useCollectionParams();
  const [offset, setOffset] = usePageOffset(PAGE_SIZE.brandCatalogue);
  const { data: colors = [] } = useColors(brand);
  const { data, isPending, isPlaceholderData } = useShoes({
    offset,
    limit: PAGE_SIZE.brandCatalogue,
    brand,
    color: filters.color,
    sort: filters.sort,
  });
  const heading = useRef<HTMLHeadingElement>(null);
  const filtered = Boolean(filters.color);
  // The URL may say "velo"; once the shoes arrive, show the brand as the shop spells it.
  const title = data?.items[0]?.brand ?? brand;
  useDocumentTitle(title);

  return (
    <div className={`${PAGE_WIDTH} py-10 sm:py-14`}>
      <PageHeader
        ref={heading}
        eyebrow="Collection"
        title={title}
        description={
          data && data.total > 0 ? `${data.total} ${data.total === 1 ? 'model' : 'models'}` : undefined
        }
      />
      {colors.length > 0 && <CollectionFiltersBar colors={colors} filters={filters} onChange={setFilters} />}
      <PagedShoeList
        page={data}
        loading={isPending}
        stale={isPlaceholderData}
        offset={offset}
        pageSize={PAGE_SIZE.brandCatalogue}
        onOffsetChange={setOffset}
        listHeading={heading}
        headingLevel="h2"
        columns={4}
        emptyTitle={filtered ? `No ${title} shoes in ${filters.color}` : `No shoes from ${title} yet`}
      />
    </div>
  );
}
