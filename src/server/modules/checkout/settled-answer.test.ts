import { describe, expect, it } from 'vitest';
import type { AttemptRow } from './attempt-state.js';
import { settledAnswerOf } from './settled-answer.js';

const row = (responseStatus: number | null, responseBody: unknown): AttemptRow => ({
  key: 'drop:entry-1',
  userId: 'user-1',
  requestHash: 'hash',
  responseStatus,
  responseBody,
  createdAt: new Date(),
});

describe('the settled answer of a checkout', () => {
  it('is its order once paid, its status once refused, open while claimed, nothing if it never began', () => {
    expect(settledAnswerOf(row(200, { order: { _id: 'order-1' } }))).toEqual({
      status: 200,
      orderId: 'order-1',
    });
    expect(settledAnswerOf(row(402, { error: { code: 'card_declined' } }))).toEqual({
      status: 402,
      orderId: null,
    });
    expect(settledAnswerOf(row(null, { claim: 'token', generation: 1 }))).toBe('open');
    expect(settledAnswerOf(undefined)).toBeUndefined();
  });
});
