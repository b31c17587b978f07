import crypto from 'node:crypto';
import { setImmediate as yieldToRequests } from 'node:timers/promises';
import type { CatalogueRow } from '../../../../domain/catalogue-csv.js';
import {
  countRows,
  wantedGallery,
  type ImportCounts,
  type ImportError,
} from '../../../../domain/catalogue-import.js';
import {
  IMPORT_CSV_MAX_BYTES,
  IMPORT_ERRORS_SHOWN,
  IMPORT_ZIP_MAX_BYTES,
  type ImportStatus,
} from '../../../../domain/contracts/catalogue-import.js';
import type { Actor } from '../../../audit/audit-writer.js';
import { HttpError, conflict, notFound } from '../../../http/errors.js';
import type { JobHandler, JobOutcome } from '../../../jobs/job-runner.js';
import type { Job, JobStore } from '../../../jobs/job-store.js';
import type { ImageStore } from '../../../storage/image-store.js';
import { shoeWebp } from '../store-shoe-image.js';
import { createImportAnalysis, importedFile, type MatchedShoe } from './analysis.js';
import { UnreadableCsvError, csvText, readHeader } from './csv-rows.js';
import type { ImportRepository, ShoeWrite } from './repository.js';
import { RefusedZipError, openZipImages, type ZipImages } from './zip-images.js';

export const IMPORT_JOB = 'catalogue-import';
/** Shoes per transaction: short enough that shoppers buying meanwhile hardly wait. */
const SHOES_PER_BATCH = 50;

interface Payload {
  stage: 'preview' | 'apply';
  fileName: string;
  zipName: string | null;
  by: string | null;
  byId: string | null;
}
interface Checkpoint {
  nextGroup: number;
  rows: ImportCounts;
  shoes: ImportCounts;
}
interface Result {
  rows: ImportCounts | null;
  shoes: ImportCounts | null;
  errors: ImportError[];
  errorCount: number;
}

const zeroCounts = (): ImportCounts => ({ create: 0, update: 0, unchanged: 0 });

/**
 * The catalogue import (issue 33 item 3; docs/decisions/023, docs/catalogue-csv.md): the files are
 * checked as files and kept with a durable job; the job previews (every row checked, matched and
 * compared, nothing written) and waits; applied, it writes in batches of shoes, each with its
 * checkpoint, and ends with one audit entry and a report.
 */
export function createCatalogueImportService(deps: {
  repository: ImportRepository;
  jobs: JobStore;
  images: ImageStore;
  /** Tells the job runner there is work (it also looks every few seconds). */
  kick: () => void;
}) {
  const { repository, jobs, images, kick } = deps;
  const { analyse, fileOfName } = createImportAnalysis(repository);

  async function filesOf(job: Job): Promise<{ text: string; zip: ZipImages | undefined }> {
    const files = await jobs.files(job.id);
    const csv = files.find((file) => file.name === 'csv');
    if (!csv) throw new Error('the import lost its file');
    const zip = files.find((file) => file.name === 'zip');
    return { text: csvText(csv.bytes), zip: zip ? await openZipImages(zip.bytes) : undefined };
  }

  async function preview(
    job: Job,
    progress: (done: number, total: number) => Promise<void>,
  ): Promise<JobOutcome> {
    const { text, zip } = await filesOf(job);
    const total = estimateRows(text);
    const { shoes, errors } = await analyse(text, zip, (done) => progress(done, total));
    await progress(total, total);
    const result: Result = {
      rows: countRows(shoes.map((shoe) => shoe.plan)),
      shoes: countShoes(shoes),
      errors: errors.slice(0, IMPORT_ERRORS_SHOWN),
      errorCount: errors.length,
    };
    return { state: 'waiting', result };
  }

  async function apply(
    job: Job,
    progress: (done: number, total: number) => Promise<void>,
    signal: AbortSignal,
  ): Promise<JobOutcome> {
    const payload = job.payload as Payload;
    const { text, zip } = await filesOf(job);
    const { shoes, errors, hashes } = await analyse(text, zip, async () => {});
    const resumed = job.checkpoint as Checkpoint | null;
    if (errors.length > 0 && !resumed) {
      // The shop changed since the preview (a SKU taken meanwhile): nothing was written.
      return {
        state: 'failed',
        result: {
          rows: null,
          shoes: null,
          errors: errors.slice(0, IMPORT_ERRORS_SHOWN),
          errorCount: errors.length,
        },
        error:
          'The catalogue changed since the preview: nothing was imported. Upload the file again to see why.',
      };
    }
    const checkpoint: Checkpoint = resumed ?? { nextGroup: 0, rows: zeroCounts(), shoes: zeroCounts() };
    const total = shoes.reduce((sum, shoe) => sum + shoe.group.rows.length, 0);
    let done = shoes.slice(0, checkpoint.nextGroup).reduce((sum, shoe) => sum + shoe.group.rows.length, 0);
    await progress(done, total);
    for (let start = checkpoint.nextGroup; start < shoes.length; start += SHOES_PER_BATCH) {
      if (signal.aborted) throw new Error('the shop is stopping');
      // PGlite runs in this process: between batches the shop answers its requests.
      await yieldToRequests();
      const batch = shoes.slice(start, start + SHOES_PER_BATCH);
      const writes: ShoeWrite[] = [];
      for (const shoe of batch) {
        if (shoe.plan.shoe !== 'unchanged') writes.push(await writeOf(shoe, zip, hashes));
      }
      const batchRows = batch.reduce((sum, shoe) => sum + shoe.group.rows.length, 0);
      done += batchRows;
      const next: Checkpoint = {
        nextGroup: start + batch.length,
        rows: addCounts(checkpoint.rows, countRows(batch.map((shoe) => shoe.plan))),
        shoes: addCounts(checkpoint.shoes, countShoes(batch)),
      };
      await repository.applyBatch(writes, { id: job.id, checkpoint: next, done });
      Object.assign(checkpoint, next);
      await progress(done, total);
    }
    await repository.recordImport({
      actor: { _id: payload.byId ?? 'unknown', email: payload.by ?? 'unknown' },
      record: {
        action: 'catalogue.import',
        target: { type: 'import', id: job.id, label: payload.fileName },
        after: {
          file: payload.fileName,
          photos: payload.zipName,
          rows: checkpoint.rows,
          shoes: checkpoint.shoes,
        },
      },
    });
    await jobs.dropFiles(job.id);
    return {
      state: 'done',
      result: { rows: checkpoint.rows, shoes: checkpoint.shoes, errors: [], errorCount: 0 },
    };
  }

  /** A shoe's write: its photos from the ZIP stored first (outside any transaction), then its fields and sizes. */
  async function writeOf(
    shoe: MatchedShoe,
    zip: ZipImages | undefined,
    hashes: Map<string, string>,
  ): Promise<ShoeWrite> {
    const { group, existing, plan } = shoe;
    const first = group.rows[0]!.row;
    let gallery: ShoeWrite['gallery'] = null;
    if (plan.galleryChanged) {
      // Photos the shoe has keep their stored file; the ZIP's are stored (once: named by their bytes).
      const urls = new Map(existing?.images.map((image, index) => [image.file, existing.urls[index]!]));
      gallery = [];
      for (const [index, image] of wantedGallery(first, fileOfName(hashes)).entries()) {
        const name = first.images[index]!;
        const url =
          urls.get(image.file) ?? (await storeImported((await zip!.read(name))!, hashes.get(name)!));
        gallery.push({ url, alt: image.alt });
      }
    }
    const sizes = group.rows
      .filter((_, index) => plan.rows[index]!.action !== 'unchanged')
      .map(({ row }) => ({ size: row.size, quantity: row.stock, sku: row.sku, gtin: row.gtin || null }));
    return {
      id: existing?.id ?? crypto.randomUUID(),
      isNew: !existing,
      row: first as CatalogueRow,
      fieldsChanged: plan.fieldsChanged,
      gallery,
      sizes,
    };
  }

  async function storeImported(bytes: Buffer, hash: string): Promise<string> {
    // Named by the upload's hash (known before converting), so the same photo imported again is found.
    return images.put(`shoes/${importedFile(hash)}`, await shoeWebp(bytes), 'image/webp');
  }

  const handler: JobHandler = async (job, { progress, signal }) => {
    try {
      return await ((job.payload as Payload).stage === 'preview'
        ? preview(job, progress)
        : apply(job, progress, signal));
    } catch (error) {
      // A file that turns out unreadable past its first line fails at once, in words: no retry reads it better.
      if (error instanceof UnreadableCsvError || error instanceof RefusedZipError) {
        return { state: 'failed', error: error.message };
      }
      throw error;
    }
  };

  return {
    handler,

    /**
     * Takes the files, refusing at once what cannot be an import (too large, not UTF-8, a header
     * without the format's columns, a ZIP that is not one or would climb out or blow up): nothing is
     * kept then. Otherwise the preview job is queued.
     */
    async upload(actor: Actor, csv: { name: string; bytes: Buffer }, zip?: { name: string; bytes: Buffer }) {
      if (csv.bytes.length > IMPORT_CSV_MAX_BYTES) {
        const message = `The CSV is larger than ${IMPORT_CSV_MAX_BYTES / 1024 / 1024} MB`;
        throw new HttpError(413, 'payload_too_large', message, { csv: message });
      }
      if (zip && zip.bytes.length > IMPORT_ZIP_MAX_BYTES) {
        const message = `The ZIP is larger than ${IMPORT_ZIP_MAX_BYTES / 1024 / 1024} MB`;
        throw new HttpError(413, 'payload_too_large', message, { zip: message });
      }
      try {
        await readHeader(csvText(csv.bytes));
        if (zip) await openZipImages(zip.bytes);
      } catch (error) {
        if (error instanceof UnreadableCsvError)
          throw new HttpError(400, 'bad_request', error.message, { csv: error.message });
        if (error instanceof RefusedZipError)
          throw new HttpError(400, 'bad_request', error.message, { zip: error.message });
        throw error;
      }
      const payload: Payload = {
        stage: 'preview',
        fileName: csv.name,
        zipName: zip?.name ?? null,
        by: actor.email,
        byId: actor._id,
      };
      const id = await jobs.enqueue({
        kind: IMPORT_JOB,
        payload,
        createdBy: actor._id,
        files: [{ name: 'csv', bytes: csv.bytes }, ...(zip ? [{ name: 'zip', bytes: zip.bytes }] : [])],
      });
      kick();
      return id;
    },

    /** Applies a previewed import without errors; 409 when it is not waiting, or has errors. */
    async apply(id: string): Promise<void> {
      const job = await importJob(id);
      const result = job.result as Result | null;
      if (job.state !== 'waiting') throw conflict('This import is not waiting to be applied');
      if (result && result.errorCount > 0)
        throw conflict('Correct the errors in the file and upload it again');
      const payload = { ...(job.payload as Payload), stage: 'apply' };
      if (!(await jobs.move(id, 'waiting', 'queued', payload)))
        throw conflict('This import is not waiting to be applied');
      kick();
    },

    async cancel(id: string): Promise<void> {
      await importJob(id);
      if (!(await jobs.move(id, 'waiting', 'cancelled')))
        throw conflict('Only an import waiting to be applied can be cancelled');
      await jobs.dropFiles(id);
    },

    async status(id: string): Promise<ImportStatus> {
      return statusOf(await importJob(id));
    },

    async latest(): Promise<ImportStatus[]> {
      return (await jobs.latest(IMPORT_JOB, 10)).map(statusOf);
    },
  };

  async function importJob(id: string): Promise<Job> {
    const job = /^[0-9a-f-]{36}$/i.test(id) ? await jobs.find(id) : undefined;
    if (!job || job.kind !== IMPORT_JOB) throw notFound('No such import');
    return job;
  }
}

function statusOf(job: Job): ImportStatus {
  const payload = job.payload as Payload;
  const result = job.result as Result | null;
  return {
    _id: job.id,
    state: job.state,
    stage: payload.stage,
    fileName: payload.fileName,
    zipName: payload.zipName,
    createdAt: job.createdAt.toISOString(),
    by: payload.by,
    progress: { done: job.progressDone, total: job.progressTotal },
    rows: result?.rows ?? null,
    shoes: result?.shoes ?? null,
    errors: result?.errors ?? [],
    errorCount: result?.errorCount ?? 0,
    failure: job.state === 'failed' ? job.error : null,
  };
}

/** The data lines of a file, near enough for a progress bar before the rows are read. */
const estimateRows = (text: string) =>
  Math.max(0, text.split('\n').filter((line) => line.trim() !== '').length - 1);

function countShoes(shoes: readonly MatchedShoe[]): ImportCounts {
  const counts = zeroCounts();
  for (const { plan } of shoes) counts[plan.shoe] += 1;
  return counts;
}

const addCounts = (a: ImportCounts, b: ImportCounts): ImportCounts => ({
  create: a.create + b.create,
  update: a.update + b.update,
  unchanged: a.unchanged + b.unchanged,
});

export type CatalogueImportService = ReturnType<typeof createCatalogueImportService>;
