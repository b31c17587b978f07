import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { admittedAt, placesLetIn, queueOpensAt, queueView, WAITING_ROOM } from './waiting-room.js';

const opensAt = new Date('2026-12-01T10:00:00.000Z');
const drop = {
  opensAt,
  closesAt: new Date('2026-12-01T12:00:00.000Z'),
  admitPerMinute: 60,
  minutesToPay: 5,
  pairsLeft: 50,
};
const at = (seconds: number) => new Date(opensAt.getTime() + seconds * 1_000);

describe('the waiting room', () => {
  it('opens ten minutes before the drop and lets the first place in at the opening', () => {
    expect(queueOpensAt(opensAt).toISOString()).toBe('2026-12-01T09:50:00.000Z');
    expect(admittedAt(drop, 1)).toEqual(opensAt);
    expect(admittedAt(drop, 61)).toEqual(at(60));
    expect(placesLetIn(drop, at(-1))).toBe(0);
    expect(placesLetIn(drop, at(0))).toBe(1);
    expect(placesLetIn(drop, at(59.999))).toBe(60);
  });

  it('lets each place in exactly when placesLetIn counts it, at any pace', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 1, max: 100_000 }),
        (pace, place) => {
          const paced = { ...drop, admitPerMinute: pace };
          const admit = admittedAt(paced, place);
          expect(placesLetIn(paced, admit)).toBeGreaterThanOrEqual(place);
          expect(placesLetIn(paced, new Date(admit.getTime() - 1))).toBeLessThan(place);
        },
      ),
    );
  });

  it('says where a place stands, and never asks for a poll past its admission', () => {
    expect(queueView(drop, null, at(-30))).toMatchObject({ status: 'early', place: null });
    expect(queueView(drop, 1, at(0))).toMatchObject({ status: 'admitted', ahead: 0, payBy: at(300) });
    const waiting = queueView(drop, 121, at(30));
    expect(waiting).toMatchObject({ status: 'waiting', ahead: 89, admitAt: at(120) });
    expect(waiting.pollAfterSeconds).toBe(WAITING_ROOM.pollSeconds.max);
    expect(queueView(drop, 121, at(115)).pollAfterSeconds).toBe(WAITING_ROOM.pollSeconds.min);
    expect(queueView(drop, 121, at(112)).pollAfterSeconds).toBe(3);
    expect(queueView(drop, 1, at(300)).status).toBe('expired');
    expect(queueView({ ...drop, pairsLeft: 0 }, 1, at(0)).status).toBe('sold_out');
    expect(queueView(drop, 1, drop.closesAt).status).toBe('closed');
  });
});
