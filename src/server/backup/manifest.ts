import { z } from 'zod';

/**
 * What a backup file says about itself (its first entry, `manifest.json`). The format number goes up
 * when an older restore could not read a newer file correctly; a restore refuses a number above its own
 * rather than half-restore it.
 */
export const BACKUP_FORMAT = 1;

export const MANIFEST_NAME = 'manifest.json';

/** Where each part sits in the file. */
export const PART = {
  pgliteDataDir: 'database/pglite.tar',
  postgresDump: 'database/postgres.dump',
  sessionSecret: 'session-secret',
  uploadsPrefix: 'uploads/',
} as const;

const counts = z.object({
  shoes: z.number().int().min(0),
  users: z.number().int().min(0),
  orders: z.number().int().min(0),
});
export type DatabaseCounts = z.infer<typeof counts>;

/** A part's name: relative, forward slashes, no `..`, no empty or hidden segment. */
const partName = z
  .string()
  .max(400)
  .regex(/^(?:[\w-][\w.-]*\/)*[\w-][\w.-]*$/);

const manifestSchema = z.object({
  format: z.number().int().min(1),
  shopVersion: z.string(),
  createdAt: z.string(),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    /** The tag of the newest migration the database had applied, e.g. `0025_durable-jobs`. */
    lastMigration: z.string().nullable(),
    counts,
  }),
  images: z.discriminatedUnion('storage', [
    z.object({ storage: z.literal('disk'), files: z.number().int().min(0) }),
    /** Not copied: the bucket's versioning (or replication) is their backup (docs/operations.md). */
    z.object({ storage: z.literal('s3'), bucket: z.string() }),
  ]),
  parts: z.array(
    z.object({ name: partName, bytes: z.number().int().min(0), sha256: z.string().regex(/^[0-9a-f]{64}$/) }),
  ),
});
export type Manifest = z.infer<typeof manifestSchema>;
export type ManifestPart = Manifest['parts'][number];

export class BackupRefusedError extends Error {}

/** The manifest of a file, or a refusal that says why (not a manifest, made by a newer shop). */
export function parseManifest(text: string): Manifest {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new BackupRefusedError(
      'The backup file has no readable manifest: it is not a backup of this shop.',
    );
  }
  const format = (json as { format?: unknown } | null)?.format;
  if (typeof format === 'number' && format > BACKUP_FORMAT) {
    throw new BackupRefusedError(
      `The backup file is in format ${format}, newer than this shop reads (${BACKUP_FORMAT}): ` +
        'restore it with the version of the shop that made it, or a newer one.',
    );
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    throw new BackupRefusedError(
      `The backup file's manifest is not valid: ${parsed.error.issues[0]?.message}`,
    );
  }
  return parsed.data;
}
