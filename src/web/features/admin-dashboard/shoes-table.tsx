import { Footprints, PackagePlus, Pencil } from 'lucide-react';
import { Link } from 'react-router';
import { BulkEditBar } from './bulk-edit-bar';
import { useShoeSelection } from './use-shoe-selection';
import type { Shoe } from '../../../domain/catalog';
import { PAGE_SIZE } from '../../../domain/constants';
import { useSearchPaging } from '../../lib/use-search-paging';
import { paths } from '../../paths';
import { ShoeThumbnail } from '../../components/shoe-thumbnail';
import { useDeleteShoe } from './api/delete-shoe';
import { useSetOnSale } from './api/set-on-sale';
import { useAdminShoes } from './api/use-admin-shoes';
import type { AdminColumn } from './admin-table';
import { AdminTableSection } from './admin-table-section';
import { DeleteAction } from './delete-action';
import { formatDollars } from './money';
import { runAdminChange } from './run-admin-change';
import { SwitchButton } from './switch-button';
import { rowActionClass, wideCellClass } from './table-classes';

function pairsInStock(shoe: Shoe): number {
  return shoe.stock.reduce((sum, entry) => sum + entry.quantity, 0);
}

/**
 * Shoes (spec §2, 5 per page): onSale toggle, Modify, Add size and delete; bulk edits of the
 * shoes ticked or of every shoe the search finds (issue 33 item 5). The search is the
 * catalogue's own name search, whose "nothing matches" text is shown as it comes (spec §2).
 */
export function ShoesTable() {
  const search = useSearchPaging();
  const { data, ...query } = useAdminShoes(search.query, search.offset);
  const setOnSale = useSetOnSale();
  const deleteShoe = useDeleteShoe();
  const page = data?.kind === 'shoes' ? data : undefined;
  const selection = useShoeSelection(search.query);

  let emptyText: string | undefined;
  if (data?.kind === 'message') emptyText = data.message;
  else if (page?.items.length === 0) emptyText = 'No shoes in the store yet.';

  const columns: readonly AdminColumn<Shoe>[] = [
    {
      // Bulk edits (issue 33 item 5): a box per row; the bar above the rows selects a page or all.
      label: 'Select',
      hiddenLabel: true,
      unlabelled: true,
      cell: (shoe) => (
        <input
          type="checkbox"
          className="size-5 accent-ink"
          aria-label={`Select ${shoe.name}`}
          checked={selection.isSelected(shoe._id)}
          disabled={selection.allMatching}
          onChange={() => selection.toggle(shoe._id)}
        />
      ),
    },
    {
      label: 'Shoe',
      rowHeader: true,
      unlabelled: true,
      className: `${wideCellClass} font-normal`,
      cell: (shoe) => (
        <Link to={paths.shoe(shoe._id)} className="group flex items-center gap-3 rounded-lg md:min-w-48">
          <ShoeThumbnail src={shoe.image} width={64} lazy className="h-12 w-16 shrink-0 rounded-lg" />
          <span className="font-bold group-hover:text-accent-dark group-hover:underline">{shoe.name}</span>
        </Link>
      ),
    },
    { label: 'Brand', className: 'whitespace-nowrap', cell: (shoe) => shoe.brand },
    {
      label: 'Price',
      alignRight: true,
      className: 'font-bold whitespace-nowrap tabular-nums md:text-right',
      cell: (shoe) => formatDollars(shoe.price),
    },
    {
      label: 'On sale',
      cell: (shoe) => (
        <SwitchButton
          checked={shoe.onSale}
          label={`On sale: ${shoe.name}`}
          stateText={shoe.onSale ? 'On sale' : 'Off'}
          busy={setOnSale.isPending && setOnSale.variables.shoeId === shoe._id}
          onToggle={() =>
            void runAdminChange(async () => {
              const { message } = await setOnSale.mutateAsync({ shoeId: shoe._id, onSale: !shoe.onSale });
              return message;
            })
          }
        />
      ),
    },
    {
      label: 'Stock',
      alignRight: true,
      className: (shoe) =>
        `whitespace-nowrap tabular-nums md:text-right ${pairsInStock(shoe) === 0 ? 'font-bold text-deal' : ''}`,
      cell: (shoe) => {
        const stock = pairsInStock(shoe);
        return (
          <>
            {stock} {stock === 1 ? 'pair' : 'pairs'}
          </>
        );
      },
    },
    {
      label: 'Actions',
      hiddenLabel: true,
      alignRight: true,
      unlabelled: true,
      className: wideCellClass,
      cell: (shoe) => (
        <div className="flex flex-wrap gap-2 md:flex-nowrap md:justify-end">
          <Link to={paths.modifyShoeFor(shoe._id)} className={rowActionClass}>
            <Pencil aria-hidden="true" className="size-3.5" />
            Modify
            <span className="sr-only"> {shoe.name}</span>
          </Link>
          <Link to={paths.createSizeFor(shoe._id)} className={rowActionClass}>
            <PackagePlus aria-hidden="true" className="size-3.5" />
            Add size
            <span className="sr-only"> to {shoe.name}</span>
          </Link>
          <DeleteAction
            name={shoe.name}
            description={
              <>
                <strong className="font-bold text-ink">{shoe.name}</strong> and its stock will be removed from
                the store.
              </>
            }
            mutation={deleteShoe}
            id={shoe._id}
            onDeleted={() => search.afterRowRemoved(page?.items.length ?? 0, PAGE_SIZE.adminShoes)}
          />
        </div>
      ),
    },
  ];

  return (
    <AdminTableSection
      title="Shoes"
      icon={Footprints}
      searchHint="Shoe name"
      search={search}
      pageSize={PAGE_SIZE.adminShoes}
      query={query}
      page={page}
      emptyText={emptyText}
      columns={columns}
      minWidth="md:min-w-[60rem]"
      toolbar={
        page && page.items.length > 0 ? (
          <BulkEditBar
            selection={selection}
            pageIds={page.items.map((shoe) => shoe._id)}
            total={page.total}
            totalIsLowerBound={page.totalIsLowerBound}
          />
        ) : undefined
      }
    />
  );
}
