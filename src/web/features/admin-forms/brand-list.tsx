import { useBrands } from '../../api/use-brands';
import { AdminCard } from './admin-card';

/** The brands already in the store, so a new one is not a near-duplicate. */
export function BrandList() {
  const { data: brands } = useBrands();
  if (!brands || brands.length === 0) return null;
  return (
    <AdminCard title="Brands in the store">
      <ul className="flex flex-wrap gap-2">
        {brands.map((brand) => (
          <li
            key={brand._id}
            className="rounded-full bg-paper px-3 py-1 text-sm font-semibold ring-1 ring-black/10"
          >
            {brand.name}
          </li>
        ))}
      </ul>
    </AdminCard>
  );
}
