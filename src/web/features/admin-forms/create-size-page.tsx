import { paths } from '../../paths';
import { AdminCard } from './admin-card';
import { AdminFormLayout } from './admin-form-layout';
import { ChosenShoe } from './chosen-shoe';
import { CreateSizeForm } from './create-size-form';

/** `/createsize?shoe=<id>` (spec §2 "Admin forms"); without a shoe, a picker. */
export default function CreateSizePage() {
  return (
    <AdminFormLayout
      title="Create size"
      intro="Add a size to a shoe, or more pairs to a size it already has."
    >
      <ChosenShoe pickerPath={paths.createSize} linkTo={paths.createSizeFor}>
        {(shoe) => (
          <AdminCard title="Add a size">
            <CreateSizeForm shoe={shoe} />
          </AdminCard>
        )}
      </ChosenShoe>
    </AdminFormLayout>
  );
}
