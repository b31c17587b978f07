import { describe, expect, it } from 'vitest';
import { cpuSlowdownFor, DEFAULT_CPU_SLOWDOWN } from './cpu-throttling';

describe('cpuSlowdownFor', () => {
  it("gives Lighthouse's default 4x on the desktop it was calibrated for", () => {
    expect(cpuSlowdownFor(1533)).toBeCloseTo(4, 1);
    expect(cpuSlowdownFor(2000)).toBeCloseTo(6, 1);
  });

  it('slows a slower host less, so it still stands for the same phone', () => {
    expect(cpuSlowdownFor(1300)).toBe(3);
    expect(cpuSlowdownFor(1050)).toBe(2.5);
    expect(cpuSlowdownFor(800)).toBe(2);
    expect(cpuSlowdownFor(475)).toBe(1.5);
    expect(cpuSlowdownFor(150)).toBe(1);
    expect(cpuSlowdownFor(100)).toBe(1);
  });

  it('grows with the host, without a jump between pieces', () => {
    let previous = cpuSlowdownFor(100);
    for (let index = 110; index <= 2500; index += 10) {
      const multiplier = cpuSlowdownFor(index);
      expect(multiplier).toBeGreaterThanOrEqual(previous);
      expect(multiplier - previous).toBeLessThan(0.1);
      previous = multiplier;
    }
  });

  it('keeps the default when the report has no index', () => {
    expect(cpuSlowdownFor(Number.NaN)).toBe(DEFAULT_CPU_SLOWDOWN);
  });
});
