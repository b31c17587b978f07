import { describe, expect, it } from 'vitest';
import { countsText, progressText, stateLabel } from './import-text';

describe("the import page's words", () => {
  it('counts rows read or written with thousands separated', () => {
    expect(progressText({ stage: 'preview', progress: { done: 1200, total: 10000 } })).toBe(
      'Reading rows: 1,200 of 10,000',
    );
    expect(progressText({ stage: 'apply', progress: { done: 500, total: 1000 } })).toBe(
      'Writing rows: 500 of 1,000',
    );
    expect(progressText({ stage: 'apply', progress: { done: 0, total: 0 } })).toBe('Writing rows: starting');
  });

  it('says what a preview will do and what a report did', () => {
    const counts = { create: 10000, update: 2, unchanged: 0 };
    expect(countsText(counts, false)).toBe('10,000 to create, 2 to update, 0 unchanged');
    expect(countsText(counts, true)).toBe('10,000 created, 2 updated, 0 unchanged');
  });

  it('names a queued job by the stage it waits for', () => {
    expect(stateLabel({ state: 'queued', stage: 'apply' })).toBe('Waiting to be applied');
    expect(stateLabel({ state: 'waiting', stage: 'preview' })).toBe('Previewed');
  });
});
