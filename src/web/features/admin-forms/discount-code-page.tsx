import { useSearchParams } from 'react-router';
import { MESSAGES } from '../../../domain/messages';
import { PageLoading } from '../../components/page-loading';
import { AdminCard } from './admin-card';
import { AdminFormLayout } from './admin-form-layout';
import { useDiscountCode } from './api/discount-code';
import { DiscountCodeFormFields } from './discount-code-form';

/** `/discountcode`: create a discount code; `/discountcode?code={id}`: edit that one. */
export default function DiscountCodePage() {
  const id = useSearchParams()[0].get('code') ?? '';
  const existing = useDiscountCode(id);
  const editing = id.length > 0;
  return (
    <AdminFormLayout
      title={editing ? 'Edit discount code' : 'Create discount code'}
      intro="Shoppers type the code in their cart; the server prices it and counts its uses."
    >
      <AdminCard>
        {editing && existing.isPending ? (
          <PageLoading />
        ) : editing && !existing.data ? (
          <p role="alert" className="font-semibold text-deal">
            {MESSAGES.discounts.notFound}
          </p>
        ) : (
          <DiscountCodeFormFields code={existing.data} />
        )}
      </AdminCard>
    </AdminFormLayout>
  );
}
