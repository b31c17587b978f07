import { z } from 'zod';
import { CATALOGUE_CSV_COLUMNS } from '../catalogue-csv.js';

/** The largest CSV an import takes: 10,000 rows are about 3 MB. */
export const IMPORT_CSV_MAX_BYTES = 20 * 1024 * 1024;
/** The largest ZIP of photos an import takes. */
export const IMPORT_ZIP_MAX_BYTES = 200 * 1024 * 1024;
/** The preview lists this many errors at most (and counts them all). */
export const IMPORT_ERRORS_SHOWN = 500;

const counts = z.object({ create: z.number(), update: z.number(), unchanged: z.number() });

export const importErrorSchema = z.object({
  line: z.number(),
  column: z.enum(CATALOGUE_CSV_COLUMNS).nullable(),
  message: z.string(),
});

/** What an import found (its preview) or did (its report), as the admin page shows it. */
export const importStatusSchema = z.object({
  _id: z.string(),
  /** queued/running: being read or applied; waiting: previewed, to be applied or cancelled. */
  state: z.enum(['queued', 'running', 'waiting', 'done', 'failed', 'cancelled']),
  stage: z.enum(['preview', 'apply']),
  fileName: z.string(),
  zipName: z.string().nullable(),
  createdAt: z.string(),
  by: z.string().nullable(),
  progress: z.object({ done: z.number(), total: z.number() }),
  /** Rows by what applying does (the preview's), then what it did (the report's). */
  rows: counts.nullable(),
  shoes: counts.nullable(),
  errors: z.array(importErrorSchema),
  errorCount: z.number(),
  /** Why the whole run failed (not a row's problem), in words. */
  failure: z.string().nullable(),
});
export type ImportStatus = z.infer<typeof importStatusSchema>;

export const importListSchema = z.array(importStatusSchema);
