import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Shoe } from '../../../domain/catalog';
import { catalogKeys } from '../../api/query-keys';
import { paths } from '../../paths';
import { AdminCard } from './admin-card';
import { AdminFormLayout } from './admin-form-layout';
import { ChosenShoe } from './chosen-shoe';
import { ModifyShoeForm } from './modify-shoe-form';
import { ShoePhotos } from './shoe-photos';

function ModifyShoe({ shoe }: { shoe: Shoe }) {
  const queryClient = useQueryClient();
  // Bumped after a reload: the form starts over from the shoe as it is now.
  const [generation, setGeneration] = useState(0);
  async function reload() {
    await queryClient.refetchQueries({ queryKey: catalogKeys.shoe(shoe._id), exact: true });
    setGeneration((current) => current + 1);
  }
  return (
    <>
      <AdminCard>
        <ModifyShoeForm key={generation} shoe={shoe} onReload={() => void reload()} />
      </AdminCard>
      <AdminCard title="Photos">
        <ShoePhotos shoe={shoe} />
      </AdminCard>
    </>
  );
}

/** `/modifshoe?shoe=<id>` (spec §2 "Admin forms"); without a shoe, a picker. */
export default function ModifyShoePage() {
  return (
    <AdminFormLayout
      title="Modify Shoes"
      intro="Change a shoe's details, the stock of one of its sizes, or its photos."
    >
      <ChosenShoe pickerPath={paths.modifyShoe} linkTo={paths.modifyShoeFor}>
        {(shoe) => <ModifyShoe shoe={shoe} />}
      </ChosenShoe>
    </AdminFormLayout>
  );
}
