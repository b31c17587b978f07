import { Tags } from 'lucide-react';
import { Link } from 'react-router';
import { PAGE_SIZE } from '../../../domain/constants';
import { useDeleteBrand } from './api/delete-brand';
import { useAdminBrands } from './api/use-admin-brands';
import { paths } from '../../paths';
import { AdminTableSection } from './admin-table-section';
import { DeleteAction } from './delete-action';
import { headCellClass, headRowClass, plainCellClass } from './table-classes';
import { useTableSearch } from './use-table-search';

/** Brands (spec §2, 4 per page): delete, refused by the server while the brand still has shoes. */
export function BrandsTable() {
  const search = useTableSearch();
  const { data, isPending, isError, isPlaceholderData } = useAdminBrands(search.query, search.offset);
  const deleteBrand = useDeleteBrand();
  const brands = data?.items ?? [];

  return (
    <AdminTableSection
      title="Brands"
      icon={Tags}
      searchHint="Brand name"
      search={search}
      pageSize={PAGE_SIZE.adminBrands}
      total={data?.total}
      loading={isPending}
      stale={isPlaceholderData}
      error={isError}
      emptyText={
        data && brands.length === 0
          ? search.query
            ? 'No brands match your search.'
            : 'No brands yet.'
          : undefined
      }
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Brands</caption>
        <thead>
          <tr className={headRowClass}>
            <th scope="col" className={headCellClass}>
              Name
            </th>
            <th scope="col" className={`${headCellClass} text-right`}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {brands.map((brand) => (
            <tr key={brand._id} className="hover:bg-paper/60">
              <th scope="row" className={`${plainCellClass} font-bold`}>
                <Link
                  to={paths.collection(brand.name)}
                  className="rounded-sm break-words hover:text-accent-dark hover:underline"
                >
                  {brand.name}
                </Link>
              </th>
              <td className={`${plainCellClass} text-right`}>
                <DeleteAction
                  name={brand.name}
                  description={
                    <>
                      The brand <strong className="font-bold text-ink">{brand.name}</strong> will be removed
                      from the store.
                    </>
                  }
                  pending={deleteBrand.isPending && deleteBrand.variables === brand._id}
                  onDelete={() => deleteBrand.mutateAsync(brand._id)}
                  onDeleted={() => search.afterRowRemoved(brands.length, PAGE_SIZE.adminBrands)}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </AdminTableSection>
  );
}
