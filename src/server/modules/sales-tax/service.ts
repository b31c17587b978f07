import type { TaxRateAnswer } from '../../../domain/contracts/shipping-and-tax.js';
import { MESSAGES } from '../../../domain/messages.js';
import type { SalesTax } from '../../../domain/order-totals.js';
import { US_STATES, type UsStateCode } from '../../../domain/us-states.js';
import type { Actor } from '../../audit/audit-writer.js';
import { notFound } from '../../http/errors.js';
import type { SalesTaxRepository, TaxRateRow } from './repository.js';

function toAnswer(row: TaxRateRow): TaxRateAnswer {
  return {
    state: row.stateCode,
    name: US_STATES[row.stateCode as UsStateCode] ?? row.stateCode,
    rateMilliPercent: row.rateMilliPercent,
    taxShipping: row.taxShipping,
    updatedAt: row.updatedAt.toISOString(),
  };
}

const settingOf = (row: TaxRateRow): SalesTax => ({
  rateMilliPercent: row.rateMilliPercent,
  taxShipping: row.taxShipping,
});

/**
 * Sales tax (issue 31): the rate the checkout charges in a state, and the staff's settings. A state
 * without a rate is not taxed; with no rate at all, the shop charges no tax.
 */
export function createSalesTaxService(repository: SalesTaxRepository) {
  const target = (state: UsStateCode) => ({ type: 'tax-rate', id: state, label: US_STATES[state] });
  return {
    /** The state's rate (by its two-letter code); undefined where none is set: no tax. */
    rateFor: (stateCode: string) => repository.rateFor(stateCode),

    /** Every state with a rate, by name. */
    list: async () =>
      (await repository.all()).map(toAnswer).sort((a, b) => a.name.localeCompare(b.name, 'en')),

    /** Sets a state's rate: added, or replacing the one it had. */
    async set(state: UsStateCode, tax: SalesTax, actor: Actor): Promise<TaxRateAnswer> {
      const row = await repository.set(state, tax, (before) => ({
        actor,
        record: {
          action: 'tax.set',
          target: target(state),
          before: before ? settingOf(before) : null,
          after: tax,
        },
      }));
      return toAnswer(row);
    },

    /** No tax in that state any more. */
    async remove(state: UsStateCode, actor: Actor): Promise<void> {
      const removed = await repository.remove(state, (before) => ({
        actor,
        record: { action: 'tax.remove', target: target(state), before: settingOf(before) },
      }));
      if (!removed) throw notFound(MESSAGES.salesTax.notFound);
    },
  };
}

export type SalesTaxService = ReturnType<typeof createSalesTaxService>;
