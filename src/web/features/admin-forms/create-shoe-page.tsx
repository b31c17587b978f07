import { AdminCard } from './admin-card';
import { AdminFormLayout } from './admin-form-layout';
import { CreateShoeForm } from './create-shoe-form';

/** `/createshoes` (spec §2 "Admin forms"). */
export default function CreateShoePage() {
  return (
    <AdminFormLayout
      title="Create Shoes"
      intro="Add a shoe to the store with all its sizes and quantities at once; more can be added later."
    >
      <AdminCard>
        <CreateShoeForm />
      </AdminCard>
    </AdminFormLayout>
  );
}
