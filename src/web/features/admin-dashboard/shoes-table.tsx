import { Footprints, PackagePlus, Pencil } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from '../../lib/toast';
import type { Shoe } from '../../../domain/catalog';
import { NOTICE_MS, PAGE_SIZE } from '../../../domain/constants';
import { useDeleteShoe } from './api/delete-shoe';
import { errorMessage } from '../../api/http';
import { useSetOnSale } from './api/set-on-sale';
import { useAdminShoes } from './api/use-admin-shoes';
import { paths } from '../../paths';
import { AdminTableSection } from './admin-table-section';
import { DeleteAction } from './delete-action';
import { formatDollars } from './money';
import { SwitchButton } from './switch-button';
import {
  bodyClass,
  cellClass,
  headCellClass,
  headClass,
  headRowClass,
  labelledCellClass,
  rowActionClass,
  rowClass,
  tableClass,
  wideCellClass,
} from './table-classes';
import { useTableSearch } from './use-table-search';

function pairsInStock(shoe: Shoe): number {
  return shoe.stock.reduce((sum, entry) => sum + entry.quantity, 0);
}

/**
 * Shoes (spec §2, 5 per page): onSale toggle, Modify, Add size and delete. The search is the
 * catalogue's own name search, whose "nothing matches" text is shown as it comes (spec §2).
 */
export function ShoesTable() {
  const search = useTableSearch();
  const { data, isPending, isError, isPlaceholderData } = useAdminShoes(search.query, search.offset);
  const setOnSale = useSetOnSale();
  const deleteShoe = useDeleteShoe();
  const shoes = data?.kind === 'shoes' ? data.items : [];

  async function toggleSale(shoe: Shoe): Promise<void> {
    try {
      const { message } = await setOnSale.mutateAsync({ shoeId: shoe._id, onSale: !shoe.onSale });
      toast.success(message, { duration: NOTICE_MS.admin });
    } catch (error) {
      toast.error(errorMessage(error), { duration: NOTICE_MS.admin });
    }
  }

  let emptyText: string | undefined;
  if (data?.kind === 'message') emptyText = data.message;
  else if (data && shoes.length === 0) emptyText = 'No shoes in the store yet.';

  return (
    <AdminTableSection
      title="Shoes"
      icon={Footprints}
      searchHint="Shoe name"
      search={search}
      pageSize={PAGE_SIZE.adminShoes}
      total={data?.kind === 'shoes' ? data.total : undefined}
      loading={isPending}
      stale={isPlaceholderData}
      error={isError}
      emptyText={emptyText}
    >
      <table className={`${tableClass} md:min-w-[58rem]`}>
        <caption className="sr-only">Shoes</caption>
        <thead className={headClass}>
          <tr className={headRowClass}>
            <th scope="col" className={headCellClass}>
              Shoe
            </th>
            <th scope="col" className={headCellClass}>
              Brand
            </th>
            <th scope="col" className={`${headCellClass} text-right`}>
              Price
            </th>
            <th scope="col" className={headCellClass}>
              On sale
            </th>
            <th scope="col" className={`${headCellClass} text-right`}>
              Stock
            </th>
            <th scope="col" className={`${headCellClass} text-right`}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className={bodyClass}>
          {shoes.map((shoe) => {
            const stock = pairsInStock(shoe);
            return (
              <tr key={shoe._id} className={rowClass}>
                <th scope="row" className={`${cellClass} ${wideCellClass} font-normal`}>
                  <Link
                    to={paths.shoe(shoe._id)}
                    className="group flex items-center gap-3 rounded-lg md:min-w-48"
                  >
                    <img
                      src={shoe.image}
                      alt=""
                      width={64}
                      height={48}
                      loading="lazy"
                      decoding="async"
                      className="h-12 w-16 shrink-0 rounded-lg bg-gray-100 object-cover"
                    />
                    <span className="font-bold group-hover:text-accent-dark group-hover:underline">
                      {shoe.name}
                    </span>
                  </Link>
                </th>
                <td data-label="Brand" className={`${labelledCellClass} whitespace-nowrap`}>
                  {shoe.brand}
                </td>
                <td
                  data-label="Price"
                  className={`${labelledCellClass} font-bold whitespace-nowrap tabular-nums md:text-right`}
                >
                  {formatDollars(shoe.price)}
                </td>
                <td data-label="On sale" className={labelledCellClass}>
                  <SwitchButton
                    checked={shoe.onSale}
                    label={`On sale: ${shoe.name}`}
                    stateText={shoe.onSale ? 'On sale' : 'Off'}
                    busy={setOnSale.isPending && setOnSale.variables.shoeId === shoe._id}
                    onToggle={() => void toggleSale(shoe)}
                  />
                </td>
                <td
                  data-label="Stock"
                  className={`${labelledCellClass} whitespace-nowrap tabular-nums md:text-right ${stock === 0 ? 'font-bold text-deal' : ''}`}
                >
                  {stock} {stock === 1 ? 'pair' : 'pairs'}
                </td>
                <td className={`${cellClass} ${wideCellClass}`}>
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
                          <strong className="font-bold text-ink">{shoe.name}</strong> and its stock will be
                          removed from the store.
                        </>
                      }
                      pending={deleteShoe.isPending && deleteShoe.variables === shoe._id}
                      onDelete={() => deleteShoe.mutateAsync(shoe._id)}
                      onDeleted={() => search.afterRowRemoved(shoes.length, PAGE_SIZE.adminShoes)}
                    />
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </AdminTableSection>
  );
}
