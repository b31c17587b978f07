import { isUuid } from '../../../domain/catalog.js';
import {
  applyCode,
  lineCents,
  normalizeCode,
  refusalMessage,
  type DiscountCode,
} from '../../../domain/discounts.js';
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
  /** The line's share of the cart's discount: it costs unit price x quantity - this. */
  discountCents: number;
  /** Its share of the sales tax (delivery-pricing.ts), charged on top: 0 until priced. */
  taxCents: number;
}

/** A shoe as the catalogue sells it now. */
export interface ShoePrice {
  id: string;
  name: string;
  image: string;
  priceCents: number;
  /** What a discount code may be limited to. */
  brand: string;
  onSale: boolean;
}

/** A discount code as the checkout reads it, and whether the shopper has used it already. */
export interface CodeLookup {
  find(code: string): Promise<(DiscountCode & { id: string }) | undefined>;
  usedBy(codeId: string, userId: string): Promise<boolean>;
}

/** The code a cart was priced with. */
export interface AppliedDiscount {
  codeId: string;
  code: string;
  oncePerCustomer: boolean;
  totalCents: number;
}

/** A priced cart: its lines, its subtotal, the discount taken off it and the total to charge. */
export interface PricedCart {
  lines: PricedLine[];
  subtotal: number;
  discount: AppliedDiscount | undefined;
  total: number;
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
      discountCents: 0,
      taxCents: 0,
    };
  });
}

/** In whole cents, so no floating-point rounding ever creeps into a total. */
export function totalCents(lines: readonly PricedLine[]): number {
  return lines.reduce((sum, line) => sum + lineCents(line) - line.discountCents, 0);
}

/** The client's amount must be the server's total to the cent, or the shopper is asked to look again (409). */
export function checkAmount(amount: number, total: number): void {
  if (amount !== total) throw conflict(MESSAGES.checkout.pricesChanged);
}

/** A code that cannot be used on this cart: the shopper is told why, and nothing is charged. */
export class CodeRefused extends HttpError {
  constructor(message: string) {
    super(409, 'discount_refused', message);
  }
}

/**
 * Prices a cart from the catalogue (and, with a code, from the code's terms today): merged lines
 * at the catalogue's prices, each with its share of the discount, and the total. Throws the answer
 * to give for an unknown shoe (404) or a code that cannot be used (409, with the reason).
 */
export async function priceCartWithCode(
  cart: { shoes: readonly CartLineInput[]; code?: string },
  lookup: ShoePriceLookup,
  codes: CodeLookup,
  shopper: { userId: string | undefined; today: string },
): Promise<PricedCart> {
  const merged = mergeLines(cart.shoes);
  const catalogue = await lookup(shoeIdsOf(merged));
  const lines = priceLines(merged, catalogue);
  const subtotal = totalCents(lines);
  const typed = cart.code ? normalizeCode(cart.code) : '';
  if (!typed) return { lines, subtotal, discount: undefined, total: subtotal };
  const code = await codes.find(typed);
  if (!code) throw new CodeRefused(MESSAGES.discounts.unknown);
  // A shopper's own code (a cart reminder's) is no code at all to anyone else.
  if (code.onlyForUserId && code.onlyForUserId !== shopper.userId)
    throw new CodeRefused(MESSAGES.discounts.unknown);
  const usedByCustomer = shopper.userId ? await codes.usedBy(code.id, shopper.userId) : false;
  const byId = new Map(catalogue.map((shoe) => [shoe.id, shoe]));
  const result = applyCode(code, {
    lines: lines.map((line) => ({
      ...line,
      brand: byId.get(line.shoeId)!.brand,
      onSale: byId.get(line.shoeId)!.onSale,
    })),
    today: shopper.today,
    usedByCustomer,
  });
  if (!result.ok) throw new CodeRefused(refusalMessage(result.refusal));
  const discounted = lines.map((line, index) => ({
    ...line,
    discountCents: result.discount.perLine[index]!,
  }));
  const discount = {
    codeId: code.id,
    code: code.code,
    oncePerCustomer: code.oncePerCustomer,
    totalCents: result.discount.totalCents,
  };
  return { lines: discounted, subtotal, discount, total: subtotal - discount.totalCents };
}
