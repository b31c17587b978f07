import { describe, expect, it, vi } from 'vitest';
import {
  backgroundTimers,
  createReconciler,
  RECONCILE_DELAYS_MS,
  SWEEP_INTERVAL_MS,
  type Timers,
} from './reconciler.js';

/** Timers on a clock that moves only when told to: no test here sleeps. */
function manualTimers() {
  let now = 0;
  let nextId = 0;
  const due = new Map<number, { at: number; task: () => void }>();
  /** Lets the promise chains a task started (all already resolved) run to their end. */
  const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
  const timers: Timers = {
    set(task, delayMs) {
      const id = ++nextId;
      due.set(id, { at: now + delayMs, task });
      return id;
    },
    clear: (handle) => void due.delete(handle as number),
  };
  return {
    timers,
    settle,
    get now() {
      return now;
    },
    get pending() {
      return [...due.values()].map((timer) => timer.at - now).sort((a, b) => a - b);
    },
    /** Moves the clock on by `ms`, firing every timer that comes due, in order. */
    async advance(ms: number): Promise<void> {
      const until = now + ms;
      for (;;) {
        const next = [...due.entries()]
          .filter(([, timer]) => timer.at <= until)
          .sort((a, b) => a[1].at - b[1].at || a[0] - b[0])[0];
        if (!next) break;
        due.delete(next[0]);
        now = next[1].at;
        next[1].task();
        await settle();
      }
      now = until;
    },
  };
}

describe('reconciler: an unconfirmed payment', () => {
  it('is asked about again after 1 s, 5 s, 30 s, 2 min and 10 min, then left to the sweep', async () => {
    const clock = manualTimers();
    const asked: number[] = [];
    const reconcile = vi.fn(async () => {
      asked.push(clock.now);
      return false;
    });
    const reconciler = createReconciler({ reconcile, findOpen: async () => [], timers: clock.timers });
    reconciler.schedule('key-1');
    expect(clock.pending).toEqual([1_000]);
    await clock.advance(24 * 60 * 60_000);
    expect(RECONCILE_DELAYS_MS).toEqual([1_000, 5_000, 30_000, 120_000, 600_000]);
    expect(asked).toEqual([1_000, 6_000, 36_000, 156_000, 756_000]);
    expect(reconcile).toHaveBeenCalledWith('key-1');
    expect(reconciler.pendingTimers).toBe(0);
  });

  it('stops asking once it is settled, and counts a failure to ask as "not yet"', async () => {
    const clock = manualTimers();
    const reconcile = vi
      .fn<(key: string) => Promise<boolean>>()
      .mockRejectedValueOnce(new Error('database away'))
      .mockResolvedValueOnce(true);
    const reconciler = createReconciler({ reconcile, findOpen: async () => [], timers: clock.timers });
    reconciler.schedule('key-2');
    await clock.advance(1_000);
    expect(reconcile).toHaveBeenCalledTimes(1);
    expect(clock.pending).toEqual([5_000]);
    await clock.advance(5_000);
    expect(reconcile).toHaveBeenCalledTimes(2);
    expect(clock.pending).toEqual([]);
    await clock.advance(60 * 60_000);
    expect(reconcile).toHaveBeenCalledTimes(2);
  });
});

describe('reconciler: the sweep', () => {
  it('reconciles every open attempt in turn, past one that fails, and says how many it looked at', async () => {
    const seen: string[] = [];
    const reconciler = createReconciler({
      findOpen: async () => ['a', 'b', 'c'],
      reconcile: async (key) => {
        seen.push(key);
        if (key === 'b') throw new Error('provider away');
        return true;
      },
      timers: manualTimers().timers,
    });
    await expect(reconciler.sweep()).resolves.toBe(3);
    expect(seen).toEqual(['a', 'b', 'c']);
  });

  it('runs at start, then every 5 minutes, even after a sweep that failed; stop() ends it', async () => {
    const clock = manualTimers();
    const sweptAt: number[] = [];
    const findOpen = vi.fn(async () => {
      sweptAt.push(clock.now);
      if (sweptAt.length === 2) throw new Error('database away');
      return [];
    });
    const reconciler = createReconciler({ reconcile: async () => true, findOpen, timers: clock.timers });
    reconciler.start();
    expect(clock.pending).toEqual([0]);
    await clock.advance(3 * SWEEP_INTERVAL_MS);
    expect(sweptAt).toEqual([0, SWEEP_INTERVAL_MS, 2 * SWEEP_INTERVAL_MS, 3 * SWEEP_INTERVAL_MS]);
    expect(clock.pending).toEqual([SWEEP_INTERVAL_MS]);

    reconciler.stop();
    expect(clock.pending).toEqual([]);
    reconciler.schedule('key-3');
    expect(clock.pending, 'nothing is scheduled once stopped').toEqual([]);
    await clock.advance(10 * SWEEP_INTERVAL_MS);
    expect(findOpen).toHaveBeenCalledTimes(4);
  });

  it('a sweep still running when stopped schedules nothing after it', async () => {
    const clock = manualTimers();
    let finish!: (keys: string[]) => void;
    const reconcile = vi.fn(async () => true);
    const reconciler = createReconciler({
      reconcile,
      findOpen: () => new Promise<string[]>((resolve) => (finish = resolve)),
      timers: clock.timers,
    });
    reconciler.start();
    await clock.advance(0);
    reconciler.stop();
    finish(['key-4']);
    await clock.settle();
    expect(reconcile, 'the sweep ran to its end').toHaveBeenCalledWith('key-4');
    expect(clock.pending).toEqual([]);
    expect(reconciler.pendingTimers).toBe(0);
  });
});

describe('reconciler: background timers', () => {
  it('never keep the process alive', () => {
    const handle = backgroundTimers.set(() => undefined, 60_000) as NodeJS.Timeout;
    try {
      expect(handle.hasRef()).toBe(false);
    } finally {
      backgroundTimers.clear(handle);
    }
  });
});
