import { MESSAGES } from '../../../domain/messages.js';
import { conflict } from '../../http/errors.js';
import type { CheckoutInput } from './attempt-state.js';

/**
 * The name of a shoe of these that is sold in a drop now (modules/drops, issue 36), if any: its
 * pairs go to the drop's winners, never to a cart.
 */
export type InDrop = (shoeIds: string[]) => Promise<string | undefined>;

/** `forDrop`: a drop's own sale (its winner's order), the only checkout a shoe in a drop takes. */
export interface SaleOptions {
  forDrop?: boolean;
}

/** Refuses a cart holding a shoe sold in a drop, before anything is held or charged. */
export async function refuseShoesInDrop(
  inDrop: InDrop | undefined,
  input: CheckoutInput,
  options: SaleOptions,
): Promise<void> {
  if (options.forDrop || !inDrop) return;
  const name = await inDrop(input.shoes.map((line) => line._id));
  if (name) throw conflict(MESSAGES.drops.soldInDrop(name));
}
