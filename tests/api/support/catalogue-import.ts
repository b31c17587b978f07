import { stringify } from 'csv-stringify/sync';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { CATALOGUE_CSV_COLUMNS, type CatalogueCsvColumn } from '../../../src/domain/catalogue-csv.js';
import type { ImportStatus } from '../../../src/domain/contracts/catalogue-import.js';
import { TEST_ORIGIN } from './session.js';

export type CsvRow = Partial<Record<CatalogueCsvColumn, string>>;

/** A catalogue CSV of these rows, each completing `base`'s columns, as a spreadsheet saves it. */
export const csvOf = (rows: readonly CsvRow[], base: CsvRow = {}): Buffer =>
  Buffer.from(
    stringify(
      rows.map((row) => ({ ...base, ...row })),
      { header: true, columns: [...CATALOGUE_CSV_COLUMNS] },
    ),
  );

/** The admin's catalogue import, through the API of `app()` with the staff's `cookie`. */
export function importClient(app: () => FastifyInstance, cookie: () => string) {
  async function upload(csv: Buffer, zip?: Buffer) {
    const form = new FormData();
    form.append('csv', new Blob([new Uint8Array(csv)], { type: 'text/csv' }), 'catalogue.csv');
    if (zip) form.append('zip', new Blob([new Uint8Array(zip)], { type: 'application/zip' }), 'photos.zip');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    return app().inject({
      method: 'POST',
      url: '/api/admin/imports',
      payload: Buffer.from(await request.arrayBuffer()),
      headers: {
        'content-type': request.headers.get('content-type')!,
        cookie: cookie(),
        origin: TEST_ORIGIN,
      },
    });
  }

  const statusOf = async (id: string): Promise<ImportStatus> =>
    (
      await app().inject({ method: 'GET', url: `/api/admin/imports/${id}`, headers: { cookie: cookie() } })
    ).json();

  /** Waits for the job to leave the queue and the runner: its preview, or its report. */
  async function settled(id: string, timeout = 60_000): Promise<ImportStatus> {
    let status = await statusOf(id);
    await expect
      .poll(async () => (status = await statusOf(id)).state, { timeout, interval: 50 })
      .toMatch(/waiting|done|failed|cancelled/);
    return status;
  }

  async function preview(csv: Buffer, zip?: Buffer): Promise<ImportStatus> {
    const answer = await upload(csv, zip);
    expect(answer.statusCode, answer.body).toBe(202);
    return settled(answer.json()._id);
  }

  /** Presses Apply; the answer, without waiting for the job. */
  async function startApply(id: string): Promise<void> {
    const answer = await app().inject({
      method: 'POST',
      url: `/api/admin/imports/${id}/apply`,
      headers: { cookie: cookie(), origin: TEST_ORIGIN },
    });
    expect(answer.statusCode, answer.body).toBe(202);
  }

  async function apply(id: string, timeout?: number): Promise<ImportStatus> {
    await startApply(id);
    return settled(id, timeout);
  }

  return { upload, statusOf, settled, preview, startApply, apply };
}
