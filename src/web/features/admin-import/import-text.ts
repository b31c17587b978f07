import type { ImportStatus } from '../../../domain/contracts/catalogue-import';

const numbers = new Intl.NumberFormat('en-US');

/** 10000 -> "10,000", the same on the server's render and in every browser. */
export const count = (value: number) => numbers.format(value);

/** What a job's state means to the person who uploaded the file. */
export function stateLabel({ state, stage }: Pick<ImportStatus, 'state' | 'stage'>): string {
  switch (state) {
    case 'queued':
      return stage === 'preview' ? 'Waiting to be read' : 'Waiting to be applied';
    case 'running':
      return stage === 'preview' ? 'Reading' : 'Applying';
    case 'waiting':
      return 'Previewed';
    case 'done':
      return 'Applied';
    case 'failed':
      return 'Failed';
    case 'cancelled':
      return 'Cancelled';
  }
}

/** "Reading rows: 1,200 of 10,000" while the preview runs, "Writing rows: ..." while the apply does. */
export function progressText({ stage, progress }: Pick<ImportStatus, 'stage' | 'progress'>): string {
  const verb = stage === 'preview' ? 'Reading' : 'Writing';
  if (progress.total === 0) return `${verb} rows: starting`;
  return `${verb} rows: ${count(progress.done)} of ${count(progress.total)}`;
}

/** "10,000 created, 0 updated, 0 unchanged" (a report) or "... to create ..." (a preview). */
export function countsText(counts: NonNullable<ImportStatus['rows']>, done: boolean): string {
  return done
    ? `${count(counts.create)} created, ${count(counts.update)} updated, ${count(counts.unchanged)} unchanged`
    : `${count(counts.create)} to create, ${count(counts.update)} to update, ${count(counts.unchanged)} unchanged`;
}

/** When an import was uploaded, in UTC as the audit log writes it. */
export const uploadedAt = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;
