import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  quoteAnswerSchema,
  type QuoteAnswer,
  type QuoteRequest,
} from '../../../../domain/contracts/checkout';
import { apiUrl, sendJson } from '../../../api/http';
import { cartQuoteKeys } from '../../../api/query-keys';

/**
 * `POST /api/cart/quote` for one pair of a drop's shoe, as the winner's or buyer's order will be
 * priced: the ways to ship it with their prices and dates, and what the card is charged with the
 * method chosen and the delivery state's sales tax. Asked again when either changes; the last
 * answer stays on screen meanwhile.
 */
export function useDropQuote(
  shoeId: string,
  size: string,
  choice: { shippingMethod: string | null; state: string | undefined },
) {
  const { shippingMethod, state } = choice;
  const request: QuoteRequest = {
    shoes: [{ _id: shoeId, size, quantity: 1 }],
    ...(shippingMethod ? { shippingMethod } : {}),
    ...(state ? { state } : {}),
  };
  return useQuery({
    queryKey: [...cartQuoteKeys.all, 'drop', shoeId, size, { shippingMethod, state }],
    queryFn: () => sendJson<QuoteAnswer>('POST', apiUrl('/cart/quote'), request, quoteAnswerSchema),
    enabled: size !== '',
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
