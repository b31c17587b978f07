import type { User } from '../../../domain/account.js';
import { MESSAGES } from '../../../domain/messages.js';
import { orderBillingAddressOf, orderDeliveryAddressOf, type Order } from '../../../domain/payment.js';
import { isUniqueViolation } from '../../db/postgres-errors.js';
import { conflict, HttpError } from '../../http/errors.js';
import {
  PaymentError,
  PaymentOutcomeUnknown,
  type Charge,
  type ChargeRequest,
  type PaymentProvider,
  type SettledPayment,
} from '../../payments/payment-provider.js';
import {
  ClaimLost,
  nextGeneration,
  PaymentUnconfirmed,
  providerKey,
  type Attempt,
  type CheckoutInput,
} from './attempt-state.js';
import type { AttemptsRepository } from './attempts-repository.js';
import type { CheckoutOrders } from './orders-repository.js';
import { CodeRefused, type CodeLookup } from './pricing.js';
import { SoldOut } from './checkout-outcome.js';
import { priceOrder, type DeliveryLookup, type PricedOrder } from './delivery-pricing.js';

/** The addresses as the order keeps them (issue 31), the state's code read once here. */
function addressesOf(input: CheckoutInput) {
  return {
    deliveryAddress: input.deliveryAddress ? orderDeliveryAddressOf(input.deliveryAddress) : null,
    billingAddress: input.billingAddress ? orderBillingAddressOf(input.billingAddress) : null,
  };
}

const toHttp = (error: PaymentError) => new HttpError(error.status, error.code, error.message);

/** What the shopper is told when the provider failed and the payment is known not to have gone through. */
export function notCharged(error: unknown): unknown {
  if (error instanceof PaymentOutcomeUnknown) {
    return error.timedOut
      ? new HttpError(504, 'payment_timeout', MESSAGES.checkout.providerTimeout)
      : new HttpError(502, 'provider_unavailable', MESSAGES.checkout.providerUnavailable);
  }
  if (error instanceof PaymentError) return toHttp(error);
  if (isUniqueViolation(error)) return conflict(MESSAGES.checkout.paymentMethodUsed);
  return error;
}

interface Captured {
  user: User;
  input: CheckoutInput;
  attempt: Attempt;
  paymentId: string;
  /** Set when the capture answered inside a transaction that then failed: the order is not tried again. */
  charge?: Charge;
  error?: unknown;
}

/**
 * Placing an order for a claimed attempt (docs/decisions/003): price the cart,
 * prepare the payment and record its id, then, in one transaction, take the
 * stock, capture the payment and insert the order. If anything fails, nothing
 * is kept and a capture is refunded or settled; what cannot be known yet is a
 * PaymentUnconfirmed, which the reconciler settles later.
 */
export function createOrderPlacement(deps: {
  payments: PaymentProvider;
  orders: CheckoutOrders;
  attempts: AttemptsRepository;
  codes: CodeLookup;
  delivery: DeliveryLookup;
  /** `YYYY-MM-DD` (UTC): the day a code's dates are checked against. */
  today: () => string;
}) {
  const { payments, orders, attempts, codes, delivery, today } = deps;

  const price = (user: User, input: CheckoutInput) =>
    priceOrder(
      input,
      addressesOf(input).deliveryAddress?.stateCode,
      { shoes: orders.shoePrices, codes, delivery },
      { userId: user._id, today: today(), now: new Date() },
    );

  const CODE_REFUSALS = {
    used_up: MESSAGES.discounts.usedUp,
    used_by_you: MESSAGES.discounts.usedByYou,
    inactive: MESSAGES.discounts.inactive,
  } as const;

  /**
   * Takes the stock, captures (`capture`) and inserts the order in one
   * transaction, which keeps it only while the attempt is still claimed.
   */
  async function recordOrder(
    { user, input, attempt }: Pick<Captured, 'user' | 'input' | 'attempt'>,
    priced: PricedOrder,
    capture: () => Promise<Charge>,
  ): Promise<Order> {
    let staleShoe: string | undefined;
    const orderId = await orders
      .transaction(async (tx) => {
        if (!(await tx.holdClaim(attempt.key, attempt.token))) throw new ClaimLost();
        if (priced.discount) {
          // Counted before anything is charged: a code used up meanwhile refuses the order, unpaid.
          const use = await tx.useCode(priced.discount, user._id, today());
          if (use !== 'ok') throw new CodeRefused(CODE_REFUSALS[use]);
        }
        const stock = await tx.takeStock(priced.lines);
        if ('short' in stock) {
          // The shopper was shown stock that is gone: whatever cached answer showed it is dropped.
          staleShoe = stock.short.shoeId;
          throw new SoldOut(MESSAGES.checkout.outOfStock(stock.short.name, stock.short.size));
        }
        const charge = await capture();
        return tx.insert({
          userId: user._id,
          email: user.email,
          paymentId: charge.id,
          cardLast4: charge.cardLast4 ?? null,
          amountCents: priced.total,
          idempotencyKey: attempt.key,
          paymentMethodId: input.id,
          lines: priced.lines,
          discount: priced.discount,
          shipping: priced.shipping,
          tax: priced.tax,
          ...addressesOf(input),
        });
      })
      .catch(async (error: unknown) => {
        if (staleShoe) await orders.staleStockSeen(staleShoe);
        throw error;
      });
    // Committed with its stock.changed event: the dispatcher dropped what it made stale before this.
    return (await orders.find(orderId))!.order;
  }

  async function placeOrder(user: User, input: CheckoutInput, attempt: Attempt): Promise<Order> {
    const resumedPayment = attempt.resumed ? attempt.state.paymentId : undefined;
    if (resumedPayment) {
      // An earlier try got as far as a payment and did not say how it ended: settle it first.
      let settled: SettledPayment;
      try {
        settled = await payments.settle(resumedPayment);
      } catch {
        throw new PaymentUnconfirmed(resumedPayment);
      }
      if (settled === 'succeeded') return keepOrRefund({ user, input, attempt, paymentId: resumedPayment });
      // Cancelled: it can never be captured, so this try pays with a new one.
      attempt.state = nextGeneration(attempt.state);
    }
    const priced = await price(user, input);
    if (await orders.paymentMethodUsed(input.id)) throw conflict(MESSAGES.checkout.paymentMethodUsed);

    const { deliveryAddress } = addressesOf(input);
    const request: ChargeRequest = {
      paymentMethodId: input.id,
      amountCents: priced.total,
      userId: user._id,
      idempotencyKey: providerKey(attempt),
      description: `Sneaker Street order for ${user.email}`,
      ...(deliveryAddress ? { deliveryAddress } : {}),
    };
    let paymentId: string;
    try {
      ({ id: paymentId } = await payments.prepare(request));
    } catch (error) {
      throw notCharged(error);
    }
    // From here on the payment can always be found again: by a retry, or by reconciliation.
    const withPayment = { ...attempt.state, paymentId };
    if (!(await attempts.save(attempt.key, attempt.token, null, withPayment))) throw new ClaimLost();
    attempt.state = withPayment;

    let captureSent = false;
    let charge: Charge | undefined;
    try {
      // Trade-off (docs/decisions/003): the capture runs inside the transaction, after the stock
      // UPDATEs and before the order INSERT, so stock, payment and order commit or vanish together
      // and a crash anywhere leaves nothing half done. The price is that the stock rows (and, on
      // PGlite's single connection, the whole database) stay locked while the provider answers;
      // the provider's short timeout (STRIPE_TIMEOUT_MS) bounds that wait.
      return await recordOrder({ user, input, attempt }, priced, async () => {
        captureSent = true;
        charge = await payments.charge({ ...request, paymentId });
        return charge;
      });
    } catch (error) {
      if (error instanceof ClaimLost) throw error;
      if (!captureSent || error instanceof PaymentError) {
        // Never captured (no stock, or the card was refused): drop the prepared payment.
        await payments.settle(paymentId).catch(() => undefined);
        throw notCharged(error);
      }
      return settleAfterFailure({ user, input, attempt, paymentId, charge, error });
    }
  }

  /**
   * The capture was sent and the order was not recorded: find out whether the
   * money moved. If it did, keep the order (the answer came after we gave up)
   * or give the money back; if it did not, it never will.
   */
  async function settleAfterFailure(failed: Captured): Promise<Order> {
    let settled: SettledPayment;
    try {
      settled = failed.charge ? 'succeeded' : await payments.settle(failed.paymentId);
    } catch {
      throw new PaymentUnconfirmed(failed.paymentId);
    }
    if (settled === 'canceled') throw notCharged(failed.error);
    return keepOrRefund(failed);
  }

  /**
   * The money moved and no order was recorded for it: keep it with its order
   * if the cart can still be had (the answer came after we gave up), and give
   * it back otherwise. After a capture inside a transaction that then failed
   * (`charge`), the order is not tried again.
   */
  async function keepOrRefund(captured: Captured): Promise<Order> {
    const { input, paymentId } = captured;
    let error = captured.error;
    try {
      // A commit whose answer was lost may have kept the order after all.
      const kept = await orders.find(paymentId);
      // Its stock.changed event committed with it: dispatched then, or by the sweep after a crash.
      if (kept) return kept.order;
    } catch (findError) {
      throw new PaymentUnconfirmed(paymentId, { cause: findError });
    }
    if (!captured.charge) {
      try {
        const priced = await price(captured.user, input);
        const charge: Charge = { id: paymentId, amountCents: priced.total };
        return await recordOrder(captured, priced, async () => charge);
      } catch (keepError) {
        if (keepError instanceof ClaimLost) throw keepError;
        error = keepError;
      }
    }
    // Only a failure known to have rolled back (no stock, a used payment method) proves there is
    // no order; after any other (the database went away, maybe mid-commit) reconciliation looks
    // for the order before it refunds.
    if (!(error instanceof HttpError || isUniqueViolation(error))) {
      throw new PaymentUnconfirmed(paymentId, { cause: error });
    }
    try {
      await payments.refund(paymentId);
    } catch {
      throw new PaymentUnconfirmed(paymentId);
    }
    throw notCharged(error);
  }

  return { placeOrder };
}
