import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../src/server/db/client.js';
import { jobFiles, jobs } from '../../../src/server/db/schema.js';
import { createJobRunner, type JobHandler } from '../../../src/server/jobs/job-runner.js';
import { createJobStore } from '../../../src/server/jobs/job-store.js';
import { openTestDatabase } from '../support/test-database.js';

/** Durable jobs (docs/decisions/023): claimed once, retried from their checkpoint, failed for good after 5 runs. */
let database: DatabaseHandle;
const silent = { error: () => undefined, info: () => undefined };

beforeAll(async () => {
  database = await openTestDatabase();
}, 60_000);
afterAll(() => database.close());

const jobRow = async (id: string) => (await database.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;

describe('the job runner', () => {
  it('runs a queued job once, with its files, and records how it ended', async () => {
    const store = createJobStore(database.db);
    const seen: string[] = [];
    const handler: JobHandler = async (job, { progress }) => {
      const files = await store.files(job.id);
      seen.push(
        `${(job.payload as { name: string }).name}:${files.map((file) => file.bytes.toString()).join()}`,
      );
      await progress(3, 3);
      return { state: 'done', result: { ok: true } };
    };
    const runner = createJobRunner({ store, handlers: { once: handler }, log: silent });
    const id = await store.enqueue({
      kind: 'once',
      payload: { name: 'a' },
      createdBy: null,
      files: [{ name: 'csv', bytes: Buffer.from('x,y') }],
    });
    await runner.kick();
    await runner.kick();
    expect(seen).toEqual(['a:x,y']);
    expect(await jobRow(id)).toMatchObject({
      state: 'done',
      result: { ok: true },
      progressDone: 3,
      attempts: 1,
    });
    await store.dropFiles(id);
    expect(await database.db.select().from(jobFiles).where(eq(jobFiles.jobId, id))).toEqual([]);
  });

  it('tries a failing run again from its checkpoint, and fails it for good after 5 runs with the reason', async () => {
    const store = createJobStore(database.db);
    let runs = 0;
    const flaky: JobHandler = async (job) => {
      runs += 1;
      if (runs < 3) {
        await database.db.transaction((tx) => store.checkpoint(tx, job.id, { step: runs }, runs));
        throw new Error(`run ${runs} broke`);
      }
      return { state: 'done', result: { resumedFrom: job.checkpoint } };
    };
    const broken: JobHandler = async () => {
      throw new Error('always broken');
    };
    const runner = createJobRunner({ store, handlers: { flaky, broken }, log: silent });
    const flakyId = await store.enqueue({ kind: 'flaky', payload: {}, createdBy: null });
    const brokenId = await store.enqueue({ kind: 'broken', payload: {}, createdBy: null });
    await runner.kick();
    expect(await jobRow(flakyId)).toMatchObject({
      state: 'done',
      attempts: 3,
      result: { resumedFrom: { step: 2 } },
    });
    expect(await jobRow(brokenId)).toMatchObject({ state: 'failed', attempts: 5, error: 'always broken' });
  });

  it('lets no two instances claim a job while its lease holds, and lets another take it once it ran out', async () => {
    const store = createJobStore(database.db);
    const id = await store.enqueue({ kind: 'leased', payload: {}, createdBy: null });
    expect((await store.claim(['leased'], 60_000))?.id).toBe(id);
    expect(await store.claim(['leased'], 60_000)).toBeUndefined();
    // The claiming instance stopped: its lease ran out.
    await database.db
      .update(jobs)
      .set({ leaseUntil: new Date(Date.now() - 1000) })
      .where(eq(jobs.id, id));
    expect(await store.claim(['leased'], 60_000)).toMatchObject({ id, attempts: 2, state: 'running' });
  });

  it('waits for a person, and moves on only from the state it expects', async () => {
    const store = createJobStore(database.db);
    const id = await store.enqueue({ kind: 'person', payload: {}, createdBy: null });
    const runner = createJobRunner({
      store,
      handlers: { person: async () => ({ state: 'waiting', result: { previewed: true } }) },
      log: silent,
    });
    await runner.kick();
    expect(await jobRow(id)).toMatchObject({ state: 'waiting' });
    expect(await store.move(id, 'waiting', 'cancelled')).toBe(true);
    expect(await store.move(id, 'waiting', 'queued')).toBe(false);
  });
});
