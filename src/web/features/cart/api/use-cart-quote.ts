import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { cartLineFields, subtotalCents, type CartLine } from '../../../../domain/cart-lines';
import { quoteAnswerSchema, type QuoteAnswer } from '../../../../domain/contracts/checkout';
import { apiUrl, errorMessage, sendJson } from '../../../api/http';
import { cartQuoteKeys } from '../../../api/query-keys';

/** What the cart costs: without a code, its subtotal; with one, the server's price of it. */
export interface CartPricing {
  subtotal: number;
  discount: number;
  total: number;
  /** The code taken off the total, in capitals. */
  code: string | null;
  /** Why the applied code takes nothing off this cart. */
  refusal: string | null;
  /** The server has not priced the code on this cart yet: paying waits. */
  pending: boolean;
}

/**
 * `POST /api/cart/quote`: the cart priced with its code as the checkout will price it, asked again
 * whenever the cart or the code changes (no code, no request: the subtotal is the total).
 */
export function useCartQuote(lines: CartLine[], code: string): CartPricing {
  const shoes = lines.map(cartLineFields);
  const quote = useQuery({
    queryKey: cartQuoteKeys.quote(shoes, code),
    queryFn: () => sendJson<QuoteAnswer>('POST', apiUrl('/cart/quote'), { shoes, code }, quoteAnswerSchema),
    enabled: code !== '' && lines.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const subtotal = subtotalCents(lines);
  if (!code || lines.length === 0) {
    return { subtotal, discount: 0, total: subtotal, code: null, refusal: null, pending: false };
  }
  if (quote.isError) {
    // The code cannot be priced now: the cart is paid without it, and the shopper is told.
    return {
      subtotal,
      discount: 0,
      total: subtotal,
      code: null,
      refusal: errorMessage(quote.error),
      pending: false,
    };
  }
  const answer = quote.isPlaceholderData ? undefined : quote.data;
  if (!answer) return { subtotal, discount: 0, total: subtotal, code: null, refusal: null, pending: true };
  return {
    subtotal: answer.subtotal,
    discount: answer.discount,
    total: answer.total,
    code: answer.code,
    refusal: answer.message,
    pending: false,
  };
}
