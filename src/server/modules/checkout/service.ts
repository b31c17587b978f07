import crypto from 'node:crypto';
import type { User } from '../../../domain/account.js';
import { MESSAGES } from '../../../domain/messages.js';
import type { Database } from '../../db/client.js';
import { isDatabaseUnavailable } from '../../db/connection-errors.js';
import type { EventConsumer } from '../../events/domain-events.js';
import { conflict, HttpError } from '../../http/errors.js';
import type { PaymentProvider } from '../../payments/payment-provider.js';
import {
  abandonedBefore,
  canTakeOver,
  claimedState,
  ClaimLost,
  errorAnswer,
  finalAnswerOf,
  hashRequest,
  needsReconciling,
  paidAnswer,
  PaymentUnconfirmed,
  retryState,
  stateOf,
  takenOverState,
  unconfirmedState,
  type Attempt,
  type AttemptRow,
  type CheckoutAnswer,
  type CheckoutInput,
  type ClaimContext,
} from './attempt-state.js';
import { createAttemptsRepository } from './attempts-repository.js';
import { settledAnswerOf } from './settled-answer.js';
import { outcomeOfError, PAID, type CheckoutMetrics } from './checkout-outcome.js';
import { createCheckoutErasureRepository } from './erasure-repository.js';
import type { CheckoutOrders, Hold } from './orders-repository.js';
import { createOrderPlacement } from './place-order.js';
import { createReconciler } from './reconciler.js';
import { CodeRefused, priceCartWithCode, type CodeLookup } from './pricing.js';
import { priceDelivery, type DeliveryLookup } from './delivery-pricing.js';
import { quoteAnswer } from './quote-answer.js';
import type { QuoteRequest } from '../../../domain/contracts/checkout.js';
import { usStateCode } from '../../../domain/us-states.js';
import { dayOf } from '../../../domain/days.js';

import { refuseShoesInDrop, type InDrop, type SaleOptions } from './drop-gate.js';

export type { CheckoutAnswer, CheckoutInput } from './attempt-state.js';

/** How many open attempts one sweep looks at. */
const SWEEP_BATCH = 100;

/**
 * Checkout (docs/decisions/003 and 031): the server prices the cart from the
 * database (pricing.ts), holds the stock and the code's use in a short
 * transaction, captures the payment outside any transaction, then turns the
 * hold into the order or releases it (place-order.ts). If anything fails,
 * nothing is kept and a capture is refunded.
 *
 * Every checkout is an attempt in checkout_attempts (attempt-state.ts, keyed
 * by the client's Idempotency-Key or a generated one): a retry gets the first
 * final answer back, and an attempt that ended in a 5xx may be tried again.
 * When the provider cannot even say whether the money moved, the attempt
 * stays "unconfirmed" and is reconciled in the background (reconciler.ts),
 * and after a restart.
 */
export function createCheckoutService(deps: {
  db: Database;
  payments: PaymentProvider;
  orders: CheckoutOrders;
  /**
   * Only this process uses the database (PGlite): a claim older than the
   * process is abandoned without waiting for its lease to run out.
   */
  singleInstance?: boolean;
  log?: { warn(object: unknown, message: string): void };
  /** Discount codes as the checkout reads them (modules/discounts). */
  codes: CodeLookup;
  /** Shipping methods and sales tax (modules/shipping-methods, modules/sales-tax). */
  delivery: DeliveryLookup;
  /** Told how each checkout ended (the metrics, when they are on). */
  metrics?: CheckoutMetrics;
  /** Whether a shoe is sold in a drop now (drop-gate.ts). */
  inDrop?: InDrop;
}) {
  const { payments, orders, codes, delivery } = deps;
  const attempts = createAttemptsRepository(deps.db);
  const erasure = createCheckoutErasureRepository(deps.db);
  const today = () => dayOf(new Date());
  const placement = createOrderPlacement({ payments, orders, attempts, codes, delivery, today });
  const { placeOrder } = placement;
  const startedAt = Date.now();
  /** This process, and the claims it is running now: one of its claims not running was cut off. */
  const owner = crypto.randomUUID();
  const running = new Set<string>();
  const context = (): ClaimContext => ({
    owner,
    startedAt,
    singleInstance: Boolean(deps.singleInstance),
    running,
    now: Date.now(),
  });

  /** Runs `work` under a fresh claim token, known as running before it is written anywhere. */
  async function asRunning<T>(work: (token: string) => Promise<T>): Promise<T> {
    const token = crypto.randomUUID();
    running.add(token);
    try {
      return await work(token);
    } finally {
      running.delete(token);
    }
  }

  /** Takes over an attempt that ended in a 5xx or was abandoned; null when another got it first. */
  async function takeOver(row: AttemptRow, token: string): Promise<Attempt | null> {
    const previous = stateOf(row);
    if (!canTakeOver(row, previous, context())) return null;
    const state = takenOverState(previous, owner, token, Date.now());
    if (!(await attempts.takeOver(row, previous.claim, state))) return null;
    return { key: row.key, token, state, resumed: true };
  }

  /** A new attempt, or the earlier one's final answer, or a retry of one that ended in a 5xx. */
  async function claim(
    key: string,
    user: User,
    input: CheckoutInput,
    token: string,
  ): Promise<Attempt | CheckoutAnswer> {
    const requestHash = hashRequest(input);
    const state = claimedState(owner, token, Date.now());
    if (await attempts.insert({ key, userId: user._id, requestHash, state })) {
      return { key, token, state, resumed: false };
    }
    const earlier = await attempts.find(key);
    if (!earlier || earlier.userId !== user._id || earlier.requestHash !== requestHash) {
      throw conflict(MESSAGES.checkout.idempotencyMismatch);
    }
    // A 5xx is never the answer: the payment was not taken (or is being reconciled), so try again.
    const answer = finalAnswerOf(earlier);
    if (answer) return answer;
    const taken = await takeOver(earlier, token);
    if (!taken) throw conflict(MESSAGES.checkout.inProgress);
    return taken;
  }

  const save = (attempt: Attempt, status: number | null, body: unknown) =>
    attempts.save(attempt.key, attempt.token, status, body);

  /**
   * Runs a claimed attempt to its answer and records it. Counts how it ended once per attempt run
   * (a retry answered from the record is not counted again; a claim lost is counted by its taker).
   */
  async function run(user: User, input: CheckoutInput, attempt: Attempt): Promise<CheckoutAnswer> {
    let answer: CheckoutAnswer;
    try {
      // An order committed under this key whose answer was never recorded (the process died) is the answer.
      const earlier = attempt.resumed ? await orders.findByKey(attempt.key) : undefined;
      if (earlier) {
        // Committed by a try whose end nobody saw: its stock.changed event committed with it.
        answer = paidAnswer(earlier);
      } else {
        // Its confirmation mail follows its order.paid event (modules/orders/order-mails.ts).
        answer = paidAnswer(await placeOrder(user, input, attempt));
      }
      deps.metrics?.ended(PAID);
      if ('order' in answer.body && answer.body.order.discountCode) deps.metrics?.discountUsed();
    } catch (error) {
      // Whoever took the attempt over finishes it.
      if (error instanceof ClaimLost) return errorAnswer(conflict(MESSAGES.checkout.inProgress));
      deps.metrics?.ended(outcomeOfError(error));
      if (error instanceof PaymentUnconfirmed) {
        const body = unconfirmedState(attempt.state, error.paymentId);
        await save(attempt, 504, body).catch(() => undefined);
        reconciler.schedule(attempt.key);
        // When it is the database that went away, that is what the shopper needs to hear.
        if (isDatabaseUnavailable(error.cause)) throw error.cause;
        return { status: 504, body: { error: body.error! } };
      }
      // Whatever else failed, the payment is known not to have been taken, or was refunded.
      if (error instanceof HttpError && error.statusCode < 500) {
        answer = errorAnswer(error);
      } else if (error instanceof HttpError) {
        const body = retryState(attempt.state, { code: error.code, message: error.message });
        await save(attempt, error.statusCode, body).catch(() => undefined);
        return errorAnswer(error);
      } else {
        // Unexpected (the database went away...): the error handler answers; a retry may try again.
        await save(attempt, 500, retryState(attempt.state)).catch(() => undefined);
        throw error;
      }
    }
    if (!(await save(attempt, answer.status, answer.body).catch(() => false))) {
      deps.log?.warn({ key: attempt.key }, 'checkout answer not recorded');
    }
    return answer;
  }

  /**
   * Settles an attempt whose payment was left unconfirmed, or whose process
   * died: its order is found, or its payment is cancelled, or refunded.
   * Returns false when the provider still cannot tell (try again later).
   */
  async function reconcileAs(key: string, token: string): Promise<boolean> {
    const row = await attempts.find(key);
    if (!row || !needsReconciling(row, stateOf(row), context())) {
      // Not left open, but maybe still holding stock past its hold's expiry (its release failed).
      const hold = await orders.liveHold(key);
      if (!hold || hold.expiresAt.getTime() > Date.now()) return true;
      if (!row || finalAnswerOf(row)) return settleOrphanHold(hold);
    }
    const attempt = await takeOver(row, token);
    if (!attempt) return true;
    const { state } = attempt;
    try {
      const order = await orders.findByKey(key);
      if (order) {
        await save(attempt, 200, paidAnswer(order).body);
        return true;
      }
      // The stock and code use its process held: kept as the order if the payment went through,
      // given back otherwise (a crash between reserve and charge, or between charge and confirm).
      const hold = await orders.liveHold(key);
      const kept = hold ? await placement.settleHold(attempt, hold) : undefined;
      if (kept) {
        await save(attempt, 200, paidAnswer(kept).body);
        return true;
      }
      if (state.paymentId && state.paymentId !== hold?.paymentId) {
        // The capture is only ever sent after the payment id is recorded: without one, nothing moved.
        if ((await payments.settle(state.paymentId)) === 'succeeded') {
          const kept = await orders.find(state.paymentId);
          if (kept) {
            await save(attempt, 200, paidAnswer(kept.order).body);
            return true;
          }
          await payments.refund(state.paymentId);
        }
      }
      const error = { code: 'provider_unavailable', message: MESSAGES.checkout.paymentUnconfirmed };
      await save(attempt, 502, retryState(state, error));
      return true;
    } catch {
      await save(attempt, 504, unconfirmedState(state)).catch(() => undefined);
      return false;
    }
  }

  /**
   * A hold past its expiry whose attempt has a final answer or is gone (erased): nobody can record
   * an order for it any more, so its payment is cancelled, or refunded if it went through, and the
   * stock and code use come back.
   */
  async function settleOrphanHold(hold: Hold): Promise<boolean> {
    try {
      if ((await payments.settle(hold.paymentId)) === 'succeeded') {
        if (await orders.find(hold.paymentId)) return true;
        await payments.refund(hold.paymentId);
      }
      await placement.release(hold.attemptKey, hold.paymentId);
      return true;
    } catch {
      return false;
    }
  }

  const reconciler = createReconciler({
    reconcile: (key) => asRunning((token) => reconcileAs(key, token)),
    // Attempts left open, and those whose hold outlived its expiry.
    findOpen: async () => {
      const open = await attempts.findOpen({
        abandonedBefore: abandonedBefore(context()),
        owner,
        limit: SWEEP_BATCH,
      });
      const expired = await orders.expiredHolds(new Date(), SWEEP_BATCH);
      return [...new Set([...open, ...expired])];
    },
  });

  return {
    /**
     * With an Idempotency-Key, the first final answer is stored and a retry
     * gets it back (never a second charge); the same key with another body is
     * a 409. An attempt that ended in a 5xx may be retried with the same key.
     */
    async checkout(user: User, input: CheckoutInput, key?: string, options: SaleOptions = {}) {
      // Known as running before it is written, so no other request here mistakes it for abandoned.
      return asRunning(async (token): Promise<CheckoutAnswer> => {
        try {
          await refuseShoesInDrop(deps.inDrop, input, options);
          const claimed = await claim(key ?? `auto:${crypto.randomUUID()}`, user, input, token);
          if (!('token' in claimed)) return claimed;
          return await run(user, input, claimed);
        } catch (error) {
          if (error instanceof HttpError && error.statusCode < 500) return errorAnswer(error);
          throw error;
        }
      });
    },

    /**
     * Prices a cart with a code for the cart page, taking nothing: the discount and the total the
     * checkout will charge, or why the code cannot be used (`message`). A visitor's code is checked
     * without "once per customer", which the checkout checks once they are signed in.
     */
    async quote(user: User | undefined, cart: QuoteRequest) {
      const choice = {
        methodId: cart.shippingMethod,
        stateCode: cart.state ? usStateCode(cart.state) : undefined,
        strict: false,
      };
      const withDelivery = async (priced: Parameters<typeof priceDelivery>[0]) =>
        priceDelivery(priced, choice, delivery, new Date());
      try {
        const priced = await priceCartWithCode(cart, orders.shoePrices, codes, {
          userId: user?._id,
          today: today(),
        });
        return quoteAnswer(await withDelivery(priced), null);
      } catch (error) {
        if (!(error instanceof CodeRefused)) throw error;
        const uncoded = await priceCartWithCode({ shoes: cart.shoes }, orders.shoePrices, codes, {
          userId: undefined,
          today: today(),
        });
        return quoteAnswer(await withDelivery(uncoded), error.message);
      }
    },

    /** What became of the checkout under `key`, for a caller that lost its answer (settled-answer.ts). */
    settled: async (key: string) => settledAnswerOf(await attempts.find(key)),

    /** Settles what a crash or an unreachable provider left open (exposed for tests). */
    reconcilePending: reconciler.sweep,

    /** Sweeps now (a restart) and then every few minutes, until stop(). */
    startReconciler: reconciler.start,

    stopReconciler: reconciler.stop,

    /** A deleted account's orders lose who and where; its attempts go (docs/your-data.md). */
    erasure: (async (event) => {
      if (event.type !== 'account.deleted') return;
      await erasure.erase(event.payload.userId, event.payload.erasedEmail);
    }) satisfies EventConsumer,
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
