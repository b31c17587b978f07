import type { QuoteAnswer } from '../../../domain/contracts/checkout.js';
import type { PricedOrder } from './delivery-pricing.js';

/** `POST /api/cart/quote`'s answer (domain/contracts/checkout.ts `quoteAnswerSchema`). */
export function quoteAnswer(priced: PricedOrder, message: string | null): QuoteAnswer {
  return {
    subtotal: priced.subtotal,
    discount: priced.discount?.totalCents ?? 0,
    total: priced.total,
    code: priced.discount?.code ?? null,
    message,
    lines: priced.lines.map((line) => ({ _id: line.shoeId, size: line.size, discount: line.discountCents })),
    shippingMethods: priced.offers.map((offer) => ({
      _id: offer.id,
      name: offer.name,
      price: offer.cents,
      estimate: offer.estimate,
    })),
    shippingMethod: priced.shipping?.id ?? null,
    shipping: priced.shipping?.cents ?? 0,
    tax: priced.tax?.cents ?? 0,
    taxRate: priced.tax?.rateMilliPercent ?? null,
  };
}
