/** Matrix rows of the catalogue import (issue 33 item 3): staff only, refused before any file is read. */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { CATALOGUE_CSV_COLUMNS } from '../../../../../src/domain/catalogue-csv.js';
import { jobFiles, jobs } from '../../../../../src/server/db/schema.js';
import { ACCEPTED, OK, staffOnly, type Row, get, post } from '../roles.js';
import { db } from '../world.js';

/** A header alone: a valid import with nothing to do, so applying it writes nothing to the catalogue. */
const EMPTY_CSV = Buffer.from(`${CATALOGUE_CSV_COLUMNS.join(',')}\n`);

/** An import previewed without errors, waiting to be applied or cancelled. */
async function waitingImport(): Promise<string> {
  const [job] = await db()
    .insert(jobs)
    .values({
      kind: 'catalogue-import',
      state: 'waiting',
      payload: { stage: 'preview', fileName: 'matrix.csv', zipName: null, by: null, byId: null },
      result: {
        rows: { create: 0, update: 0, unchanged: 0 },
        shoes: { create: 0, update: 0, unchanged: 0 },
        errors: [],
        errorCount: 0,
      },
    })
    .returning({ id: jobs.id });
  await db().insert(jobFiles).values({ jobId: job!.id, name: 'csv', bytes: EMPTY_CSV });
  return job!.id;
}

const stillWaiting = async (id: string) =>
  (await db().select({ state: jobs.state }).from(jobs).where(eq(jobs.id, id)))[0]?.state === 'waiting';

const uploadedNamed = async (name: string) =>
  (await db().select({ payload: jobs.payload }).from(jobs)).filter(
    (job) => (job.payload as { fileName: string }).fileName === name,
  ).length;

export const CATALOGUE_IMPORT_ROWS: Row[] = [
  {
    route: 'GET /api/admin/imports/template.csv',
    outcomes: staffOnly(OK),
    request: () => get('/api/admin/imports/template.csv'),
    check: (response) => expect(response.body).toContain(CATALOGUE_CSV_COLUMNS.join(',')),
  },
  {
    route: 'GET /api/admin/imports',
    outcomes: staffOnly(OK),
    prepare: async () => ({ job: await waitingImport() }),
    request: () => get('/api/admin/imports'),
    check: (response, { fixture }) =>
      expect((response.json() as { _id: string }[]).map((job) => job._id)).toContain(fixture.job),
  },
  {
    route: 'POST /api/admin/imports',
    outcomes: staffOnly(ACCEPTED),
    prepare: async () => ({ name: `matrix-${Date.now()}-${Math.random().toString(36).slice(2)}.csv` }),
    request: async ({ fixture }) => {
      const form = new FormData();
      form.append('csv', new Blob([new Uint8Array(EMPTY_CSV)], { type: 'text/csv' }), fixture.name);
      const request = new Request('http://localhost/', { method: 'POST', body: form });
      return {
        method: 'POST',
        url: '/api/admin/imports',
        payload: Buffer.from(await request.arrayBuffer()),
        headers: { 'content-type': request.headers.get('content-type')! },
      };
    },
    state: ({ fixture }) => uploadedNamed(fixture.name!),
    after: () => 1,
  },
  {
    route: 'GET /api/admin/imports/{id}',
    outcomes: staffOnly(OK),
    prepare: async () => ({ job: await waitingImport() }),
    request: ({ fixture }) => get(`/api/admin/imports/${fixture.job}`),
    check: (response) => expect(response.json()).toMatchObject({ state: 'waiting', fileName: 'matrix.csv' }),
  },
  {
    route: 'POST /api/admin/imports/{id}/apply',
    outcomes: staffOnly(ACCEPTED),
    prepare: async () => ({ job: await waitingImport() }),
    request: ({ fixture }) => post(`/api/admin/imports/${fixture.job}/apply`),
    state: ({ fixture }) => stillWaiting(fixture.job!),
    after: () => false,
  },
  {
    route: 'POST /api/admin/imports/{id}/cancel',
    outcomes: staffOnly(OK),
    prepare: async () => ({ job: await waitingImport() }),
    request: ({ fixture }) => post(`/api/admin/imports/${fixture.job}/cancel`),
    state: ({ fixture }) => stillWaiting(fixture.job!),
    after: () => false,
  },
];
