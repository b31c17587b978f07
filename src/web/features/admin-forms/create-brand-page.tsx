import { AdminCard } from './admin-card';
import { AdminFormLayout } from './admin-form-layout';
import { BrandList } from './brand-list';
import { CreateBrandForm } from './create-brand-form';

/** `/createbrand` (spec §2 "Admin forms"). */
export default function CreateBrandPage() {
  return (
    <AdminFormLayout title="Create Brand" intro="Brands group the shoes in the store and in its menu.">
      <AdminCard>
        <CreateBrandForm />
      </AdminCard>
      <BrandList />
    </AdminFormLayout>
  );
}
