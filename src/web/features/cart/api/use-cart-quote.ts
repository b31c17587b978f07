import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { cartLineFields, subtotalCents, type CartLine } from '../../../../domain/cart-lines';
import {
  quoteAnswerSchema,
  type QuoteAnswer,
  type QuoteRequest,
  type ShippingOffer,
} from '../../../../domain/contracts/checkout';
import { ApiError, apiUrl, errorMessage, sendJson } from '../../../api/http';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { cartQuoteKeys } from '../../../api/query-keys';

/** What the cart costs, as the checkout will charge it (cents). */
export interface CartPricing {
  subtotal: number;
  discount: number;
  /** subtotal - discount + shipping + tax: what PAY charges. */
  total: number;
  /** The code taken off the total, in capitals. */
  code: string | null;
  /** Why the applied code takes nothing off this cart. */
  refusal: string | null;
  /** The ways to ship this cart, with their price and dates; empty before the first quote. */
  shippingMethods: ShippingOffer[];
  /** The method priced (the one chosen, or the shop's default); null when none is offered or known. */
  shippingMethod: string | null;
  shipping: number;
  /** The sales tax of the delivery state (0 before one is entered, or where none is charged). */
  tax: number;
  taxRate: number | null;
  /** The server has not priced this cart (its code, method and state) yet: paying waits. */
  pending: boolean;
}

export interface QuoteChoice {
  code: string;
  /** The shipping method the shopper picked; null: the shop's default. */
  shippingMethod: string | null;
  /** The delivery state, once it names a real state; undefined: no tax yet. */
  state: string | undefined;
  /** The state typed is still settling (debounced): paying waits for its tax. */
  settling?: boolean;
}

/**
 * `POST /api/cart/quote`: the cart priced as the checkout will price it, with its code, the shipping
 * method chosen and the delivery state's sales tax, asked again whenever one of them changes. While
 * an answer is on its way the last one's shipping, discount and tax stand beside the cart's own
 * subtotal (so a shop with free shipping and no tax shows the right total at once) and PAY waits.
 * A quote that fails leaves the cart priced at its subtotal, the shop's default method (the
 * checkout, which prices everything again, says so with a 409 if that is not the price).
 */
export function useCartQuote(lines: CartLine[], choice: QuoteChoice): CartPricing {
  // Quick presses of + and - ask once, for the quantities they end on (the quote is rate-limited).
  const shoesKey = JSON.stringify(lines.map(cartLineFields));
  const settledKey = useDebouncedValue(shoesKey, 250);
  const shoes = JSON.parse(settledKey) as QuoteRequest['shoes'];
  const { code, shippingMethod, state } = choice;
  const request: QuoteRequest = {
    shoes,
    ...(code ? { code } : {}),
    ...(shippingMethod ? { shippingMethod } : {}),
    ...(state ? { state } : {}),
  };
  const quote = useQuery({
    queryKey: [...cartQuoteKeys.quote(shoes, code), { shippingMethod, state }],
    queryFn: () => sendJson<QuoteAnswer>('POST', apiUrl('/cart/quote'), request, quoteAnswerSchema),
    enabled: lines.length > 0 && shoes.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    // A refusal (a 4xx: unknown shoe, too many quotes) is the answer; asking again would not change it.
    retry: (failures, error) =>
      !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2,
  });
  const subtotal = subtotalCents(lines);
  const none: CartPricing = {
    subtotal,
    discount: 0,
    total: subtotal,
    code: null,
    refusal: null,
    shippingMethods: [],
    shippingMethod: null,
    shipping: 0,
    tax: 0,
    taxRate: null,
    pending: false,
  };
  if (lines.length === 0) return none;
  if (quote.isError) {
    // The code cannot be priced now: the cart is paid without it, and the shopper is told.
    return { ...none, refusal: code ? errorMessage(quote.error) : null };
  }
  const answer = quote.data;
  if (!answer) return { ...none, pending: true };
  if (quote.isPlaceholderData || choice.settling || settledKey !== shoesKey) {
    // The last answer's extras on the cart's own subtotal, until this cart's answer comes.
    const previous = pricingOf(answer);
    const keepsCode = Boolean(code) && previous.code !== null;
    const discount = keepsCode ? previous.discount : 0;
    return {
      ...previous,
      subtotal,
      discount,
      code: keepsCode ? previous.code : null,
      refusal: null,
      total: subtotal - discount + previous.shipping + previous.tax,
      pending: true,
    };
  }
  return pricingOf(answer);
}

function pricingOf(answer: QuoteAnswer): CartPricing {
  return {
    subtotal: answer.subtotal,
    discount: answer.discount,
    total: answer.total,
    code: answer.code,
    refusal: answer.message,
    shippingMethods: answer.shippingMethods,
    shippingMethod: answer.shippingMethod,
    shipping: answer.shipping,
    tax: answer.tax,
    taxRate: answer.taxRate,
    pending: false,
  };
}
