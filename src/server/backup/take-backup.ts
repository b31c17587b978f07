import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../config.js';
import { ROOT_DIR } from '../config.js';
import { describePart, writeArchive, type PartSource } from './archive-writer.js';
import { dumpPglite, dumpPostgres, type DatabaseDump } from './database-dump.js';
import { BACKUP_FORMAT, PART, type Manifest } from './manifest.js';
import { listUploads } from './uploads.js';

/** `shop-2026-11-27T01-30-00Z.tar.gz`: sorts by time, and no colon for the file systems that refuse one. */
export function backupFileName(now: Date, attempt = 0): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replaceAll(':', '-');
  return `shop-${stamp}${attempt ? `-${attempt + 1}` : ''}.tar.gz`;
}

/** Where backups go unless `--out` says: BACKUP_DIR, else `backups/` beside the data directory. */
export const defaultBackupDir = (config: Config): string =>
  config.BACKUP_DIR ? path.resolve(config.BACKUP_DIR) : path.join(path.dirname(config.dataDir), 'backups');

const shopVersion = (): string =>
  (JSON.parse(fs.readFileSync(path.join(ROOT_DIR, 'package.json'), 'utf8')) as { version: string }).version;

/**
 * `npm run backup`: the database (pg_dump, or PGlite's data directory), then the uploaded images
 * (so every image the database names is there: images are written before the row that names them
 * and never rewritten or deleted), and the generated session secret when there is one, in one
 * .tar.gz with its manifest.
 */
export async function takeBackup(
  config: Config,
  outDir: string,
  now = new Date(),
): Promise<{ file: string; manifest: Manifest }> {
  const work = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'shop-backup-'));
  let dump: DatabaseDump | undefined;
  try {
    dump = config.DATABASE_URL
      ? await dumpPostgres(config.DATABASE_URL, path.join(work, 'postgres.dump'))
      : await dumpPglite(config.dataDir, path.join(work, 'pglite.tar'));
    const sources: PartSource[] = [
      { name: config.DATABASE_URL ? PART.postgresDump : PART.pgliteDataDir, path: dump.file },
    ];
    const uploads = config.S3_BUCKET ? [] : await listUploads(config.uploadsDir);
    sources.push(
      ...uploads.map((key) => ({
        name: `${PART.uploadsPrefix}${key}`,
        path: path.join(config.uploadsDir, key),
      })),
    );
    const secret = path.join(config.dataDir, 'session-secret');
    if (fs.existsSync(secret)) sources.push({ name: PART.sessionSecret, path: secret });

    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      shopVersion: shopVersion(),
      createdAt: now.toISOString(),
      database: { kind: config.DATABASE_URL ? 'postgres' : 'pglite', ...dump.facts },
      images: config.S3_BUCKET
        ? { storage: 's3', bucket: config.S3_BUCKET }
        : { storage: 'disk', files: uploads.length },
      parts: await Promise.all(sources.map(describePart)),
    };
    await fs.promises.mkdir(outDir, { recursive: true });
    let file = path.join(outDir, backupFileName(now));
    for (let attempt = 1; fs.existsSync(file); attempt++)
      file = path.join(outDir, backupFileName(now, attempt));
    await writeArchive(file, manifest, sources);
    return { file, manifest };
  } finally {
    dump?.discard();
    await fs.promises.rm(work, { recursive: true, force: true });
  }
}
