import { useParams } from 'react-router';
import { PAGE_SIZE } from '../../../domain/constants';
import { useColors } from './api/use-colors';
import { useShoes } from '../../api/use-shoes';
import { ShoeListingLayout } from '../../components/shoe-listing-layout';
import { useDocumentTitle } from '../../components/use-document-title';
import { usePageOffset } from '../../components/use-page-offset';
import { CollectionFiltersBar } from './collection-filters';
import { useCollectionParams } from './use-collection-params';

/** `/collections/:brand`: a brand's shoes, 28 per page, filterable by colour and sortable by price. */
export default function CollectionPage() {
  const brand = useParams().brand ?? '';
  const [filters, setFilters] = useCollectionParams();
  const paging = usePageOffset(PAGE_SIZE.brandCatalogue);
  const { data: colors = [] } = useColors(brand);
  const shoes = useShoes({
    offset: paging.offset,
    limit: PAGE_SIZE.brandCatalogue,
    brand,
    color: filters.color,
    sort: filters.sort,
  });
  const total = shoes.data?.total ?? 0;
  // The URL may say "velo"; once the shoes arrive, show the brand as the shop spells it.
  const title = shoes.data?.items[0]?.brand ?? brand;
  useDocumentTitle(title);

  return (
    <ShoeListingLayout
      eyebrow="Collection"
      title={title}
      description={total > 0 ? `${total} ${total === 1 ? 'model' : 'models'}` : undefined}
      toolbar={
        colors.length > 0 && <CollectionFiltersBar colors={colors} filters={filters} onChange={setFilters} />
      }
      shoes={shoes}
      paging={paging}
      columns={4}
      emptyTitle={filters.color ? `No ${title} shoes in ${filters.color}` : `No shoes from ${title} yet`}
    />
  );
}
