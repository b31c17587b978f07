import { PAGES } from '../../../domain/routes';
import { PAGE_SIZE } from '../../../domain/constants';
import { useShoes } from '../../api/use-shoes';
import { ShoeListingLayout } from '../../components/shoe-listing-layout';
import { usePageOffset } from '../../components/use-page-offset';

/** `/shoes`: the whole collection, 6 per page (spec §4). */
export default function ShoesPage() {
  const paging = usePageOffset(PAGE_SIZE.collection);
  const shoes = useShoes({ offset: paging.offset, limit: PAGE_SIZE.collection });
  const total = shoes.data?.total;
  return (
    <ShoeListingLayout
      eyebrow="The collection"
      title={PAGES.shoes.title}
      description={
        total === undefined
          ? undefined
          : `${total} ${total === 1 ? 'model' : 'models'} from every brand we carry.`
      }
      shoes={shoes}
      paging={paging}
      columns={3}
    />
  );
}
