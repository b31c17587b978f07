/** After an unconfirmed payment, when to ask the provider again. */
export const RECONCILE_DELAYS_MS = [1_000, 5_000, 30_000, 120_000, 600_000];
/** How often every open attempt is looked at again (and once at start: what a restart left). */
export const SWEEP_INTERVAL_MS = 5 * 60_000;

/** The timers the reconciler runs on; tests hand it fake ones. */
export interface Timers {
  set(task: () => void, delayMs: number): unknown;
  clear(handle: unknown): void;
}

/** Node's timers, unref'd: reconciliation never keeps the process alive; what it misses, the next start sweeps. */
export const backgroundTimers: Timers = {
  set(task, delayMs) {
    const timer = setTimeout(task, delayMs);
    timer.unref();
    return timer;
  },
  clear: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export interface ReconcilerOptions {
  /**
   * Settles one attempt; true when it is settled (or there was nothing to do),
   * false when the provider still cannot tell (ask again later).
   */
  reconcile(key: string): Promise<boolean>;
  /** The keys of the attempts left unconfirmed or abandoned (a bounded batch). */
  findOpen(): Promise<string[]>;
  timers?: Timers;
  delaysMs?: readonly number[];
  sweepIntervalMs?: number;
}

/**
 * When attempts are reconciled (the how is the service's): an unconfirmed
 * payment is asked about again after 1 s, 5 s, 30 s... until it is settled,
 * and every open attempt is swept at start and every few minutes, until stop().
 */
export function createReconciler(options: ReconcilerOptions) {
  const { reconcile, findOpen } = options;
  const timers = options.timers ?? backgroundTimers;
  const delaysMs = options.delaysMs ?? RECONCILE_DELAYS_MS;
  const sweepIntervalMs = options.sweepIntervalMs ?? SWEEP_INTERVAL_MS;
  const pending = new Set<unknown>();
  let stopped = false;

  function later(task: () => Promise<void>, delayMs: number): void {
    if (stopped) return;
    const handle = timers.set(() => {
      pending.delete(handle);
      void task().catch(() => undefined);
    }, delayMs);
    pending.add(handle);
  }

  function schedule(key: string, round = 0): void {
    const delay = delaysMs[round];
    if (delay === undefined) return;
    later(async () => {
      if (!(await reconcile(key).catch(() => false))) schedule(key, round + 1);
    }, delay);
  }

  /** Reconciles every open attempt; returns how many were looked at. */
  async function sweep(): Promise<number> {
    const keys = await findOpen();
    for (const key of keys) await reconcile(key).catch(() => false);
    return keys.length;
  }

  return {
    /** Asks about this attempt again later, and again, until it is settled or the delays run out. */
    schedule: (key: string) => schedule(key),

    sweep,

    /** Sweeps now (a restart) and then every few minutes, until stop(). */
    start(): void {
      stopped = false;
      const round = async () => {
        try {
          await sweep();
        } finally {
          // A sweep that failed (the database away) does not end the sweeping.
          later(round, sweepIntervalMs);
        }
      };
      later(round, 0);
    },

    stop(): void {
      stopped = true;
      pending.forEach((handle) => timers.clear(handle));
      pending.clear();
    },

    /** How many timers are waiting (for tests and diagnostics). */
    get pendingTimers(): number {
      return pending.size;
    },
  };
}

export type Reconciler = ReturnType<typeof createReconciler>;
