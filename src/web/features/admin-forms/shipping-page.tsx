import { useState } from 'react';
import type { ShippingMethodAnswer } from '../../../domain/contracts/shipping-and-tax';
import { LoadStatus } from '../../components/load-status';
import { AdminCard } from './admin-card';
import { AdminFormLayout } from './admin-form-layout';
import { useShippingMethods } from './api/shipping-methods';
import { ShippingMethodFormFields } from './shipping-method-form';
import { ShippingMethodList } from './shipping-method-list';

/** `/shipping`: the ways to ship the cart offers (issue 31 item 5), and a form to add or edit one. */
export default function ShippingPage() {
  const methods = useShippingMethods();
  const [editing, setEditing] = useState<ShippingMethodAnswer>();
  return (
    <AdminFormLayout
      title="Shipping"
      intro="The cart offers the active methods in this order, the first one chosen for the shopper. Orders keep the method, price and estimate they were sold with."
    >
      <AdminCard title="Methods">
        {methods.data ? (
          <ShippingMethodList
            methods={methods.data}
            onEdit={(method) => {
              setEditing(method);
              document.getElementById('shipping-method-form')?.scrollIntoView({ block: 'start' });
            }}
          />
        ) : (
          <LoadStatus failed={methods.isError} className="py-6" />
        )}
      </AdminCard>
      <div id="shipping-method-form" className="scroll-mt-24">
        <AdminCard
          title={editing ? `Edit ${editing.name}` : 'Add a method'}
          onCancel={editing && (() => setEditing(undefined))}
        >
          <ShippingMethodFormFields
            key={editing?._id ?? 'new'}
            method={editing}
            onDone={() => setEditing(undefined)}
          />
        </AdminCard>
      </div>
    </AdminFormLayout>
  );
}
