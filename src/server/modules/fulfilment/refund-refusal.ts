import { formatPrice } from '../../../domain/cart-lines.js';
import { MESSAGES } from '../../../domain/messages.js';
import type { RefundRefusal } from '../../../domain/refunds.js';

/** Why a refund cannot be made, in the staff's words. */
export function refundRefusalMessage(refusal: RefundRefusal): string {
  if (refusal.reason === 'unknown_line') return MESSAGES.refunds.unknownLine;
  if (refusal.reason === 'too_many_pairs') return MESSAGES.refunds.tooManyPairs(refusal.left);
  return MESSAGES.refunds.moreThanLeft(formatPrice(refusal.leftCents / 100));
}
