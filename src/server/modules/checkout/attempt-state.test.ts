import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../domain/messages.js';
import {
  abandonedBefore,
  ATTEMPT_LEASE_MS,
  canTakeOver,
  claimedState,
  finalAnswerOf,
  hashRequest,
  isAbandoned,
  needsReconciling,
  nextGeneration,
  providerKey,
  retryState,
  stateOf,
  takenOverState,
  unconfirmedState,
  type AttemptRow,
  type AttemptState,
  type ClaimContext,
} from './attempt-state.js';

const NOW = 1_700_000_000_000;
const SHOE = '0b7f0a4e-2a53-4f3c-9a51-6f3f5c1b9a01';
const me = 'process-me';
const context = (overrides: Partial<ClaimContext> = {}): ClaimContext => ({
  owner: me,
  startedAt: NOW - 60_000,
  singleInstance: false,
  running: new Set(),
  now: NOW,
  ...overrides,
});
const row = (responseStatus: number | null, body: AttemptState | null): AttemptRow => ({
  key: 'key-0001',
  userId: 'user-1',
  requestHash: 'hash',
  responseStatus,
  responseBody: body,
  createdAt: new Date(NOW - 30_000),
});
const unconfirmed = { code: 'payment_unconfirmed', message: MESSAGES.checkout.paymentUnconfirmed };

describe('attempt state: answers', () => {
  it('a final answer (2xx, 4xx) is every retry’s answer; a 5xx or no answer yet never is', () => {
    const paid = { message: MESSAGES.checkout.paid };
    expect(finalAnswerOf(row(200, paid as never))).toEqual({ status: 200, body: paid });
    expect(finalAnswerOf(row(402, { generation: 1 }))?.status).toBe(402);
    expect(finalAnswerOf(row(409, { generation: 1 }))?.status).toBe(409);
    for (const status of [null, 500, 502, 504])
      expect(finalAnswerOf(row(status, { generation: 1 }))).toBeUndefined();
  });

  it('hashes the same checkout alike however its lines are split, and another one differently', () => {
    const input = { id: 'pm_1', amount: 2000, shoes: [{ _id: SHOE, size: '9', quantity: 2 }] };
    const split = {
      ...input,
      shoes: [
        { _id: SHOE, size: '9', quantity: 1 },
        { _id: SHOE, size: '9', quantity: 1 },
      ],
    };
    expect(hashRequest(split)).toBe(hashRequest(input));
    expect(hashRequest({ ...input, amount: 2001 })).not.toBe(hashRequest(input));
    expect(hashRequest({ ...input, id: 'pm_2' })).not.toBe(hashRequest(input));
  });
});

describe('attempt state: who may take an attempt over', () => {
  it('nobody, while another process works on it within its lease', () => {
    const claimed = claimedState('process-other', 'token-1', NOW - 10_000);
    expect(isAbandoned(row(null, claimed), claimed, context())).toBe(false);
    expect(canTakeOver(row(null, claimed), claimed, context())).toBe(false);
    expect(needsReconciling(row(null, claimed), claimed, context())).toBe(false);
  });

  it('anybody, once the claim outlived its lease (its process died)', () => {
    const claimed = claimedState('process-other', 'token-1', NOW - ATTEMPT_LEASE_MS - 1);
    expect(isAbandoned(row(null, claimed), claimed, context())).toBe(true);
    expect(canTakeOver(row(null, claimed), claimed, context())).toBe(true);
    expect(needsReconciling(row(null, claimed), claimed, context())).toBe(true);
  });

  it('on PGlite (one process), at once when the claim is older than this process', () => {
    const claimed = claimedState('process-before-restart', 'token-1', NOW - 120_000 + 1);
    expect(isAbandoned(row(null, claimed), claimed, context({ singleInstance: true }))).toBe(true);
    expect(isAbandoned(row(null, claimed), claimed, context({ singleInstance: false }))).toBe(false);
  });

  it("this process's own claim, only once the run that holds it is gone", () => {
    const claimed = claimedState(me, 'token-1', NOW - 1_000);
    expect(isAbandoned(row(null, claimed), claimed, context({ running: new Set(['token-1']) }))).toBe(false);
    expect(isAbandoned(row(null, claimed), claimed, context({ running: new Set(['token-2']) }))).toBe(true);
  });

  it('an attempt that ended in a 5xx may be retried; only an unconfirmed one is reconciled', () => {
    const failed = retryState({ generation: 1 }, { code: 'payment_timeout', message: 'late' });
    expect(isAbandoned(row(504, failed), failed, context())).toBe(false);
    expect(canTakeOver(row(504, failed), failed, context())).toBe(true);
    expect(needsReconciling(row(504, failed), failed, context())).toBe(false);
    const open = unconfirmedState({ generation: 1, claim: 't', owner: me, paymentId: 'pi_1' });
    expect(needsReconciling(row(504, open), open, context())).toBe(true);
    expect(needsReconciling(row(200, open), open, context())).toBe(false);
  });

  it('the sweep looks at claims older than the lease, or than this process on PGlite', () => {
    expect(abandonedBefore(context())).toBe(NOW - ATTEMPT_LEASE_MS);
    expect(abandonedBefore(context({ singleInstance: true }))).toBe(NOW - 60_000);
    expect(abandonedBefore(context({ singleInstance: true, startedAt: NOW - 10 * ATTEMPT_LEASE_MS }))).toBe(
      NOW - ATTEMPT_LEASE_MS,
    );
  });
});

describe('attempt state: transitions', () => {
  it('reads rows written before attempts kept a state as generation 1, claimed when created', () => {
    expect(stateOf(row(null, null))).toEqual({ generation: 1, claimedAt: NOW - 30_000 });
  });

  it('walks a checkout through an unknown outcome, reconciliation and a retry, never reusing a payment', () => {
    // A request claims the attempt and records its prepared payment before capturing it.
    let state = claimedState(me, 'request-1', NOW);
    expect(state).toEqual({ generation: 1, owner: me, claim: 'request-1', claimedAt: NOW });
    expect(providerKey({ key: 'key-0001', state })).toBe('key-0001');
    state = { ...state, paymentId: 'pi_1' };

    // The provider never said whether the money moved: the claim is let go, the payment kept.
    state = unconfirmedState(state);
    expect(state).toEqual({
      generation: 1,
      owner: me,
      claimedAt: NOW,
      paymentId: 'pi_1',
      unconfirmed: true,
      error: unconfirmed,
    });

    // Reconciliation takes it over: same generation and payment, its own claim, no answer.
    state = takenOverState(state, 'process-2', 'reconcile-1', NOW + 1_000);
    expect(state).toMatchObject({
      generation: 1,
      paymentId: 'pi_1',
      owner: 'process-2',
      claim: 'reconcile-1',
    });
    expect(state.error).toBeUndefined();

    // The payment was refunded: a retry may pay again, with a payment of its own.
    state = retryState(state, {
      code: 'provider_unavailable',
      message: MESSAGES.checkout.paymentUnconfirmed,
    });
    expect(state).toEqual({
      generation: 2,
      error: { code: 'provider_unavailable', message: MESSAGES.checkout.paymentUnconfirmed },
    });
    state = takenOverState(state, me, 'request-2', NOW + 2_000);
    expect(state).toEqual({ generation: 2, owner: me, claim: 'request-2', claimedAt: NOW + 2_000 });
    expect(providerKey({ key: 'key-0001', state })).toBe('key-0001:g2');
  });

  it('a resumed attempt whose payment was cancelled moves to a new payment', () => {
    const resumed: AttemptState = { generation: 2, owner: me, claim: 'r', claimedAt: NOW, paymentId: 'pi_2' };
    const next = nextGeneration(resumed);
    expect(next).toEqual({ generation: 3, owner: me, claim: 'r', claimedAt: NOW });
    expect(resumed.paymentId).toBe('pi_2');
    expect(providerKey({ key: 'k', state: next })).toBe('k:g3');
  });

  it('an unconfirmed state names the payment to settle, and an unexpected failure keeps only the generation', () => {
    expect(unconfirmedState({ generation: 1, claim: 'c' }, 'pi_9')).toEqual({
      generation: 1,
      paymentId: 'pi_9',
      unconfirmed: true,
      error: unconfirmed,
    });
    expect(retryState({ generation: 4, paymentId: 'pi_4', claim: 'c' })).toEqual({ generation: 5 });
  });
});
