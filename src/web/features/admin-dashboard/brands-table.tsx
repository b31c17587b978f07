import { Tags } from 'lucide-react';
import { Link } from 'react-router';
import type { Brand } from '../../../domain/catalog';
import { PAGE_SIZE } from '../../../domain/constants';
import { useSearchPaging } from '../../lib/use-search-paging';
import { paths } from '../../paths';
import { useDeleteBrand } from './api/delete-brand';
import { useAdminBrands } from './api/use-admin-brands';
import type { AdminColumn } from './admin-table';
import { AdminTableSection } from './admin-table-section';
import { DeleteAction } from './delete-action';

/** Brands (spec §2, 4 per page): delete, refused by the server while the brand still has shoes. */
export function BrandsTable() {
  const search = useSearchPaging();
  const brands = useAdminBrands(search.query, search.offset);
  const deleteBrand = useDeleteBrand();

  const columns: readonly AdminColumn<Brand>[] = [
    {
      label: 'Name',
      rowHeader: true,
      className: 'font-bold',
      cell: (brand) => (
        <Link
          to={paths.collection(brand.name)}
          className="rounded-sm break-words hover:text-accent-dark hover:underline"
        >
          {brand.name}
        </Link>
      ),
    },
    {
      label: 'Actions',
      hiddenLabel: true,
      alignRight: true,
      className: 'text-right',
      cell: (brand) => (
        <DeleteAction
          name={brand.name}
          description={
            <>
              The brand <strong className="font-bold text-ink">{brand.name}</strong> will be removed from the
              store.
            </>
          }
          mutation={deleteBrand}
          id={brand._id}
          onDeleted={() => search.afterRowRemoved(brands.data?.items.length ?? 0, PAGE_SIZE.adminBrands)}
        />
      ),
    },
  ];

  return (
    <AdminTableSection
      title="Brands"
      icon={Tags}
      searchHint="Brand name"
      search={search}
      pageSize={PAGE_SIZE.adminBrands}
      query={brands}
      page={brands.data}
      columns={columns}
    />
  );
}
