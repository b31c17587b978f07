import type { z } from 'zod';
import {
  BULK_EDIT_MAX_SHOES,
  BULK_MESSAGES as M,
  bulkOutcome,
  describeBulkAction,
  type BulkAction,
} from '../../../../domain/bulk-edit.js';
import type {
  BulkAnswer,
  BulkShoe,
  bulkApplyBodySchema,
  bulkPreviewBodySchema,
} from '../../../../domain/contracts/bulk-edit.js';
import type { Actor } from '../../../audit/audit-writer.js';
import { conflict, HttpError, notFound } from '../../../http/errors.js';
import type { BulkEditRepository, BulkRow, BulkWrite } from './repository.js';

type PreviewBody = z.output<typeof bulkPreviewBodySchema>;
type ApplyBody = z.output<typeof bulkApplyBodySchema>;

/**
 * What a bulk edit needs of the catalogue: the ids its search finds, as the shoes table lists them
 * (the table's `name` parameter is the catalogue's `search` filter).
 */
export interface SearchedShoes {
  listShoes(query: {
    search?: string;
    offset: number;
    limit: number;
  }): Promise<{ items: readonly { _id: string }[]; total: number; totalIsLowerBound?: boolean }>;
}

const badRequest = (message: string, field?: string) =>
  new HttpError(400, 'validation', message, field ? { [field]: message } : undefined);

const dollars = (cents: number) => cents / 100;

/** A row and what the action makes of it, as the preview and the apply answer it. */
function shoeOutcome(row: BulkRow, action: BulkAction): BulkShoe {
  const outcome = bulkOutcome(row, action);
  const withStock = action.kind === 'add_stock';
  const state = (s: BulkRow | typeof outcome.after) => ({
    price: dollars(s.priceCents),
    onSale: s.onSale,
    ...(withStock ? { quantity: s.quantity } : {}),
  });
  return {
    _id: row.id,
    name: row.name,
    brand: row.brand,
    version: row.version,
    before: state(row),
    after: state(outcome.after),
    changed: outcome.changed,
    bounded: outcome.bounded,
    ...(outcome.problem ? { problem: outcome.problem } : {}),
  };
}

function answer(shoes: BulkShoe[], action: BulkAction, message?: string): BulkAnswer {
  const changed = shoes.filter((shoe) => shoe.changed).length;
  return {
    ...(message ? { message } : {}),
    action: describeBulkAction(action),
    shoes,
    changed,
    unchanged: shoes.length - changed,
  };
}

/** One shoe's audit entry: only the fields the action touches, and the action in words. */
function auditedOf(row: BulkRow, shoe: BulkShoe, action: BulkAction, actor: Actor): BulkWrite['audited'] {
  const fields = (state: BulkShoe['before']) => {
    if (action.kind === 'put_on_sale' || action.kind === 'take_off_sale') return { onSale: state.onSale };
    if (action.kind === 'add_stock') return { size: action.size, quantity: state.quantity ?? 0 };
    return { price: state.price };
  };
  return {
    actor,
    record: {
      action: 'shoe.bulk',
      target: { type: 'shoe', id: row.id, label: row.name },
      before: fields(shoe.before),
      after: { ...fields(shoe.after), bulkEdit: describeBulkAction(action) },
    },
  };
}

/**
 * Bulk edits of the shoes table (issue 33 item 5): a preview of what an action would make of each
 * selected shoe, then the apply of exactly that, in one transaction, or a 409 naming the shoe that
 * changed since (its version). One audit entry per shoe changed, none for the others.
 */
export function createBulkEditService(deps: { repository: BulkEditRepository; catalog: SearchedShoes }) {
  const { repository, catalog } = deps;

  /** The selected ids, deduplicated; a search is the catalogue's name search (empty: every shoe). */
  async function selectedIds(selection: PreviewBody['selection']): Promise<string[]> {
    if (selection.ids) return [...new Set(selection.ids.map((id) => id.toLowerCase()))];
    const page = await catalog.listShoes({
      ...(selection.search ? { search: selection.search } : {}),
      offset: 0,
      limit: BULK_EDIT_MAX_SHOES + 1,
    });
    const found = Math.max(page.total, page.items.length);
    // A search past its cap counts no further: more shoes match than it says (decision 033).
    if (page.totalIsLowerBound) throw badRequest(M.tooMany(found, true), 'selection');
    if (found > BULK_EDIT_MAX_SHOES) throw badRequest(M.tooMany(found), 'selection');
    if (found === 0 || page.items.length === 0) throw notFound(M.noMatch);
    return page.items.map((item) => item._id);
  }

  const sizeOf = (action: BulkAction) => (action.kind === 'add_stock' ? action.size : undefined);

  return {
    async preview(body: PreviewBody): Promise<BulkAnswer> {
      const ids = await selectedIds(body.selection);
      const rows = await repository.read(ids, sizeOf(body.action));
      if (rows.length < ids.length) throw notFound(M.missing(ids.length - rows.length));
      return answer(
        rows.map((row) => shoeOutcome(row, body.action)),
        body.action,
      );
    },

    async apply(body: ApplyBody, actor: Actor): Promise<BulkAnswer> {
      const { action } = body;
      const ids = await selectedIds(body.selection);
      const expected = new Map(body.expected.map((shoe) => [shoe._id.toLowerCase(), shoe.version]));
      if (expected.size !== ids.length || ids.some((id) => !expected.has(id))) {
        throw conflict(M.selectionChanged);
      }
      let outcomes: BulkShoe[] = [];
      const refused = await repository.apply(ids, sizeOf(action), (rows) => {
        if (rows.length < ids.length) return conflict(M.selectionChanged);
        const stale = rows.find((row) => row.version !== expected.get(row.id));
        if (stale) return conflict(M.stale(stale.name));
        outcomes = rows.map((row) => shoeOutcome(row, action));
        const blocked = outcomes.find((shoe) => shoe.problem);
        if (blocked) return badRequest(M.cannotApply(blocked.name, blocked.problem!), 'action');
        return rows.flatMap((row, index): BulkWrite[] => {
          const shoe = outcomes[index]!;
          if (!shoe.changed) return [];
          return [
            {
              id: row.id,
              ...(action.kind === 'put_on_sale' || action.kind === 'take_off_sale'
                ? { onSale: shoe.after.onSale }
                : {}),
              ...(action.kind === 'price_percent' || action.kind === 'price_amount'
                ? { priceCents: Math.round(shoe.after.price * 100) }
                : {}),
              ...(action.kind === 'add_stock'
                ? { addPairs: { size: action.size, quantity: action.quantity } }
                : {}),
              audited: auditedOf(row, shoe, action, actor),
            },
          ];
        });
      });
      if (refused instanceof HttpError) throw refused;
      if (refused === 'too_many') throw badRequest(M.quantity, 'action');
      const result = answer(outcomes, action);
      return { ...result, message: M.applied(result.changed, result.unchanged) };
    },
  };
}

export type BulkEditService = ReturnType<typeof createBulkEditService>;
