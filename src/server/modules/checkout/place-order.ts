// One file because the steps of one checkout (reserve, charge, confirm or release, settle what a failure
// left) share the placement's dependencies and helpers, and their order is what keeps the guarantees
// (never oversold, never charged twice, never charged without an order): they are read together.
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
  ATTEMPT_LEASE_MS,
  ClaimLost,
  nextGeneration,
  PaymentUnconfirmed,
  providerKey,
  type Attempt,
  type CheckoutInput,
} from './attempt-state.js';
import type { AttemptsRepository } from './attempts-repository.js';
import type { CheckoutOrders, CheckoutStep, HeldOrder, Hold, OrderTransaction } from './orders-repository.js';
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
  /** Set when the capture answered and the order could not then be recorded: it is not tried again. */
  charge?: Charge;
  error?: unknown;
}

/** How long a hold keeps its pairs and code use for a checkout that says nothing more: its claim's lease. */
export const HOLD_MS = ATTEMPT_LEASE_MS;

/**
 * The hold the charge was for is gone (released by whoever took the attempt over): nothing can be
 * recorded for this payment, which is refunded if it went through.
 */
class HoldGone extends HttpError {
  constructor() {
    super(409, 'conflict', MESSAGES.checkout.inProgress);
  }
}

/**
 * Placing an order for a claimed attempt (docs/decisions/003 and 031): price the cart, prepare the
 * payment and record its id, then
 * 1. reserve: a short transaction takes the code's use and the stock as a hold of the attempt;
 * 2. charge: the provider captures the payment, outside any transaction (no lock is held while it
 *    answers);
 * 3. confirm: a short transaction turns the hold into the order; or release: the stock and the
 *    code's use come back (a refused card, a payment known not to have gone through).
 * A capture whose outcome is unknown is settled with the provider: kept with its order, or refunded;
 * what cannot be known yet is a PaymentUnconfirmed, which the reconciler settles later, as it settles
 * the holds of a process that died.
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

  /** The order as it will be recorded once paid: all but the payment's answer. */
  const orderOf = (user: User, input: CheckoutInput, attempt: Attempt, priced: PricedOrder): HeldOrder => ({
    userId: user._id,
    email: user.email,
    amountCents: priced.total,
    idempotencyKey: attempt.key,
    paymentMethodId: input.id,
    lines: priced.lines,
    discount: priced.discount,
    shipping: priced.shipping,
    tax: priced.tax,
    ...addressesOf(input),
  });

  /**
   * Counts the code's use and takes the stock, in the caller's transaction; refuses (and the caller
   * rolls back) when the code has no use left for this shopper or a line is out of stock.
   */
  async function takeCodeAndStock(
    tx: OrderTransaction,
    order: HeldOrder,
    staleSeen: (shoeId: string) => void,
  ) {
    if (order.discount) {
      // Counted before anything is charged: a code used up meanwhile refuses the order, unpaid.
      const use = await tx.useCode(order.discount, order.userId, today());
      if (use !== 'ok') throw new CodeRefused(CODE_REFUSALS[use]);
      // A use held by another checkout of this shopper, not yet paid, is a use too.
      if (order.discount.oncePerCustomer && (await tx.codeHeldBy(order.discount.codeId, order.userId)))
        throw new CodeRefused(CODE_REFUSALS.used_by_you);
    }
    const stock = await tx.takeStock(order.lines);
    if ('short' in stock) {
      // The shopper was shown stock that is gone: whatever cached answer showed it is dropped.
      staleSeen(stock.short.shoeId);
      throw new SoldOut(MESSAGES.checkout.outOfStock(stock.short.name, stock.short.size));
    }
  }

  /** One short transaction that may find stock gone: then the answers still showing it are dropped. */
  async function takingStock<T>(
    step: CheckoutStep,
    work: (tx: OrderTransaction, staleSeen: (shoeId: string) => void) => Promise<T>,
  ) {
    let staleShoe: string | undefined;
    return orders
      .transaction((tx) => work(tx, (shoeId) => (staleShoe = shoeId)), step)
      .catch(async (error: unknown) => {
        if (staleShoe) await orders.staleStockSeen(staleShoe);
        throw error;
      });
  }

  /** 1. Takes the code's use and the stock as the attempt's hold, while the attempt is still claimed. */
  async function reserve(attempt: Attempt, order: HeldOrder, paymentId: string): Promise<void> {
    await takingStock('reserve', async (tx, staleSeen) => {
      if (!(await tx.holdClaim(attempt.key, attempt.token))) throw new ClaimLost();
      await takeCodeAndStock(tx, order, staleSeen);
      // Committed with its stock.changed event: the sellable count drops for everyone at once.
      await tx.hold({ attemptKey: attempt.key, paymentId, order, expiresAt: new Date(Date.now() + HOLD_MS) });
    });
  }

  /** 3. The attempt's hold becomes its order, while the attempt is still claimed. */
  async function confirm(attempt: Attempt, order: HeldOrder, charge: Charge): Promise<Order> {
    const orderId = await orders.transaction(async (tx) => {
      if (!(await tx.holdClaim(attempt.key, attempt.token))) throw new ClaimLost();
      // Released meanwhile: this payment cannot have an order.
      if (!(await tx.settleHold(attempt.key, charge.id, 'confirmed'))) throw new HoldGone();
      return tx.insert({ ...order, paymentId: charge.id, cardLast4: charge.cardLast4 ?? null });
    }, 'confirm');
    // Its stock.changed event committed with the hold: the dispatcher dropped what it made stale then.
    return (await orders.find(orderId))!.order;
  }

  /**
   * The attempt's hold for this payment, if it is still held, released: its pairs and code use come
   * back at once. A hold a later try made for another payment is left alone.
   */
  async function release(attemptKey: string, paymentId: string): Promise<void> {
    await orders.transaction(async (tx) => {
      const hold = await tx.settleHold(attemptKey, paymentId, 'released');
      if (hold) await tx.giveBack(hold);
    }, 'release');
  }

  /**
   * A payment captured with no hold left for it (a retry found it captured after its hold was let
   * go): the stock and code use are taken and the order recorded in one short transaction, with no
   * provider call inside it.
   */
  async function recordCaptured(attempt: Attempt, order: HeldOrder, charge: Charge): Promise<Order> {
    const orderId = await takingStock('record', async (tx, staleSeen) => {
      if (!(await tx.holdClaim(attempt.key, attempt.token))) throw new ClaimLost();
      await takeCodeAndStock(tx, order, staleSeen);
      return tx.insert({ ...order, paymentId: charge.id, cardLast4: charge.cardLast4 ?? null });
    });
    return (await orders.find(orderId))!.order;
  }

  async function placeOrder(user: User, input: CheckoutInput, attempt: Attempt): Promise<Order> {
    if (attempt.resumed) {
      // An earlier try held stock for a payment and did not say how it ended: settle that first.
      const left = await orders.liveHold(attempt.key);
      if (left) {
        let settled: SettledPayment;
        try {
          settled = await payments.settle(left.paymentId);
        } catch {
          throw new PaymentUnconfirmed(left.paymentId);
        }
        if (settled === 'succeeded') return keepOrRefund({ user, input, attempt, paymentId: left.paymentId });
        await release(attempt.key, left.paymentId);
      }
    }
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

    // 1. Reserve: a short transaction; nothing is charged yet.
    const order = orderOf(user, input, attempt, priced);
    try {
      await reserve(attempt, order, paymentId);
    } catch (error) {
      if (error instanceof ClaimLost) throw error;
      // Never captured (no stock, no code use left, the payment method held elsewhere): drop the payment.
      await payments.settle(paymentId).catch(() => undefined);
      throw notCharged(error);
    }

    // 2. Charge, with no transaction open: other checkouts of the same shoe and code go on meanwhile.
    let charge: Charge;
    try {
      charge = await payments.charge({ ...request, paymentId });
    } catch (error) {
      if (error instanceof PaymentError) {
        // Refused, nothing charged: the stock and the code's use come back at once.
        await release(attempt.key, paymentId);
        await payments.settle(paymentId).catch(() => undefined);
        throw notCharged(error);
      }
      return settleAfterFailure({ user, input, attempt, paymentId, error });
    }

    // 3. Confirm: a short transaction turns the hold into the order.
    try {
      return await confirm(attempt, order, charge);
    } catch (error) {
      if (error instanceof ClaimLost) throw error;
      return keepOrRefund({ user, input, attempt, paymentId, charge, error });
    }
  }

  /**
   * The capture was sent and its answer never came: find out whether the money moved. If it did,
   * keep the order (the answer came after we gave up) or give the money back; if it did not, it never
   * will, and the hold is released. When nobody can tell yet, the hold is released too (the stock
   * and the code's use are sold to others meanwhile) and reconciliation refunds the payment should it
   * have gone through.
   */
  async function settleAfterFailure(failed: Captured): Promise<Order> {
    let settled: SettledPayment;
    try {
      settled = await payments.settle(failed.paymentId);
    } catch {
      await release(failed.attempt.key, failed.paymentId).catch(() => undefined);
      throw new PaymentUnconfirmed(failed.paymentId);
    }
    if (settled === 'canceled') {
      await release(failed.attempt.key, failed.paymentId);
      throw notCharged(failed.error);
    }
    return keepOrRefund(failed);
  }

  /**
   * The money moved and no order was recorded for it: keep it with its order (its hold, or the cart
   * taken again if it can still be had) and give it back otherwise, with the hold. After a capture
   * whose order could not then be recorded (`charge`), the order is not tried again.
   */
  async function keepOrRefund(captured: Captured): Promise<Order> {
    const { attempt, paymentId } = captured;
    let error = captured.error;
    try {
      // A commit whose answer was lost may have kept the order after all.
      const kept = await orders.find(paymentId);
      if (kept) return kept.order;
    } catch (findError) {
      throw new PaymentUnconfirmed(paymentId, { cause: findError });
    }
    if (!captured.charge) {
      try {
        const hold = await orders.liveHold(attempt.key);
        if (hold?.order && hold.paymentId === paymentId) {
          return await confirm(attempt, hold.order, { id: paymentId, amountCents: hold.order.amountCents });
        }
        if (hold) await release(attempt.key, hold.paymentId);
        const priced = await price(captured.user, captured.input);
        const order = orderOf(captured.user, captured.input, attempt, priced);
        return await recordCaptured(attempt, order, { id: paymentId, amountCents: priced.total });
      } catch (keepError) {
        if (keepError instanceof ClaimLost) throw keepError;
        error = keepError;
      }
    }
    // Only a failure known to have rolled back (no stock, a used payment method) proves there is
    // no order; after any other (the database went away, maybe mid-commit) reconciliation looks
    // for the order, or keeps the hold as one, before it refunds.
    if (!(error instanceof HttpError || isUniqueViolation(error))) {
      throw new PaymentUnconfirmed(paymentId, { cause: error });
    }
    try {
      await release(attempt.key, paymentId);
    } catch (releaseError) {
      throw new PaymentUnconfirmed(paymentId, { cause: releaseError });
    }
    try {
      await payments.refund(paymentId);
    } catch {
      throw new PaymentUnconfirmed(paymentId);
    }
    throw notCharged(error);
  }

  /**
   * Reconciliation's end of a hold whose process died (service.ts, holding the attempt's claim):
   * paid, it becomes its order; never paid, it is released. Throws when the provider cannot tell.
   */
  async function settleHold(attempt: Attempt, hold: Hold): Promise<Order | undefined> {
    if ((await payments.settle(hold.paymentId)) === 'succeeded' && hold.order) {
      const kept = await orders.find(hold.paymentId);
      if (kept) return kept.order;
      return confirm(attempt, hold.order, { id: hold.paymentId, amountCents: hold.order.amountCents });
    }
    await release(hold.attemptKey, hold.paymentId);
    return undefined;
  }

  return { placeOrder, settleHold, release };
}
