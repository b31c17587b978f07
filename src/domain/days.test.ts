import { describe, expect, it } from 'vitest';
import { dayOf, fillDays, lastDays } from './days';

describe('days', () => {
  it('counts days in UTC', () => {
    expect(dayOf(new Date('2026-03-01T23:30:00-05:00'))).toBe('2026-03-02');
  });

  it('lists the last days oldest first, across a month end', () => {
    expect(lastDays(3, new Date('2026-03-01T12:00:00Z'))).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
  });

  it('fills days without rows', () => {
    const days = ['2026-01-01', '2026-01-02', '2026-01-03'];
    const filled = fillDays(days, [{ day: '2026-01-02', views: 4 }], (day) => ({ day, views: 0 }));
    expect(filled.map((row) => row.views)).toEqual([0, 4, 0]);
  });
});
