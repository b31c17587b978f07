import type { Job, JobState, JobStore } from './job-store.js';

/** What a run of a job ends in: done, failed for good, or waiting for a person. */
export interface JobOutcome {
  state: Extract<JobState, 'done' | 'failed' | 'waiting'>;
  result?: unknown;
  error?: string;
}

export interface JobContext {
  /** Rows (or whatever the job counts) done of total, shown to whoever follows the job. */
  progress(done: number, total: number): Promise<void>;
  /** Set when the shop is stopping: the work stops at its next batch, and resumes on the next start. */
  signal: AbortSignal;
}

export type JobHandler = (job: Job, context: JobContext) => Promise<JobOutcome>;

/** A claim lasts this long without renewal: a stopped instance's job is taken over after it. */
const LEASE_MS = 30_000;
/** A job that failed this many runs in a row (a bug, not a restart) is failed for good. */
const MAX_ATTEMPTS = 5;

/**
 * Runs durable jobs (docs/decisions/023), one at a time per instance: long work is heavy and a shop
 * runs on few cores. It looks for work when told (`kick`, right after a job is queued) and every few
 * seconds (a job queued on another instance, or left by a stopped one). While a job runs its claim is
 * renewed; a handler resumes from the checkpoint its batches commit, so a restart loses nothing and
 * does nothing twice.
 */
export function createJobRunner(deps: {
  store: JobStore;
  handlers: Readonly<Record<string, JobHandler>>;
  log: { error(object: unknown, message: string): void; info(object: unknown, message: string): void };
  pollEveryMs?: number;
  leaseMs?: number;
}) {
  const { store, handlers, log, pollEveryMs = 3_000, leaseMs = LEASE_MS } = deps;
  const kinds = Object.keys(handlers);
  const stopping = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;

  async function runOne(job: Job): Promise<void> {
    const renew = setInterval(() => {
      store
        .renewLease(job.id, leaseMs)
        .catch((error: unknown) => log.error({ err: error }, 'a job lease was not renewed'));
    }, leaseMs / 3);
    try {
      const outcome = await handlers[job.kind]!(job, {
        progress: (done, total) => store.progress(job.id, done, total),
        signal: stopping.signal,
      });
      await store.finish(job.id, outcome);
      log.info({ job: job.id, kind: job.kind, state: outcome.state }, 'a job run ended');
    } catch (error) {
      // Stopping: let it go now, so the next start (here or elsewhere) resumes it at once.
      if (stopping.signal.aborted)
        return store.release(job.id, 'The shop stopped during this job; it resumes');
      const message = error instanceof Error ? error.message : String(error);
      log.error({ err: error, job: job.id, kind: job.kind }, 'a job run failed');
      if (job.attempts >= MAX_ATTEMPTS) await store.finish(job.id, { state: 'failed', error: message });
      else await store.release(job.id, message);
    } finally {
      clearInterval(renew);
    }
  }

  /** Claims and runs jobs until none is left; a kick while running makes it look once more. */
  function drain(): Promise<void> {
    again = true;
    running ??= (async () => {
      while (again && !stopping.signal.aborted) {
        again = false;
        for (;;) {
          if (stopping.signal.aborted) break;
          const job = await store.claim(kinds, leaseMs);
          if (!job) break;
          await runOne(job);
        }
      }
    })()
      .catch((error: unknown) => log.error({ err: error }, 'the job runner failed to claim'))
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  return {
    /** Looks for work now (a job was just queued here). */
    kick(): Promise<void> {
      return drain();
    },
    start(): void {
      void drain();
      timer = setInterval(() => void drain(), pollEveryMs);
      timer.unref();
    },
    /** Stops taking work and waits for the batch in hand; the job itself resumes on the next start. */
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      stopping.abort();
      await running;
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
