import { describe, expect, it } from 'vitest';
import type { QueueAnswer } from '../../../domain/contracts/drops';
import { MESSAGES } from '../../../domain/messages';
import { minutesToWait, nextQueueReadIn, queueAnnouncement, queueStatusAt } from './queue-clock';

const NOW = Date.parse('2030-05-01T12:00:00.000Z');
const at = (seconds: number) => new Date(NOW + seconds * 1000).toISOString();
const W = MESSAGES.dropPages.waitingRoom;

function answer(changes: Partial<QueueAnswer> = {}): QueueAnswer {
  return {
    status: 'waiting',
    place: 42,
    ahead: 12,
    admitAt: at(150),
    payBy: at(450),
    pairsLeft: 30,
    sizesLeft: ['9', '10'],
    opensAt: at(-60),
    pollAfterSeconds: 30,
    now: at(0),
    ...changes,
  };
}

describe('queueStatusAt', () => {
  it('keeps the answer’s status until the clock passes the admission or the time to pay', () => {
    expect(queueStatusAt(answer(), NOW)).toBe('waiting');
    expect(queueStatusAt(answer(), NOW + 149_999)).toBe('waiting');
    expect(queueStatusAt(answer(), NOW + 150_000)).toBe('admitted');
    expect(queueStatusAt(answer({ status: 'admitted' }), NOW + 449_000)).toBe('admitted');
    expect(queueStatusAt(answer({ status: 'admitted' }), NOW + 450_000)).toBe('expired');
    expect(queueStatusAt(answer(), NOW + 500_000)).toBe('expired');
  });

  it('leaves an early place, and the final answers, to the server', () => {
    const early = answer({ status: 'early', place: null, admitAt: null, payBy: null });
    expect(queueStatusAt(early, NOW + 3_600_000)).toBe('early');
    expect(queueStatusAt(answer({ status: 'sold_out' }), NOW + 200_000)).toBe('sold_out');
    expect(queueStatusAt(answer({ status: 'closed' }), NOW)).toBe('closed');
  });
});

describe('nextQueueReadIn', () => {
  it('reads again when the server says, and never once the answer is final', () => {
    expect(nextQueueReadIn(answer({ pollAfterSeconds: 7 }))).toBe(7_000);
    expect(nextQueueReadIn(answer({ status: 'admitted', pollAfterSeconds: 30 }))).toBe(30_000);
    expect(nextQueueReadIn(answer({ pollAfterSeconds: 0 }))).toBe(1_000);
    expect(nextQueueReadIn(answer({ status: 'expired' }))).toBe(false);
    expect(nextQueueReadIn(answer({ status: 'sold_out' }))).toBe(false);
    expect(nextQueueReadIn(answer({ status: 'closed' }))).toBe(false);
  });
});

describe('minutesToWait', () => {
  it('rounds up to whole minutes, at least one', () => {
    expect(minutesToWait(at(150), NOW)).toBe(3);
    expect(minutesToWait(at(60), NOW)).toBe(1);
    expect(minutesToWait(at(61), NOW)).toBe(2);
    expect(minutesToWait(at(-5), NOW)).toBe(1);
  });
});

describe('queueAnnouncement', () => {
  it('says the wait to the minute, so it changes about once a minute', () => {
    expect(queueAnnouncement(answer(), NOW)).toBe('Your turn in about 3 minutes');
    expect(queueAnnouncement(answer(), NOW + 25_000)).toBe('Your turn in about 3 minutes');
    expect(queueAnnouncement(answer(), NOW + 31_000)).toBe('Your turn in about 2 minutes');
    expect(queueAnnouncement(answer(), NOW + 100_000)).toBe('Your turn in about a minute');
  });

  it('says each status in words', () => {
    expect(queueAnnouncement(answer(), NOW + 150_000)).toBe(W.yourTurn);
    expect(queueAnnouncement(answer({ status: 'early', admitAt: null, payBy: null }), NOW)).toBe(W.early);
    expect(queueAnnouncement(answer({ status: 'expired' }), NOW)).toBe(MESSAGES.drops.passExpired);
    expect(queueAnnouncement(answer({ status: 'sold_out' }), NOW)).toBe(MESSAGES.drops.soldOut);
    expect(queueAnnouncement(answer({ status: 'closed' }), NOW)).toBe(MESSAGES.drops.saleClosed);
  });
});
