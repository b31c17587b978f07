import { describe, expect, it } from 'vitest';
import {
  countdownOf,
  describeRemaining,
  formatRemaining,
  isLive,
  nextListReadIn,
  nextReadIn,
} from './drop-clock';
import type { DropAnswer } from '../../../domain/contracts/drops';

const NOW = '2030-05-01T12:00:00.000Z';
const at = (seconds: number) => new Date(Date.parse(NOW) + seconds * 1000).toISOString();

function drop(phase: DropAnswer['phase'], opensIn = 90, closesIn = 3_600): DropAnswer {
  return {
    _id: 'd1',
    shoe: { _id: 's1', name: 'Air', brand: 'Nike', image: '/x.webp', price: 120 },
    mode: 'draw',
    phase,
    opensAt: at(opensIn),
    closesAt: at(closesIn),
    commitment: 'c'.repeat(64),
    seed: null,
    drawnAt: null,
    sizes: [{ size: '9', pairs: 2 }],
    entries: 0,
    now: NOW,
  };
}

describe('formatRemaining', () => {
  it('shows minutes and seconds, hours when there are some, days before them', () => {
    expect(formatRemaining(65_000)).toBe('01:05');
    expect(formatRemaining(3_600_000 + 61_000)).toBe('01:01:01');
    expect(formatRemaining(2 * 86_400_000 + 3_600_000)).toBe('2d 01:00:00');
  });

  it('rounds a part of a second up and never goes below zero', () => {
    expect(formatRemaining(500)).toBe('00:01');
    expect(formatRemaining(-5_000)).toBe('00:00');
  });

  it('says the same in words for a screen reader', () => {
    expect(describeRemaining(2 * 86_400_000 + 60_000)).toBe('2 days, 1 minute');
    expect(describeRemaining(42_000)).toBe('42 seconds');
    expect(describeRemaining(1_000)).toBe('1 second');
  });
});

describe('countdownOf', () => {
  it('counts to the opening, then to the close, then to nothing', () => {
    expect(countdownOf(drop('upcoming'))).toEqual({ label: 'Entries open in', target: at(90) });
    expect(countdownOf(drop('open'))).toEqual({ label: 'Entries close in', target: at(3_600) });
    expect(countdownOf(drop('drawing'))).toBeNull();
  });

  it('speaks of a sale for a first-come drop', () => {
    expect(countdownOf({ ...drop('upcoming'), mode: 'first_come' })).toEqual({
      label: 'Sale opens in',
      target: at(90),
    });
    expect(countdownOf({ ...drop('open'), mode: 'first_come' })).toEqual({
      label: 'Sale ends in',
      target: at(3_600),
    });
  });
});

describe('isLive', () => {
  it('is a drop whose pairs are not given out yet', () => {
    expect(['upcoming', 'open', 'closed', 'drawing'].every((phase) => isLive({ phase } as DropAnswer))).toBe(
      true,
    );
    expect(isLive(drop('drawn'))).toBe(false);
    expect(isLive(drop('cancelled'))).toBe(false);
  });
});

describe('nextReadIn', () => {
  it('reads an upcoming drop again just after it opens, on the server clock', () => {
    expect(nextReadIn(drop('upcoming', 30))).toBe(30_250);
  });

  it('reads at least a second apart, and at most a minute apart', () => {
    expect(nextReadIn(drop('upcoming', -2))).toBe(1_000);
    expect(nextReadIn(drop('open', -10, 7_200))).toBe(60_000);
  });

  it('polls while the draw is made, and stops once it is over', () => {
    expect(nextReadIn(drop('drawing'))).toBe(3_000);
    expect(nextReadIn(drop('closed'))).toBe(3_000);
    expect(nextReadIn(drop('drawn'))).toBe(false);
    expect(nextReadIn(drop('cancelled'))).toBe(false);
  });

  it('reads a list at the soonest change of any of its drops', () => {
    expect(nextListReadIn([drop('drawn'), drop('upcoming', 20), drop('open', -5, 40)])).toBe(20_250);
    expect(nextListReadIn([drop('drawn')])).toBe(false);
    expect(nextListReadIn(undefined)).toBe(false);
  });
});
