import { isUuid } from '../../../domain/catalog.js';
import type { DiscountCodeAnswer, DiscountListQuery } from '../../../domain/contracts/discounts.js';
import type { DiscountTerms } from '../../../domain/discount-form.js';
import { MESSAGES } from '../../../domain/messages.js';
import { conflict, HttpError, notFound } from '../../http/errors.js';
import type { Actor } from '../../audit/audit-writer.js';
import type { DiscountsRepository, StoredCode } from './repository.js';

const M = MESSAGES.discounts;

/** A code as the admin table shows it: amounts in dollars. */
function toAnswer(code: StoredCode): DiscountCodeAnswer {
  return {
    _id: code.id,
    code: code.code,
    kind: code.amount.kind,
    percent: code.amount.kind === 'percent' ? code.amount.percent : null,
    amount: code.amount.kind === 'fixed' ? code.amount.amountCents / 100 : null,
    minSubtotal: code.minSubtotalCents === null ? null : code.minSubtotalCents / 100,
    startsOn: code.startsOn,
    endsOn: code.endsOn,
    maxUses: code.maxUses,
    uses: code.uses,
    oncePerCustomer: code.oncePerCustomer,
    target: code.target.kind,
    brands: code.target.kind === 'brands' ? code.target.brands : [],
    active: code.active,
    orders: code.orders,
    discounted: code.discountedCents / 100,
    forShopper: code.forShopper,
  };
}

/** The staff's discount codes: create, edit, deactivate, and see what each gave. */
export function createDiscountsService(repository: DiscountsRepository) {
  async function get(id: string): Promise<DiscountCodeAnswer> {
    const code = isUuid(id) ? await repository.get(id) : undefined;
    if (!code) throw notFound(M.notFound);
    return toAnswer(code);
  }

  return {
    async list(query: DiscountListQuery) {
      const page = await repository.list(query);
      return { items: page.items.map(toAnswer), total: page.total };
    },

    get,

    async create(terms: DiscountTerms, actor: Actor): Promise<DiscountCodeAnswer> {
      const id = await repository.insert(terms, {
        actor,
        record: { action: 'discount.create', target: { type: 'discount', label: terms.code }, after: terms },
      });
      if (id === 'exists') throw conflict(M.codeExists);
      return get(id);
    },

    async update(id: string, terms: DiscountTerms, actor: Actor): Promise<DiscountCodeAnswer> {
      const before = await get(id);
      const result = await repository.update(before._id, terms, {
        actor,
        record: {
          action: 'discount.update',
          target: { type: 'discount', id: before._id, label: terms.code },
          before,
          after: terms,
        },
      });
      if (result === 'missing') throw notFound(M.notFound);
      if (result === 'exists') throw conflict(M.codeExists);
      if (result === 'below_uses') {
        const { uses } = await get(id);
        throw new HttpError(400, 'validation', M.belowUses(uses), { maxUses: M.belowUses(uses) });
      }
      return get(id);
    },

    async setActive(id: string, active: boolean, actor: Actor): Promise<DiscountCodeAnswer> {
      const switched =
        isUuid(id) &&
        (await repository.setActive(id, active, {
          actor,
          record: {
            action: 'discount.active',
            target: { type: 'discount', id },
            before: { active: !active },
            after: { active },
          },
        }));
      if (!switched) throw notFound(M.notFound);
      return get(id);
    },
  };
}

export type DiscountsService = ReturnType<typeof createDiscountsService>;
