import { MESSAGES } from '../../../domain/messages.js';
import {
  deliveryEstimate,
  orderTotals,
  shippingCentsOf,
  type SalesTax,
  type ShippingMethod,
} from '../../../domain/order-totals.js';
import { HttpError } from '../../http/errors.js';
import {
  checkAmount,
  priceCartWithCode,
  totalCents,
  type CartLineInput,
  type CodeLookup,
  type PricedCart,
  type PricedLine,
  type ShoePriceLookup,
} from './pricing.js';

/**
 * What an order costs beyond its pairs (issue 31): the shipping method chosen and the sales tax of the
 * state it goes to, after the code (src/domain/order-totals.ts does the arithmetic). With Standard
 * free and no rate set, an order costs exactly its lines, as the spec's checkout always charged.
 */

/** A way to ship as the shop offers it (modules/shipping-methods). */
export interface OfferedMethod extends ShippingMethod {
  id: string;
  name: string;
}

/** The ways to ship and the tax rates, as the checkout reads them (passed in at composition). */
export interface DeliveryLookup {
  /** The active methods in the cart's order: the first is the default. */
  shippingMethods(): Promise<OfferedMethod[]>;
  /** A state's sales tax, by its two-letter code; undefined where the shop charges none. */
  taxRate(stateCode: string): Promise<SalesTax | undefined>;
}

/** A method as the cart shows it: its price for this cart and its delivery dates. */
export interface MethodOffer {
  id: string;
  name: string;
  cents: number;
  estimate: { from: string; to: string };
}

/** A priced cart with its shipping and tax: `total` is what the card is charged. */
export interface PricedOrder extends PricedCart {
  /** Each line with its share of the tax (`taxCents`), in the cart's order. */
  lines: PricedLine[];
  offers: MethodOffer[];
  /** The method priced; undefined when the shop offers none. */
  shipping: MethodOffer | undefined;
  tax: { rateMilliPercent: number; cents: number; shippingCents: number } | undefined;
}

/** The method asked for is not offered (any more): the shopper chooses again, nothing is charged. */
export class ShippingMethodGone extends HttpError {
  constructor() {
    super(409, 'shipping_method_gone', MESSAGES.checkout.shippingMethodGone);
  }
}

/**
 * Prices shipping and tax on a priced cart. `methodId` absent: the default method. A method that is
 * not offered is a 409 at the checkout (`strict`), and the default in a quote (the cart then shows
 * which one it priced). `stateCode` absent: no tax (the spec's body has no delivery address).
 */
export async function priceDelivery(
  cart: PricedCart,
  choice: { methodId?: string | undefined; stateCode?: string | undefined; strict: boolean },
  lookup: DeliveryLookup,
  now: Date,
): Promise<PricedOrder> {
  const linesCents = totalCents(cart.lines);
  const [methods, rate] = await Promise.all([
    lookup.shippingMethods(),
    choice.stateCode ? lookup.taxRate(choice.stateCode) : Promise.resolve(undefined),
  ]);
  const offers = methods.map((method) => ({
    id: method.id,
    name: method.name,
    cents: shippingCentsOf(method, linesCents),
    estimate: deliveryEstimate(now, method),
  }));
  const asked = choice.methodId === undefined ? undefined : methods.find((m) => m.id === choice.methodId);
  if (choice.methodId !== undefined && !asked && choice.strict) throw new ShippingMethodGone();
  const method = asked ?? methods[0];
  const totals = orderTotals(
    cart.lines.map((line) => line.unitPriceCents * line.quantity - line.discountCents),
    { ...(method ? { shipping: method } : {}), ...(rate ? { tax: rate } : {}) },
  );
  return {
    ...cart,
    lines: cart.lines.map((line, index) => ({ ...line, taxCents: totals.lineTaxCents[index]! })),
    offers,
    shipping: method ? offers[methods.indexOf(method)] : undefined,
    tax: rate
      ? {
          rateMilliPercent: rate.rateMilliPercent,
          cents: totals.taxCents,
          shippingCents: totals.shippingTaxCents,
        }
      : undefined,
    total: totals.totalCents,
  };
}

/**
 * Prices an order for its checkout: the cart at the catalogue's prices and the code's terms, shipped
 * by the method chosen and taxed in the state it goes to (`stateCode`). Its total must be the amount
 * the client is paying (409 otherwise, so the shopper looks again).
 */
export async function priceOrder(
  input: { shoes: readonly CartLineInput[]; amount: number; code?: string; shippingMethod?: string },
  stateCode: string | undefined,
  lookups: { shoes: ShoePriceLookup; codes: CodeLookup; delivery: DeliveryLookup },
  shopper: { userId: string; today: string; now: Date },
): Promise<PricedOrder> {
  const cart = await priceCartWithCode(input, lookups.shoes, lookups.codes, shopper);
  const choice = { methodId: input.shippingMethod, stateCode, strict: true };
  const priced = await priceDelivery(cart, choice, lookups.delivery, shopper.now);
  checkAmount(input.amount, priced.total);
  return priced;
}
