import crypto from 'node:crypto';
import { MESSAGES } from '../../../domain/messages.js';
import type { CheckoutAddress, DeliveryAddress } from '../../../domain/forms.js';
import type { Order } from '../../../domain/payment.js';
import type { HttpError } from '../../http/errors.js';
import { mergeLines, type CartLineInput } from './pricing.js';

/**
 * The state machine of a checkout attempt (one row of checkout_attempts per
 * Idempotency-Key), without its storage (attempts-repository.ts):
 *
 * - claimed (response_status null, a claim token): one request or the
 *   reconciler works on it; it may record a payment id before capturing.
 * - answered, final (200, 402, 409...): every retry gets the same answer.
 * - answered, 5xx: a retry may take it over and try again, with a new
 *   generation of payment once the previous one is known not to have moved money.
 * - unconfirmed (504 with `unconfirmed`): nobody knows whether the payment
 *   moved; reconciliation settles it.
 * - abandoned: claimed by a process that died (or this one, which stopped
 *   without recording how it ended); a retry or the reconciler takes it over.
 */

export interface CheckoutInput {
  /** The payment method (`pm_...`). */
  id: string;
  shoes: CartLineInput[];
  amount: number;
  /** A discount code, as typed. */
  code?: string;
  /** Where the order goes (issue 31); the spec's body has none. */
  deliveryAddress?: DeliveryAddress;
  /** The card's billing address when it is not the delivery address. */
  billingAddress?: CheckoutAddress;
  /** The shipping method's id (issue 31); absent, the default. */
  shippingMethod?: string;
}

export interface CheckoutAnswer {
  status: number;
  body: { message: string; order: Order } | { error: { code: string; message: string } };
}

/**
 * Where an attempt stands while it has no final answer, kept in
 * checkout_attempts.response_body: while response_status is null (someone
 * works on it) or a 5xx (a later retry may try again).
 */
export interface AttemptState {
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

/** An attempt this process holds the claim of. */
export interface Attempt {
  key: string;
  token: string;
  state: AttemptState;
  /** Taken over from an earlier try, which may have recorded an order already. */
  resumed: boolean;
}

/** A checkout_attempts row, as far as the state machine reads it. */
export interface AttemptRow {
  key: string;
  userId: string;
  requestHash: string;
  responseStatus: number | null;
  responseBody: unknown;
  createdAt: Date;
}

/** Who is asking: this process, the claims it is running now, and the time. */
export interface ClaimContext {
  owner: string;
  /** When this process started (its checkout service was created). */
  startedAt: number;
  /** Only this process uses the database (PGlite): older claims are abandoned at once. */
  singleInstance: boolean;
  running: ReadonlySet<string>;
  now: number;
}

/** Another request or reconciliation took the attempt over: this try must leave it alone. */
export class ClaimLost extends Error {}

/**
 * The payment may have been captured and nobody can tell yet. `cause` is set
 * when it is the database, not the provider, that failed.
 */
export class PaymentUnconfirmed extends Error {
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
 * gone and keeps nothing (the order is written only while the claim is held).
 */
export const ATTEMPT_LEASE_MS = 2 * 60_000;

/** The same checkout (payment method, merged cart, amount) always hashes alike. */
export function hashRequest(input: CheckoutInput): string {
  const canonical = {
    id: input.id,
    amount: input.amount,
    shoes: mergeLines(input.shoes),
    code: input.code ?? '',
    // Only when given, so a body without them hashes as it did before they existed.
    ...(input.deliveryAddress ? { deliveryAddress: input.deliveryAddress } : {}),
    ...(input.billingAddress ? { billingAddress: input.billingAddress } : {}),
    ...(input.shippingMethod ? { shippingMethod: input.shippingMethod } : {}),
  };
  return crypto.createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

export function stateOf(row: AttemptRow): AttemptState {
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
export function isAbandoned(row: AttemptRow, state: AttemptState, context: ClaimContext): boolean {
  if (row.responseStatus !== null) return false;
  const claimedAt = state.claimedAt ?? 0;
  return (
    claimedAt < context.now - ATTEMPT_LEASE_MS ||
    (context.singleInstance && claimedAt < context.startedAt) ||
    (state.owner === context.owner && !context.running.has(state.claim ?? ''))
  );
}

/** A final answer (200, 402, 409...) is the answer to every retry; a 5xx never is. */
export function finalAnswerOf(row: AttemptRow): CheckoutAnswer | undefined {
  if (row.responseStatus === null || row.responseStatus >= 500) return undefined;
  return { status: row.responseStatus, body: row.responseBody as CheckoutAnswer['body'] };
}

/** An attempt may be taken over when it ended in a 5xx or was abandoned, not while someone works on it. */
export function canTakeOver(row: AttemptRow, state: AttemptState, context: ClaimContext): boolean {
  return row.responseStatus !== null || isAbandoned(row, state, context);
}

/** Reconciliation has work to do: a payment left unconfirmed, or an abandoned claim. */
export function needsReconciling(row: AttemptRow, state: AttemptState, context: ClaimContext): boolean {
  const unconfirmed = row.responseStatus !== null && row.responseStatus >= 500 && Boolean(state.unconfirmed);
  return unconfirmed || isAbandoned(row, state, context);
}

/** Claims older than this are abandoned: the sweep looks at them (and at this process's own). */
export function abandonedBefore(context: Omit<ClaimContext, 'running'>): number {
  const cutoff = context.now - ATTEMPT_LEASE_MS;
  return context.singleInstance ? Math.max(cutoff, context.startedAt) : cutoff;
}

/** A new attempt, claimed. */
export function claimedState(owner: string, token: string, now: number): AttemptState {
  return { generation: 1, owner, claim: token, claimedAt: now };
}

/** An earlier attempt, claimed again: it keeps its generation and payment, loses its 5xx answer. */
export function takenOverState(
  previous: AttemptState,
  owner: string,
  token: string,
  now: number,
): AttemptState {
  const state: AttemptState = { ...previous, owner, claim: token, claimedAt: now };
  delete state.error;
  return state;
}

/** The earlier payment was cancelled, so it can never be captured: this try pays with a new one. */
export function nextGeneration(state: AttemptState): AttemptState {
  const next: AttemptState = { ...state, generation: state.generation + 1 };
  delete next.paymentId;
  return next;
}

/** The payment's outcome is unknown: the claim is let go and reconciliation settles it (a 504). */
export function unconfirmedState(state: AttemptState, paymentId = state.paymentId): AttemptState {
  const body: AttemptState = { ...state, unconfirmed: true, error: unconfirmedError() };
  if (paymentId !== undefined) body.paymentId = paymentId;
  delete body.claim;
  return body;
}

/** The payment is known not to have moved money (or was refunded): a retry pays with a new one. */
export function retryState(state: AttemptState, error?: { code: string; message: string }): AttemptState {
  return error ? { generation: state.generation + 1, error } : { generation: state.generation + 1 };
}

/** The provider's idempotency key of the attempt's current payment. */
export const providerKey = (attempt: Pick<Attempt, 'key' | 'state'>) =>
  attempt.state.generation === 1 ? attempt.key : `${attempt.key}:g${attempt.state.generation}`;

export const unconfirmedError = () => ({
  code: 'payment_unconfirmed',
  message: MESSAGES.checkout.paymentUnconfirmed,
});

export const errorAnswer = (error: HttpError): CheckoutAnswer => ({
  status: error.statusCode,
  body: { error: { code: error.code, message: error.message } },
});

export const paidAnswer = (order: Order): CheckoutAnswer => ({
  status: 200,
  body: { message: MESSAGES.checkout.paid, order },
});
