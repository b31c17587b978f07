import { MESSAGES } from '../../../domain/messages.js';
import crypto from 'node:crypto';
import { and, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import type { User } from '../../../domain/account.js';
import { isUuid } from '../../../domain/catalog.js';
import { type Order } from '../../../domain/payment.js';
import { formatPrice } from '../../../domain/cart.js';
import type { Database } from '../../db/client.js';
import { isDatabaseUnavailable } from '../../db/connection-errors.js';
import { isUniqueViolation } from '../../db/postgres-errors.js';
import { checkoutAttempts, orderLines, orders, shoes, stockEntries } from '../../db/schema.js';
import { conflict, HttpError } from '../../http/errors.js';
import type { Mailer } from '../../mail/mailer.js';
import {
  PaymentError,
  PaymentOutcomeUnknown,
  type Charge,
  type ChargeRequest,
  type PaymentProvider,
  type SettledPayment,
} from '../../payments/payment-provider.js';
import type { OrdersRepository } from './orders-repository.js';

export interface CheckoutInput {
  id: string;
  shoes: { _id: string; size: string; quantity: number }[];
  amount: number;
}

export interface CheckoutAnswer {
  status: number;
  body: { message: string; order: Order } | { error: { code: string; message: string } };
}

interface PricedLine {
  shoeId: string;
  name: string;
  image: string;
  size: string;
  quantity: number;
  unitPriceCents: number;
}

/** Lines of the same shoe and size count as one. */
function mergeLines(lines: CheckoutInput['shoes']) {
  const merged = new Map<string, { _id: string; size: string; quantity: number }>();
  for (const line of lines) {
    const key = `${line._id}|${line.size}`;
    const existing = merged.get(key);
    if (existing) existing.quantity += line.quantity;
    else merged.set(key, { ...line });
  }
  return [...merged.values()];
}

function hashRequest(input: CheckoutInput): string {
  const canonical = { id: input.id, amount: input.amount, shoes: mergeLines(input.shoes) };
  return crypto.createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Where an attempt stands while it has no final answer, kept in
 * checkout_attempts.response_body: while response_status is null (someone
 * works on it) or a 5xx (a later retry may try again).
 */
interface AttemptState {
  /**
   * Which payment at the provider the attempt uses (its idempotency key is
   * derived from it). It moves on only once the previous payment is known not
   * to have been captured, or was refunded, so a retry never pays twice.
   */
  generation: number;
  /** The prepared payment of this generation; recorded before it may be captured. */
  paymentId?: string;
  /** Who works on the attempt (which process, which run), and since when (response_status null). */
  owner?: string;
  claim?: string;
  claimedAt?: number;
  /** The payment's outcome is not known yet: reconciliation settles it (response_status 504). */
  unconfirmed?: boolean;
  /** The 5xx answer given. */
  error?: { code: string; message: string };
}

interface Attempt {
  key: string;
  token: string;
  state: AttemptState;
  /** Taken over from an earlier try, which may have recorded an order already. */
  resumed: boolean;
}

type AttemptRow = typeof checkoutAttempts.$inferSelect;

/** Another request or reconciliation took the attempt over: this try must leave it alone. */
class ClaimLost extends Error {}

/**
 * The payment may have been captured and nobody can tell yet. `cause` is set
 * when it is the database, not the provider, that failed.
 */
class PaymentUnconfirmed extends Error {
  constructor(
    readonly paymentId: string,
    options?: { cause?: unknown },
  ) {
    super(`Payment ${paymentId} could not be confirmed`, options);
  }
}

/**
 * A claim older than this is abandoned (its process died). It is above the
 * longest a checkout normally takes (the payment provider's timeouts bound
 * it); should a slow one outlive it anyway, its transaction finds the claim
 * gone and keeps nothing (`stillOurs`).
 */
const ATTEMPT_LEASE_MS = 2 * 60_000;
/** After an unconfirmed payment, when to ask the provider again. */
const RECONCILE_DELAYS_MS = [1_000, 5_000, 30_000, 120_000, 600_000];
const SWEEP_INTERVAL_MS = 5 * 60_000;

const unconfirmedError = () => ({
  code: 'payment_unconfirmed',
  message: MESSAGES.checkout.paymentUnconfirmed,
});
const errorAnswer = (error: HttpError): CheckoutAnswer => ({
  status: error.statusCode,
  body: { error: { code: error.code, message: error.message } },
});
const providerKey = (attempt: Attempt) =>
  attempt.state.generation === 1 ? attempt.key : `${attempt.key}:g${attempt.state.generation}`;

/**
 * Checkout (DESIGN.md §2): the server prices the cart from the database, and
 * in one transaction takes the stock, captures the payment and records the
 * order. If anything fails, nothing is kept and a capture is refunded.
 *
 * Every checkout is an attempt in checkout_attempts (keyed by the client's
 * Idempotency-Key, or a generated one): a retry gets the first final answer
 * back, and an attempt that ended in a 5xx may be tried again. The payment is
 * prepared (no money moves) and its id recorded before it is captured, so
 * when the provider times out, fails or answers after we gave up, the payment
 * is settled: kept with its order when it went through, refunded when no
 * order can be kept, and otherwise cancelled so it never goes through. When
 * even that cannot be asked, the attempt stays "unconfirmed" and is
 * reconciled in the background (and after a restart).
 */
export function createCheckoutService(deps: {
  db: Database;
  payments: PaymentProvider;
  orders: OrdersRepository;
  mailer: Mailer;
  publicUrl: string;
  /**
   * Only this process uses the database (PGlite): a claim older than the
   * process is abandoned without waiting for its lease to run out.
   */
  singleInstance?: boolean;
  log?: { warn(object: unknown, message: string): void };
}) {
  const { db, payments, orders: ordersRepository, mailer, publicUrl } = deps;
  const startedAt = Date.now();
  /** This process, and the claims it is running now: one of its claims not running was cut off. */
  const owner = crypto.randomUUID();
  const running = new Set<string>();

  async function priceLines(lines: CheckoutInput['shoes']): Promise<PricedLine[]> {
    const merged = mergeLines(lines);
    const ids = [...new Set(merged.map((line) => line._id))];
    if (!ids.every(isUuid)) throw new HttpError(404, 'not_found', MESSAGES.checkout.unknownShoe);
    const rows = await db
      .select({ id: shoes.id, name: shoes.name, image: shoes.image, priceCents: shoes.priceCents })
      .from(shoes)
      .where(inArray(shoes.id, ids));
    const byId = new Map(rows.map((row) => [row.id, row]));
    return merged.map((line) => {
      const shoe = byId.get(line._id);
      if (!shoe) throw new HttpError(404, 'not_found', MESSAGES.checkout.unknownShoe);
      return {
        shoeId: shoe.id,
        name: shoe.name,
        image: shoe.image,
        size: line.size,
        quantity: line.quantity,
        unitPriceCents: shoe.priceCents,
      };
    });
  }

  /**
   * Locks the attempt for the transaction, which keeps an order only while the
   * attempt is still ours: reconciliation cannot take it over (and refund its
   * payment) in the middle, and a try that lost it keeps nothing.
   */
  async function stillOurs(tx: Tx, attempt: Attempt): Promise<void> {
    const [mine] = await tx
      .select({ key: checkoutAttempts.key })
      .from(checkoutAttempts)
      .where(
        and(
          eq(checkoutAttempts.key, attempt.key),
          isNull(checkoutAttempts.responseStatus),
          sql`${checkoutAttempts.responseBody}->>'claim' = ${attempt.token}`,
        ),
      )
      .for('update');
    if (!mine) throw new ClaimLost();
  }

  async function takeStock(tx: Tx, lines: PricedLine[]): Promise<void> {
    // Always in the same order (shoe, then size): two carts holding the same sizes in opposite
    // orders would otherwise each lock one row and wait for the other's (a deadlock, on PostgreSQL).
    const ordered = [...lines].sort(
      (a, b) => a.shoeId.localeCompare(b.shoeId) || a.size.localeCompare(b.size),
    );
    for (const line of ordered) {
      // The row lock of this UPDATE is what makes concurrent checkouts of the last pair safe.
      const taken = await tx
        .update(stockEntries)
        .set({ quantity: sql`${stockEntries.quantity} - ${line.quantity}` })
        .where(
          and(
            eq(stockEntries.shoeId, line.shoeId),
            eq(stockEntries.size, line.size),
            gte(stockEntries.quantity, line.quantity),
          ),
        )
        .returning({ id: stockEntries.id });
      if (taken.length === 0) throw conflict(MESSAGES.checkout.outOfStock(line.name, line.size));
    }
  }

  async function insertOrder(
    tx: Tx,
    order: {
      user: User;
      key: string;
      input: CheckoutInput;
      lines: PricedLine[];
      total: number;
      charge: Charge;
    },
  ): Promise<string> {
    const [row] = await tx
      .insert(orders)
      .values({
        userId: order.user._id,
        email: order.user.email,
        idPayment: order.charge.id,
        amountCents: order.total,
        status: 'Pending',
        idempotencyKey: order.key,
        paymentMethodId: order.input.id,
      })
      .returning({ id: orders.id });
    await tx.insert(orderLines).values(order.lines.map((line) => ({ orderId: row!.id, ...line })));
    return row!.id;
  }

  async function orderByKey(key: string): Promise<Order | undefined> {
    const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.idempotencyKey, key));
    return row ? (await ordersRepository.find(row.id))?.order : undefined;
  }

  const toHttp = (error: PaymentError) => new HttpError(error.status, error.code, error.message);

  /** What the shopper is told when the provider failed and the payment is known not to have gone through. */
  function notCharged(error: unknown): unknown {
    if (error instanceof PaymentOutcomeUnknown) {
      return error.timedOut
        ? new HttpError(504, 'payment_timeout', MESSAGES.checkout.providerTimeout)
        : new HttpError(502, 'provider_unavailable', MESSAGES.checkout.providerUnavailable);
    }
    if (error instanceof PaymentError) return toHttp(error);
    if (isUniqueViolation(error)) return conflict(MESSAGES.checkout.paymentMethodUsed);
    return error;
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
      attempt.state.generation += 1;
      delete attempt.state.paymentId;
    }
    const lines = await priceLines(input.shoes);
    const total = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
    if (input.amount !== total) throw conflict(MESSAGES.checkout.pricesChanged);
    const [used] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.paymentMethodId, input.id));
    if (used) throw conflict(MESSAGES.checkout.paymentMethodUsed);

    const request: ChargeRequest = {
      paymentMethodId: input.id,
      amountCents: total,
      userId: user._id,
      idempotencyKey: providerKey(attempt),
      description: `Sneaker Street order for ${user.email}`,
    };
    let paymentId: string;
    try {
      ({ id: paymentId } = await payments.prepare(request));
    } catch (error) {
      throw notCharged(error);
    }
    // From here on the payment can always be found again: by a retry, or by reconciliation.
    if (!(await saveState(attempt, null, { ...attempt.state, paymentId }))) throw new ClaimLost();
    attempt.state.paymentId = paymentId;

    let captureSent = false;
    let charge: Charge | undefined;
    try {
      // Trade-off (docs/decisions/003): the capture runs inside the transaction, after the stock
      // UPDATEs and before the order INSERT, so stock, payment and order commit or vanish together
      // and a crash anywhere leaves nothing half done. The price is that the stock rows (and, on
      // PGlite's single connection, the whole database) stay locked while the provider answers;
      // the provider's short timeout (STRIPE_TIMEOUT_MS) bounds that wait.
      const orderId = await db.transaction(async (tx) => {
        await stillOurs(tx, attempt);
        await takeStock(tx, lines);
        captureSent = true;
        charge = await payments.charge({ ...request, paymentId });
        return insertOrder(tx, { user, key: attempt.key, input, lines, total, charge });
      });
      return (await ordersRepository.find(orderId))!.order;
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
  async function settleAfterFailure(failed: {
    user: User;
    input: CheckoutInput;
    attempt: Attempt;
    paymentId: string;
    charge: Charge | undefined;
    error: unknown;
  }): Promise<Order> {
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
  async function keepOrRefund(captured: {
    user: User;
    input: CheckoutInput;
    attempt: Attempt;
    paymentId: string;
    charge?: Charge;
    error?: unknown;
  }): Promise<Order> {
    const { user, input, attempt, paymentId } = captured;
    let error = captured.error;
    try {
      // A commit whose answer was lost may have kept the order after all.
      const kept = await ordersRepository.find(paymentId);
      if (kept) return kept.order;
    } catch (findError) {
      throw new PaymentUnconfirmed(paymentId, { cause: findError });
    }
    if (!captured.charge) {
      try {
        const lines = await priceLines(input.shoes);
        const total = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
        if (input.amount !== total) throw conflict(MESSAGES.checkout.pricesChanged);
        const charge: Charge = { id: paymentId, amountCents: total };
        const orderId = await db.transaction(async (tx) => {
          await stillOurs(tx, attempt);
          await takeStock(tx, lines);
          return insertOrder(tx, { user, key: attempt.key, input, lines, total, charge });
        });
        return (await ordersRepository.find(orderId))!.order;
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

  async function confirmByMail(order: Order): Promise<void> {
    const lines = order.shoe.map(
      (line) => `- ${line.name}, size ${line.size}, x${line.quantity}: ${formatPrice(line.price)}`,
    );
    await mailer.send({
      to: order.email,
      subject: `Your Sneaker Street order ${order.idPayment}`,
      text:
        `Thanks for your order!\n\n${lines.join('\n')}\n\nTotal: ${formatPrice(order.amount / 100)}\n\n` +
        `Follow it at ${publicUrl}/order/${order.idPayment}`,
    });
  }

  const paidAnswer = (order: Order): CheckoutAnswer => ({
    status: 200,
    body: { message: MESSAGES.checkout.paid, order },
  });

  function stateOf(row: AttemptRow): AttemptState {
    const body = row.responseBody as Partial<AttemptState> | null;
    // Rows written before attempts kept a state (in progress: no body) start at generation 1.
    return {
      ...body,
      generation: body?.generation ?? 1,
      claimedAt: body?.claimedAt ?? row.createdAt.getTime(),
    };
  }

  /**
   * Nobody works on an attempt any more when its claim outlived its lease or
   * the process that took it, or when this process took it and stopped
   * without recording how it ended (the database went away meanwhile).
   */
  function abandoned(row: AttemptRow, state: AttemptState): boolean {
    if (row.responseStatus !== null) return false;
    const claimedAt = state.claimedAt ?? 0;
    return (
      claimedAt < Date.now() - ATTEMPT_LEASE_MS ||
      (Boolean(deps.singleInstance) && claimedAt < startedAt) ||
      (state.owner === owner && !running.has(state.claim ?? ''))
    );
  }

  /** Writes an attempt's answer or state, if the attempt is still ours. */
  async function saveState(attempt: Attempt, status: number | null, body: unknown): Promise<boolean> {
    const saved = await db
      .update(checkoutAttempts)
      .set({ responseStatus: status, responseBody: body })
      .where(
        and(
          eq(checkoutAttempts.key, attempt.key),
          isNull(checkoutAttempts.responseStatus),
          sql`${checkoutAttempts.responseBody}->>'claim' = ${attempt.token}`,
        ),
      )
      .returning({ key: checkoutAttempts.key });
    return saved.length > 0;
  }

  /** Takes over an attempt that ended in a 5xx or was abandoned; null when another got it first. */
  async function takeOver(row: AttemptRow, token: string): Promise<Attempt | null> {
    const previous = stateOf(row);
    if (row.responseStatus === null && !abandoned(row, previous)) return null;
    const state: AttemptState = { ...previous, owner, claim: token, claimedAt: Date.now() };
    delete state.error;
    const taken = await db
      .update(checkoutAttempts)
      .set({ responseStatus: null, responseBody: state })
      .where(
        and(
          eq(checkoutAttempts.key, row.key),
          row.responseStatus === null
            ? isNull(checkoutAttempts.responseStatus)
            : eq(checkoutAttempts.responseStatus, row.responseStatus),
          previous.claim
            ? sql`${checkoutAttempts.responseBody}->>'claim' = ${previous.claim}`
            : sql`(${checkoutAttempts.responseBody} is null or ${checkoutAttempts.responseBody}->>'claim' is null)`,
        ),
      )
      .returning({ key: checkoutAttempts.key });
    return taken.length > 0 ? { key: row.key, token, state, resumed: true } : null;
  }

  /** A new attempt, or the earlier one's final answer, or a retry of one that ended in a 5xx. */
  async function claim(
    key: string,
    userId: string,
    requestHash: string,
    token: string,
  ): Promise<Attempt | CheckoutAnswer> {
    const state: AttemptState = { generation: 1, owner, claim: token, claimedAt: Date.now() };
    const inserted = await db
      .insert(checkoutAttempts)
      .values({ key, userId, requestHash, responseBody: state })
      .onConflictDoNothing()
      .returning({ key: checkoutAttempts.key });
    if (inserted.length > 0) return { key, token, state, resumed: false };
    const [earlier] = await db.select().from(checkoutAttempts).where(eq(checkoutAttempts.key, key));
    if (!earlier || earlier.userId !== userId || earlier.requestHash !== requestHash) {
      throw conflict(MESSAGES.checkout.idempotencyMismatch);
    }
    // A final answer (200, 402, 409...) is the answer to every retry. A 5xx never is: the
    // payment was not taken (or is being reconciled), so the retry may try again.
    if (earlier.responseStatus !== null && earlier.responseStatus < 500) {
      return { status: earlier.responseStatus, body: earlier.responseBody as CheckoutAnswer['body'] };
    }
    const taken = await takeOver(earlier, token);
    if (!taken) throw conflict(MESSAGES.checkout.inProgress);
    return taken;
  }

  /** Runs a claimed attempt to its answer and records it. */
  async function run(user: User, input: CheckoutInput, attempt: Attempt): Promise<CheckoutAnswer> {
    const state = attempt.state;
    let answer: CheckoutAnswer;
    try {
      // An order committed under this key whose answer was never recorded (the process died) is the answer.
      const earlier = attempt.resumed ? await orderByKey(attempt.key) : undefined;
      if (earlier) {
        answer = paidAnswer(earlier);
      } else {
        const order = await placeOrder(user, input, attempt);
        await confirmByMail(order).catch(() => undefined);
        answer = paidAnswer(order);
      }
    } catch (error) {
      // Whoever took the attempt over finishes it.
      if (error instanceof ClaimLost) return errorAnswer(conflict(MESSAGES.checkout.inProgress));
      if (error instanceof PaymentUnconfirmed) {
        const body = { ...state, paymentId: error.paymentId, unconfirmed: true, error: unconfirmedError() };
        delete body.claim;
        await saveState(attempt, 504, body).catch(() => undefined);
        scheduleReconcile(attempt.key);
        // When it is the database that went away, that is what the shopper needs to hear.
        if (isDatabaseUnavailable(error.cause)) throw error.cause;
        return { status: 504, body: { error: unconfirmedError() } };
      }
      // Whatever else failed, the payment is known not to have been taken, or was refunded.
      const next = { generation: state.generation + 1 };
      if (error instanceof HttpError && error.statusCode < 500) {
        answer = errorAnswer(error);
      } else if (error instanceof HttpError) {
        const body = { ...next, error: { code: error.code, message: error.message } };
        await saveState(attempt, error.statusCode, body).catch(() => undefined);
        return errorAnswer(error);
      } else {
        // Unexpected (the database went away...): the error handler answers; a retry may try again.
        await saveState(attempt, 500, next).catch(() => undefined);
        throw error;
      }
    }
    if (!(await saveState(attempt, answer.status, answer.body).catch(() => false))) {
      deps.log?.warn({ key: attempt.key }, 'checkout answer not recorded');
    }
    return answer;
  }

  /**
   * Settles an attempt whose payment was left unconfirmed, or whose process
   * died: its order is found, or its payment is cancelled, or refunded.
   * Returns false when the provider still cannot tell (try again later).
   */
  async function reconcile(key: string): Promise<boolean> {
    const token = crypto.randomUUID();
    running.add(token);
    try {
      return await reconcileAs(key, token);
    } finally {
      running.delete(token);
    }
  }

  async function reconcileAs(key: string, token: string): Promise<boolean> {
    const [row] = await db.select().from(checkoutAttempts).where(eq(checkoutAttempts.key, key));
    if (!row) return true;
    const previous = stateOf(row);
    const unconfirmed = row.responseStatus !== null && row.responseStatus >= 500 && previous.unconfirmed;
    if (!unconfirmed && !abandoned(row, previous)) return true;
    const attempt = await takeOver(row, token);
    if (!attempt) return true;
    const { state } = attempt;
    try {
      const order = await orderByKey(key);
      if (order) {
        await saveState(attempt, 200, paidAnswer(order).body);
        return true;
      }
      if (state.paymentId) {
        // The capture is only ever sent after the payment id is recorded: without one, nothing moved.
        if ((await payments.settle(state.paymentId)) === 'succeeded') {
          const kept = await ordersRepository.find(state.paymentId);
          if (kept) {
            await saveState(attempt, 200, paidAnswer(kept.order).body);
            return true;
          }
          await payments.refund(state.paymentId);
        }
      }
      const error = { code: 'provider_unavailable', message: MESSAGES.checkout.paymentUnconfirmed };
      await saveState(attempt, 502, { generation: state.generation + 1, error });
      return true;
    } catch {
      const body = { ...state, unconfirmed: true, error: unconfirmedError() };
      delete body.claim;
      await saveState(attempt, 504, body).catch(() => undefined);
      return false;
    }
  }

  const timers = new Set<NodeJS.Timeout>();
  let stopped = false;

  function later(task: () => Promise<void>, delayMs: number): void {
    if (stopped) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      void task().catch(() => undefined);
    }, delayMs);
    // Reconciliation never keeps the process alive; what it misses, the next start sweeps.
    timer.unref();
    timers.add(timer);
  }

  function scheduleReconcile(key: string, round = 0): void {
    const delay = RECONCILE_DELAYS_MS[round];
    if (delay === undefined) return;
    later(async () => {
      if (!(await reconcile(key).catch(() => false))) scheduleReconcile(key, round + 1);
    }, delay);
  }

  /** Reconciles every attempt left unconfirmed or abandoned; returns how many were looked at. */
  async function sweep(): Promise<number> {
    const cutoff = Date.now() - ATTEMPT_LEASE_MS;
    const threshold = deps.singleInstance ? Math.max(cutoff, startedAt) : cutoff;
    const rows = await db
      .select({ key: checkoutAttempts.key })
      .from(checkoutAttempts)
      .where(
        or(
          and(
            gte(checkoutAttempts.responseStatus, 500),
            sql`${checkoutAttempts.responseBody}->>'unconfirmed' = 'true'`,
          ),
          and(
            isNull(checkoutAttempts.responseStatus),
            or(
              sql`coalesce((${checkoutAttempts.responseBody}->>'claimedAt')::bigint, 0) < ${threshold}`,
              sql`${checkoutAttempts.responseBody}->>'owner' = ${owner}`,
            ),
          ),
        ),
      )
      .limit(100);
    for (const { key } of rows) await reconcile(key).catch(() => false);
    return rows.length;
  }

  return {
    /**
     * With an Idempotency-Key, the first final answer is stored and a retry
     * gets it back (never a second charge); the same key with another body is
     * a 409. An attempt that ended in a 5xx may be retried with the same key.
     */
    async checkout(user: User, input: CheckoutInput, idempotencyKey?: string): Promise<CheckoutAnswer> {
      const key = idempotencyKey ?? `auto:${crypto.randomUUID()}`;
      // Known as running before it is written, so no other request here mistakes it for abandoned.
      const token = crypto.randomUUID();
      running.add(token);
      try {
        const claimed = await claim(key, user._id, hashRequest(input), token);
        if (!('token' in claimed)) return claimed;
        return await run(user, input, claimed);
      } catch (error) {
        if (error instanceof HttpError && error.statusCode < 500) return errorAnswer(error);
        throw error;
      } finally {
        running.delete(token);
      }
    },

    /** Settles what a crash or an unreachable provider left open (exposed for tests). */
    reconcilePending: sweep,

    /** Sweeps now (a restart) and then every few minutes, until stop(). */
    startReconciler(): void {
      stopped = false;
      const round = async () => {
        await sweep();
        later(round, SWEEP_INTERVAL_MS);
      };
      later(round, 0);
    },

    stopReconciler(): void {
      stopped = true;
      timers.forEach((timer) => clearTimeout(timer));
      timers.clear();
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
