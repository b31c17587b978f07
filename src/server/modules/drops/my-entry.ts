import type { MyEntry } from '../../../domain/contracts/drops.js';
import { phaseOf } from '../../../domain/drop-phase.js';
import type { DropsStore } from './store.js';

/** A shopper's entry (or first-come purchase) as their account and the drop's page show it. */
export const myEntryOf = (row: Awaited<ReturnType<DropsStore['entriesOf']>>[number], at: Date): MyEntry => ({
  _id: row.id,
  dropId: row.dropId,
  shoe: { _id: row.shoeId, name: row.shoeName, image: row.image },
  phase: phaseOf(row, at),
  closesAt: row.closesAt.toISOString(),
  size: row.size,
  cardLast4: row.cardLast4,
  outcome: row.outcome,
  orderId: row.orderId,
  createdAt: row.createdAt.toISOString(),
});
