import type { User } from '../../../domain/account.js';
import type { DeliveryAddress } from '../../../domain/forms.js';
import type { ChargeEntry } from './draw-job.js';

/** The checkout as the draw uses it (modules/checkout's service, handed over by the wiring). */
export interface DropCheckout {
  quote(
    user: User | undefined,
    cart: {
      shoes: { _id: string; size: string; quantity: number }[];
      shippingMethod?: string;
      state?: string;
    },
  ): Promise<{ total: number; message: string | null; shippingMethod: string | null }>;
  checkout(
    user: User,
    input: {
      id: string;
      shoes: { _id: string; size: string; quantity: number }[];
      amount: number;
      deliveryAddress?: DeliveryAddress;
      shippingMethod?: string;
    },
    idempotencyKey: string,
    options: { forDrop: boolean },
  ): Promise<{
    status: number;
    body: { order: { _id: string } } | { error: { code: string; message: string } };
  }>;
  /** The stored answer of the checkout under a key, `open` while unsettled, undefined if it never began. */
  settled(key: string): Promise<{ status: number; orderId: string | null } | 'open' | undefined>;
}

/** The checkout's idempotency key of a drop entry's charge: a retry is answered, never charged again. */
export const chargeKeyOf = (entryId: string) => `drop:${entryId}`;

/** A refusal the winner's card gave, as opposed to the shop or the provider failing. */
const DECLINED = new Set([400, 402]);

/**
 * Charges a drawn entry through the checkout (decision 031: reserve, charge, confirm), so a winner's
 * order is an order like any other: priced with its shipping and tax, its stock taken, its receipt
 * mailed. The entry's id is the idempotency key: a draw taken up again gets the same answer, and
 * never a second charge.
 */
export function createWinnerCheckout(deps: {
  checkout: DropCheckout;
  findUser: (userId: string) => Promise<User | undefined>;
}): ChargeEntry {
  return async (entry, shoeId) => {
    const user = entry.userId ? await deps.findUser(entry.userId) : undefined;
    // The account was closed or deleted since it entered: nobody to sell the pair to.
    if (!user || !entry.paymentMethodId || !entry.deliveryAddress) return { outcome: 'declined' };
    const shoes = [{ _id: shoeId, size: entry.size, quantity: 1 }];
    const address = entry.deliveryAddress as unknown as DeliveryAddress;
    const shippingMethod = entry.shippingMethod ?? undefined;
    const quote = await deps.checkout.quote(user, { shoes, shippingMethod, state: address.state });
    // The method the quote priced: the one chosen while the shop still offers it, else its default
    // (a method retired since the entry must not stop the draw).
    const priced = quote.shippingMethod ?? undefined;
    const answer = await deps.checkout.checkout(
      user,
      {
        id: entry.paymentMethodId,
        shoes,
        amount: quote.total,
        deliveryAddress: address,
        shippingMethod: priced,
      },
      chargeKeyOf(entry.id),
      { forDrop: true },
    );
    if (answer.status === 200 && 'order' in answer.body)
      return { outcome: 'won', orderId: answer.body.order._id };
    const error = 'error' in answer.body ? answer.body.error : undefined;
    if (DECLINED.has(answer.status)) return { outcome: 'declined', message: error?.message };
    // Out of stock, a checkout in progress, the provider down: the job stops and is tried again.
    throw new Error(
      `The checkout of drop entry ${entry.id} answered ${answer.status}: ${error?.message ?? ''}`,
    );
  };
}
