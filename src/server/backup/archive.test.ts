import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import tar from 'tar-stream';
import { afterEach, describe, expect, it } from 'vitest';
import { unpackArchive } from './archive-reader.js';
import { describePart, writeArchive, type PartSource } from './archive-writer.js';
import { BACKUP_FORMAT, BackupRefusedError, parseManifest, type Manifest } from './manifest.js';
import { backupFileName } from './take-backup.js';

/** The backup file's container: written and read back, and what reading it refuses. */
const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-archive-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

async function sampleBackup(
  sources: PartSource[],
  listed = sources,
): Promise<{ file: string; manifest: Manifest }> {
  const manifest: Manifest = {
    format: BACKUP_FORMAT,
    shopVersion: '0.1.0',
    createdAt: '2026-11-27T01:30:00.000Z',
    database: {
      kind: 'pglite',
      lastMigration: '0025_durable-jobs',
      counts: { shoes: 1, users: 2, orders: 3 },
    },
    images: { storage: 'disk', files: 1 },
    parts: await Promise.all(listed.map(describePart)),
  };
  const file = path.join(tempDir(), backupFileName(new Date(manifest.createdAt)));
  await writeArchive(file, manifest, sources);
  return { file, manifest };
}

function sampleSources(): PartSource[] {
  const dir = tempDir();
  fs.writeFileSync(path.join(dir, 'db.tar'), Buffer.alloc(70_000, 7));
  fs.writeFileSync(path.join(dir, 'photo.webp'), 'RIFF-photo');
  return [
    { name: 'database/pglite.tar', path: path.join(dir, 'db.tar') },
    { name: 'uploads/shoes/a-1f2e.webp', path: path.join(dir, 'photo.webp') },
  ];
}

describe('a backup archive', () => {
  it('is named by its UTC time and unpacks to the same bytes, checked against the manifest', async () => {
    const sources = sampleSources();
    const { file, manifest } = await sampleBackup(sources);
    expect(path.basename(file)).toBe('shop-2026-11-27T01-30-00Z.tar.gz');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const into = tempDir();
    expect(await unpackArchive(file, into)).toEqual(manifest);
    for (const source of sources) {
      expect(fs.readFileSync(path.join(into, source.name)).equals(fs.readFileSync(source.path))).toBe(true);
    }
  });

  it('refuses a part the manifest does not list, or one it lists but the file lacks', async () => {
    const sources = sampleSources();
    const extra = await sampleBackup(sources, sources.slice(0, 1)).catch((error: unknown) => error);
    // The writer itself will not pack an unlisted part.
    expect(extra).toBeInstanceOf(Error);
    // A file made by other means: the manifest, then an entry it does not list.
    const { manifest } = await sampleBackup(sources.slice(0, 1));
    const smuggled = path.join(tempDir(), 'smuggled.tar.gz');
    const pack = tar.pack();
    const writing = pipeline(pack, zlib.createGzip(), fs.createWriteStream(smuggled));
    pack.entry({ name: 'manifest.json' }, JSON.stringify(manifest));
    pack.entry({ name: 'database/pglite.tar' }, fs.readFileSync(sources[0]!.path));
    pack.entry({ name: 'uploads/evil.webp' }, 'not listed');
    pack.finalize();
    await writing;
    await expect(unpackArchive(smuggled, tempDir())).rejects.toThrow(
      /holds uploads\/evil\.webp, which its manifest does not list/,
    );

    const cut = await sampleBackup(sources.slice(0, 1), sources);
    await expect(unpackArchive(cut.file, tempDir())).rejects.toThrow(
      /lacks uploads\/shoes\/a-1f2e\.webp: it is damaged or cut short/,
    );
  });

  it('refuses a file that is not a backup, or is cut short', async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'notes.tar.gz'), 'not gzip at all');
    await expect(unpackArchive(path.join(dir, 'notes.tar.gz'), tempDir())).rejects.toThrow(
      BackupRefusedError,
    );
    const { file } = await sampleBackup(sampleSources());
    const bytes = fs.readFileSync(file);
    fs.writeFileSync(path.join(dir, 'cut.tar.gz'), bytes.subarray(0, Math.floor(bytes.length / 2)));
    await expect(unpackArchive(path.join(dir, 'cut.tar.gz'), tempDir())).rejects.toThrow(
      /damaged|cut short|cannot be read/,
    );
  });

  it('reads manifests up to its own format, and names a part only by a safe relative path', () => {
    const valid = {
      format: 1,
      shopVersion: '0.1.0',
      createdAt: 'x',
      database: { kind: 'postgres', lastMigration: null, counts: { shoes: 0, users: 0, orders: 0 } },
      images: { storage: 's3', bucket: 'shop' },
      parts: [],
    };
    expect(parseManifest(JSON.stringify(valid)).images).toEqual({ storage: 's3', bucket: 'shop' });
    expect(() => parseManifest(JSON.stringify({ ...valid, format: 2 }))).toThrow(
      /format 2, newer than this shop reads \(1\)/,
    );
    expect(() => parseManifest('{')).toThrow(/no readable manifest/);
    for (const name of ['../etc/passwd', '/etc/passwd', 'uploads/../../x', 'uploads/.hidden', 'a//b']) {
      const part = { name, bytes: 1, sha256: 'a'.repeat(64) };
      expect(() => parseManifest(JSON.stringify({ ...valid, parts: [part] })), name).toThrow(/not valid/);
    }
  });
});
