import { isUuid } from '../../../domain/catalog.js';
import { MESSAGES } from '../../../domain/messages.js';
import { conflict, HttpError } from '../../http/errors.js';

/**
 * Pricing (docs/decisions/003): the server prices the cart from the catalogue and
 * never trusts the amount the client computed. Pure, but for the catalogue
 * lookup it is handed.
 */

/** A cart line as the checkout receives it. */
export interface CartLineInput {
  _id: string;
  size: string;
  quantity: number;
}

/** A cart line priced from the catalogue: what an order line records. */
export interface PricedLine {
  shoeId: string;
  name: string;
  image: string;
  size: string;
  quantity: number;
  unitPriceCents: number;
}

/** A shoe as the catalogue sells it now. */
export interface ShoePrice {
  id: string;
  name: string;
  image: string;
  priceCents: number;
}

/** Reads the shoes of these ids from the catalogue (those that exist). */
export type ShoePriceLookup = (ids: string[]) => Promise<ShoePrice[]>;

const unknownShoe = () => new HttpError(404, 'not_found', MESSAGES.checkout.unknownShoe);

/** Lines of the same shoe and size count as one. */
export function mergeLines(lines: readonly CartLineInput[]): CartLineInput[] {
  const merged = new Map<string, CartLineInput>();
  for (const line of lines) {
    const key = `${line._id}|${line.size}`;
    const existing = merged.get(key);
    if (existing) existing.quantity += line.quantity;
    else merged.set(key, { ...line });
  }
  return [...merged.values()];
}

/** The distinct shoe ids of the lines; a malformed id is a shoe the catalogue does not have (404). */
export function shoeIdsOf(lines: readonly CartLineInput[]): string[] {
  const ids = [...new Set(lines.map((line) => line._id))];
  if (!ids.every(isUuid)) throw unknownShoe();
  return ids;
}

/** Each merged line at the catalogue's price; a shoe the catalogue does not have is a 404. */
export function priceLines(lines: readonly CartLineInput[], catalogue: readonly ShoePrice[]): PricedLine[] {
  const byId = new Map(catalogue.map((shoe) => [shoe.id, shoe]));
  return lines.map((line) => {
    const shoe = byId.get(line._id);
    if (!shoe) throw unknownShoe();
    return {
      shoeId: shoe.id,
      name: shoe.name,
      image: shoe.image,
      size: line.size,
      quantity: line.quantity,
      unitPriceCents: shoe.priceCents,
    };
  });
}

/** In whole cents, so no floating-point rounding ever creeps into a total. */
export function totalCents(lines: readonly PricedLine[]): number {
  return lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
}

/** The client's amount must be the server's total to the cent, or the shopper is asked to look again (409). */
export function checkAmount(amount: number, total: number): void {
  if (amount !== total) throw conflict(MESSAGES.checkout.pricesChanged);
}

/**
 * Prices a cart: merged lines at the catalogue's prices and their total,
 * which must be the amount the client is paying. Throws the answer to give
 * otherwise (404 unknown shoe, 409 prices changed).
 */
export async function priceCart(
  cart: { shoes: readonly CartLineInput[]; amount: number },
  lookup: ShoePriceLookup,
): Promise<{ lines: PricedLine[]; total: number }> {
  const merged = mergeLines(cart.shoes);
  const lines = priceLines(merged, await lookup(shoeIdsOf(merged)));
  const total = totalCents(lines);
  checkAmount(cart.amount, total);
  return { lines, total };
}
