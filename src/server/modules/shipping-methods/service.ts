import { isUuid } from '../../../domain/catalog.js';
import type {
  ShippingMethodAnswer,
  ShippingMethodTerms,
} from '../../../domain/contracts/shipping-and-tax.js';
import { MESSAGES } from '../../../domain/messages.js';
import type { Actor } from '../../audit/audit-writer.js';
import { conflict, HttpError, notFound } from '../../http/errors.js';
import type { ShippingMethodRow, ShippingMethodsRepository } from './repository.js';

const M = MESSAGES.shippingMethods;

function toAnswer(row: ShippingMethodRow): ShippingMethodAnswer {
  return {
    _id: row.id,
    name: row.name,
    priceCents: row.priceCents,
    freeAboveCents: row.freeAboveCents,
    minDays: row.minDays,
    maxDays: row.maxDays,
    active: row.active,
    position: row.position,
  };
}

/** What the audit log keeps of a method: its terms, without its id or place. */
function termsOf(row: ShippingMethodRow): ShippingMethodTerms {
  const { name, priceCents, freeAboveCents, minDays, maxDays, active } = row;
  return { name, priceCents, freeAboveCents, minDays, maxDays, active };
}

/**
 * Ways to ship (issue 31): what the checkout offers and prices, and what the staff set up. The shop may
 * retire every method: the cart then offers none and an order ships for nothing, with no estimate.
 */
export function createShippingMethodsService(repository: ShippingMethodsRepository) {
  async function existing(id: string): Promise<ShippingMethodRow> {
    const row = isUuid(id) ? await repository.get(id) : undefined;
    if (!row) throw notFound(M.notFound);
    return row;
  }
  const target = (row: { id: string; name: string }) => ({
    type: 'shipping-method',
    id: row.id,
    label: row.name,
  });

  async function change(id: string, terms: Partial<ShippingMethodTerms>, actor: Actor) {
    const before = await existing(id);
    const after = { ...termsOf(before), ...terms };
    const row = await repository.update(before.id, terms, {
      actor,
      record: {
        action: 'shipping.update',
        target: target({ ...before, name: after.name }),
        before: termsOf(before),
        after,
      },
    });
    if (row === 'missing') throw notFound(M.notFound);
    if (row === 'exists') throw conflict(M.nameExists);
    return toAnswer(row);
  }

  return {
    /** The active methods, in the cart's order: the first is the default. */
    offered: () => repository.active(),

    /** Every method, retired ones too, for the admin panel. */
    list: async () => (await repository.all()).map(toAnswer),

    async create(terms: ShippingMethodTerms, actor: Actor): Promise<ShippingMethodAnswer> {
      const row = await repository.insert(terms, {
        actor,
        record: {
          action: 'shipping.create',
          target: { type: 'shipping-method', label: terms.name },
          after: terms,
        },
      });
      if (row === 'exists') throw conflict(M.nameExists);
      return toAnswer(row);
    },

    update: (id: string, terms: ShippingMethodTerms, actor: Actor) => change(id, terms, actor),

    /** Retire a method (no longer offered) or offer it again. */
    setActive: (id: string, active: boolean, actor: Actor) => change(id, { active }, actor),

    async remove(id: string, actor: Actor): Promise<void> {
      const before = await existing(id);
      const removed = await repository.remove(before.id, {
        actor,
        record: { action: 'shipping.delete', target: target(before), before: termsOf(before) },
      });
      if (!removed) throw notFound(M.notFound);
    },

    /** The cart's order, from every method's id in the new order. */
    async reorder(ids: string[], actor: Actor): Promise<ShippingMethodAnswer[]> {
      const names = new Map((await repository.all()).map((row) => [row.id, row.name]));
      const ordered = await repository.reorder(ids, {
        actor,
        record: {
          action: 'shipping.order',
          target: { type: 'shipping-method' },
          after: ids.map((id) => names.get(id) ?? id),
        },
      });
      if (!ordered) throw new HttpError(400, 'validation', M.order, { ids: M.order });
      return (await repository.all()).map(toAnswer);
    },
  };
}

export type ShippingMethodsService = ReturnType<typeof createShippingMethodsService>;
