import { useState } from 'react';
import { BadgePercent } from 'lucide-react';
import { Link } from 'react-router';
import { formatPrice } from '../../../domain/cart-lines';
import { PAGE_SIZE } from '../../../domain/constants';
import type { DiscountCodeAnswer, DiscountListQuery } from '../../../domain/contracts/discounts';
import { useSearchPaging } from '../../lib/use-search-paging';
import { paths } from '../../paths';
import { useAdminDiscounts, useSetDiscountActive } from './api/use-admin-discounts';
import type { AdminColumn } from './admin-table';
import { AdminTableSection } from './admin-table-section';
import { runAdminChange } from './run-admin-change';
import { SwitchButton } from './switch-button';

const takesOff = (code: DiscountCodeAnswer) =>
  code.kind === 'percent' ? `${code.percent}%` : formatPrice(code.amount ?? 0);

function appliesTo(code: DiscountCodeAnswer): string {
  if (code.target === 'brands') return code.brands.join(', ');
  return code.target === 'not_on_sale' ? 'Not on sale' : 'Whole cart';
}

/** Its limits in words: dates, uses, once per customer, minimum subtotal. */
function limits(code: DiscountCodeAnswer): string {
  const parts = [
    code.startsOn || code.endsOn ? `${code.startsOn ?? '…'} to ${code.endsOn ?? '…'}` : null,
    `${code.uses}${code.maxUses === null ? '' : ` / ${code.maxUses}`} used`,
    code.oncePerCustomer ? 'once per customer' : null,
    code.minSubtotal === null ? null : `from ${formatPrice(code.minSubtotal)}`,
  ];
  return parts.filter(Boolean).join(' · ');
}

const WHICH_CODES = [
  { personal: 'hide', label: 'For everyone' },
  { personal: 'only', label: 'Personal (cart reminders)' },
] as const;

/**
 * Discount codes (4 per page): what each takes off and what it gave, active or not, edit. The codes
 * anyone may use by default; the second cart reminder's codes, one per shopper, on their own tab.
 */
export function DiscountsTable() {
  const search = useSearchPaging();
  const [personal, setPersonal] = useState<DiscountListQuery['personal']>('hide');
  const discounts = useAdminDiscounts(search.query, search.offset, personal);
  const setActive = useSetDiscountActive();

  const columns: readonly AdminColumn<DiscountCodeAnswer>[] = [
    {
      label: 'Code',
      rowHeader: true,
      className: 'font-mono font-bold',
      cell: (code) => (
        <>
          {code.code}
          {code.forShopper && (
            <span className="block font-sans text-xs font-semibold text-gray-700">For {code.forShopper}</span>
          )}
        </>
      ),
    },
    { label: 'Takes off', cell: (code) => `${takesOff(code)} · ${appliesTo(code)}` },
    { label: 'Limits', className: 'text-sm text-gray-700', cell: limits },
    {
      label: 'Orders',
      alignRight: true,
      className: 'text-right tabular-nums',
      cell: (code) => `${code.orders} · ${formatPrice(code.discounted)} off`,
    },
    {
      label: 'Active',
      cell: (code) => (
        <SwitchButton
          checked={code.active}
          label={`Active: ${code.code}`}
          stateText={code.active ? 'Active' : 'Inactive'}
          busy={setActive.isPending && setActive.variables.id === code._id}
          onToggle={() =>
            void runAdminChange(async () => {
              const saved = await setActive.mutateAsync({ id: code._id, active: !code.active });
              return `${saved.code} is ${saved.active ? 'active' : 'deactivated'}`;
            })
          }
        />
      ),
    },
    {
      label: 'Actions',
      hiddenLabel: true,
      alignRight: true,
      className: 'text-right',
      cell: (code) => (
        <Link
          to={paths.discountCode(code._id)}
          className="rounded-sm font-bold text-accent-dark underline-offset-4 hover:underline"
        >
          Edit<span className="sr-only"> {code.code}</span>
        </Link>
      ),
    },
  ];

  return (
    <AdminTableSection
      title="Discount codes"
      icon={BadgePercent}
      searchHint="Code"
      search={search}
      pageSize={PAGE_SIZE.adminDiscounts}
      query={discounts}
      page={discounts.data}
      columns={columns}
      minWidth="md:min-w-[52rem]"
      emptyText={
        personal === 'only' && discounts.data?.items.length === 0 && !search.query
          ? 'No personal codes yet: the second cart reminder makes one for each shopper it mails.'
          : undefined
      }
      toolbar={
        <div role="group" aria-label="Which codes" className="flex flex-wrap gap-2 px-5 pt-3 pb-3 sm:px-6">
          {WHICH_CODES.map((choice) => (
            <button
              key={choice.personal}
              type="button"
              aria-pressed={personal === choice.personal}
              onClick={() => {
                setPersonal(choice.personal);
                search.setOffset(0);
              }}
              className="h-9 rounded-full border border-gray-300 px-4 text-sm font-bold transition-colors hover:border-ink aria-pressed:border-ink aria-pressed:bg-ink aria-pressed:text-white"
            >
              {choice.label}
            </button>
          ))}
        </div>
      }
    />
  );
}
