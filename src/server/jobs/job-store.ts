import { and, asc, desc, eq, inArray, like, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { jobFiles, jobs } from '../db/schema.js';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Job = typeof jobs.$inferSelect;
export type JobState = Job['state'];
export interface JobFile {
  name: string;
  bytes: Buffer;
}

/**
 * The one writer of `jobs` and `job_files` (src/server/jobs, docs/decisions/023). Whoever queues work
 * and the runner that does it both go through here.
 */
export function createJobStore(db: Database) {
  return {
    /**
     * Queues `kind` with its input and files; the runner takes it from here, not before `delayMs` has
     * passed on the database's clock when given. Inside `tx` (a module's own transaction), it is queued with that change or not at all.
     */
    async enqueue(
      job: {
        kind: string;
        payload: unknown;
        createdBy: string | null;
        files?: readonly JobFile[];
        delayMs?: number;
      },
      tx?: Tx,
    ): Promise<string> {
      const write = async (tx: Tx) => {
        const [row] = await tx
          .insert(jobs)
          .values({
            kind: job.kind,
            payload: job.payload,
            createdBy: job.createdBy,
            state: 'queued',
            runAfter:
              job.delayMs === undefined
                ? null
                : sql`clock_timestamp() + ${job.delayMs} * interval '1 millisecond'`,
          })
          .returning({ id: jobs.id });
        for (const file of job.files ?? []) {
          await tx.insert(jobFiles).values({ jobId: row!.id, name: file.name, bytes: file.bytes });
        }
        return row!.id;
      };
      return tx ? write(tx) : db.transaction(write);
    },

    /**
     * Claims the oldest job of these kinds that is queued, or running on a lease that ran out (its
     * instance stopped), and whose `runAfter` has come, for `leaseMs`. SKIP LOCKED: two instances
     * never claim the same job.
     */
    async claim(kinds: readonly string[], leaseMs: number): Promise<Job | undefined> {
      if (kinds.length === 0) return undefined;
      const claimable = db
        .select({ id: jobs.id })
        .from(jobs)
        .where(
          and(
            inArray(jobs.kind, [...kinds]),
            sql`(${jobs.state} = 'queued' OR (${jobs.state} = 'running' AND ${jobs.leaseUntil} < now()))`,
            sql`(${jobs.runAfter} IS NULL OR ${jobs.runAfter} <= now())`,
          ),
        )
        .orderBy(asc(jobs.createdAt))
        .limit(1)
        .for('update', { skipLocked: true });
      const [job] = await db
        .update(jobs)
        .set({
          state: 'running',
          leaseUntil: sql`now() + ${`${leaseMs} milliseconds`}::interval`,
          attempts: sql`${jobs.attempts} + 1`,
          updatedAt: sql`now()`,
        })
        .where(inArray(jobs.id, claimable))
        .returning();
      return job;
    },

    /** Keeps the claim while the work goes on. */
    async renewLease(id: string, leaseMs: number): Promise<void> {
      await db
        .update(jobs)
        .set({ leaseUntil: sql`now() + ${`${leaseMs} milliseconds`}::interval` })
        .where(and(eq(jobs.id, id), eq(jobs.state, 'running')));
    },

    /** Rows done of total, for the people following the job. */
    async progress(id: string, done: number, total: number): Promise<void> {
      await db
        .update(jobs)
        .set({ progressDone: done, progressTotal: total, updatedAt: sql`now()` })
        .where(eq(jobs.id, id));
    },

    /** Where a resumed run starts, written in the transaction of the batch it follows. */
    async checkpoint(tx: Tx, id: string, checkpoint: unknown, done: number): Promise<void> {
      await tx
        .update(jobs)
        .set({ checkpoint, progressDone: done, updatedAt: sql`now()` })
        .where(eq(jobs.id, id));
    },

    /** The run ended: done, failed, or waiting for a person; its claim is let go. */
    async finish(id: string, outcome: { state: JobState; result?: unknown; error?: string }): Promise<void> {
      await db
        .update(jobs)
        .set({
          state: outcome.state,
          result: outcome.result ?? sql`${jobs.result}`,
          error: outcome.error ?? null,
          leaseUntil: null,
          updatedAt: sql`now()`,
        })
        .where(eq(jobs.id, id));
    },

    /** A failed run to be tried again from its checkpoint. */
    async release(id: string, error: string): Promise<void> {
      await db
        .update(jobs)
        .set({ state: 'queued', error, leaseUntil: null, updatedAt: sql`now()` })
        .where(eq(jobs.id, id));
    },

    /**
     * Moves a job from `from` to `to` with new input, only if it is still in `from`: false when
     * someone else moved it first (an import applied twice at once).
     */
    async move(id: string, from: JobState, to: JobState, payload?: unknown): Promise<boolean> {
      const moved = await db
        .update(jobs)
        .set({
          state: to,
          ...(payload === undefined ? {} : { payload }),
          checkpoint: null,
          progressDone: 0,
          error: null,
          attempts: 0,
          updatedAt: sql`now()`,
        })
        .where(and(eq(jobs.id, id), eq(jobs.state, from)))
        .returning({ id: jobs.id });
      return moved.length === 1;
    },

    async find(id: string): Promise<Job | undefined> {
      const [job] = await db.select().from(jobs).where(eq(jobs.id, id));
      return job;
    },

    /** The latest jobs whose kind starts with `kindPrefix`, newest first. */
    async latest(kindPrefix: string, limit: number): Promise<Job[]> {
      return db
        .select()
        .from(jobs)
        .where(like(jobs.kind, `${kindPrefix}%`))
        .orderBy(desc(jobs.createdAt))
        .limit(limit);
    },

    async files(id: string): Promise<JobFile[]> {
      return db
        .select({ name: jobFiles.name, bytes: jobFiles.bytes })
        .from(jobFiles)
        .where(eq(jobFiles.jobId, id));
    },

    /** The uploads are dropped once a job no longer needs them. */
    async dropFiles(id: string): Promise<void> {
      await db.delete(jobFiles).where(eq(jobFiles.jobId, id));
    },
  };
}

export type JobStore = ReturnType<typeof createJobStore>;
