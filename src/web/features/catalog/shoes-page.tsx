import { PAGES } from '../../../domain/routes';
import { useRef } from 'react';
import { PAGE_SIZE } from '../../../domain/constants';
import { useShoes } from '../../api/use-shoes';
import { PagedShoeList } from '../../components/paged-shoe-list';
import { PageHeader } from '../../components/page-header';
import { PAGE_WIDTH } from '../../components/page-width';
import { usePageOffset } from '../../components/use-page-offset';

const TITLE = PAGES.shoes.title;

/** `/shoes`: the whole collection, 6 per page (DESIGN.md §1). */
export default function ShoesPage() {
  const [offset, setOffset] = usePageOffset(PAGE_SIZE.collection);
  const { data, isPending, isPlaceholderData } = useShoes({ offset, limit: PAGE_SIZE.collection });
  const heading = useRef<HTMLHeadingElement>(null);

  return (
    <div className={`${PAGE_WIDTH} py-10 sm:py-14`}>
      <PageHeader
        ref={heading}
        eyebrow="The collection"
        title={TITLE}
        description={
          data
            ? `${data.total} ${data.total === 1 ? 'model' : 'models'} from every brand we carry.`
            : undefined
        }
      />
      <PagedShoeList
        page={data}
        loading={isPending}
        stale={isPlaceholderData}
        offset={offset}
        pageSize={PAGE_SIZE.collection}
        onOffsetChange={setOffset}
        listHeading={heading}
        headingLevel="h2"
        columns={3}
      />
    </div>
  );
}
