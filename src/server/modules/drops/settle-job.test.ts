import { describe, expect, it } from 'vitest';
import type { Job } from '../../jobs/job-store.js';
import type { JobContext } from '../../jobs/job-runner.js';
import { createSettleJob, SETTLE_JOB } from './settle-job.js';
import type { DropsStore } from './store.js';

type Settled = { status: number; orderId: string | null } | 'open' | undefined;

const job = { payload: { dropId: 'drop-1', entryId: 'entry-1' } } as unknown as Job;
const context = {} as JobContext;

/** A purchase in the state given, and what the job did to it. */
function world(outcome: string | undefined, answer: Settled) {
  const done: string[] = [];
  const repository = {
    entryToCharge: async () => (outcome ? { id: 'entry-1', outcome } : undefined),
    recordOutcome: async (
      dropId: string,
      entryId: string,
      result: string,
      orderId: string,
      options: object,
    ) => done.push(`${result} ${orderId} ${JSON.stringify(options)}`),
    releasePurchase: async () => done.push('released'),
  } as unknown as DropsStore;
  const asked: string[] = [];
  const checkout = {
    settled: async (key: string) => {
      asked.push(key);
      return answer;
    },
  };
  const jobs = {
    enqueue: async (next: { kind: string; delayMs?: number }) => {
      done.push(`again ${next.kind} in ${next.delayMs} ms`);
      return 'job-2';
    },
  };
  return { run: () => createSettleJob({ repository, checkout, jobs })(job, context), done, asked };
}

describe('settling a first-come purchase after its time to pay', () => {
  it('leaves a purchase its request decided', async () => {
    const { run, done, asked } = world('won', undefined);
    expect(await run()).toMatchObject({ state: 'done', result: { settled: 'before' } });
    expect(done).toEqual([]);
    expect(asked).toEqual([]);
  });

  it('wins the pair when the checkout under the entry’s key made an order, counted once', async () => {
    const { run, done, asked } = world('entered', { status: 200, orderId: 'order-9' });
    expect(await run()).toMatchObject({ result: { settled: 'won' } });
    expect(asked).toEqual(['drop:entry-1']);
    expect(done).toEqual(['won order-9 {"counted":true}']);
  });

  it('gives the pair back when the checkout refused or never began', async () => {
    for (const answer of [{ status: 402, orderId: null }, undefined]) {
      const { run, done } = world('entered', answer);
      expect(await run()).toMatchObject({ result: { settled: 'released' } });
      expect(done).toEqual(['released']);
    }
  });

  it('looks again later while the checkout itself is still settling the charge', async () => {
    const { run, done } = world('entered', 'open');
    expect(await run()).toMatchObject({ result: { settled: 'later' } });
    expect(done).toEqual([`again ${SETTLE_JOB} in 300000 ms`]);
  });
});
