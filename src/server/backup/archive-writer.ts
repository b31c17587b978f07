import crypto from 'node:crypto';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import tar from 'tar-stream';
import { MANIFEST_NAME, type Manifest, type ManifestPart } from './manifest.js';

/** A file on disk that goes into the backup under `name`. */
export interface PartSource {
  name: string;
  path: string;
}

/** The part as the manifest lists it: its size and sha256, read from the disk. */
export async function describePart(source: PartSource): Promise<ManifestPart> {
  const hash = crypto.createHash('sha256');
  let bytes = 0;
  for await (const chunk of fs.createReadStream(source.path)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { name: source.name, bytes, sha256: hash.digest('hex') };
}

/**
 * Writes the backup as one .tar.gz: the manifest first (a restore reads it before anything else),
 * then each part, streamed from the disk. The file appears under its name only once whole (written
 * beside it, then renamed), readable by its owner alone: it holds password hashes and, with a
 * generated one, the session secret.
 */
export async function writeArchive(file: string, manifest: Manifest, sources: PartSource[]): Promise<void> {
  const partial = `${file}.partial`;
  const pack = tar.pack();
  const writing = pipeline(pack, zlib.createGzip(), fs.createWriteStream(partial, { mode: 0o600 }));
  // A failure below destroys the pack, which rejects `writing` too: awaited at the end, not left unhandled.
  writing.catch(() => undefined);
  try {
    const header = (name: string, size: number) => ({
      name,
      size,
      mode: 0o600,
      mtime: new Date(manifest.createdAt),
    });
    const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    pack.entry(header(MANIFEST_NAME, manifestBytes.length), manifestBytes);
    for (const source of sources) {
      const size = manifest.parts.find((part) => part.name === source.name)?.bytes;
      if (size === undefined) throw new Error(`${source.name} is missing from the manifest`);
      const entry = pack.entry(header(source.name, size));
      await pipeline(fs.createReadStream(source.path), entry);
    }
    pack.finalize();
    await writing;
    await fs.promises.rename(partial, file);
  } catch (error) {
    pack.destroy();
    await writing.catch(() => undefined);
    await fs.promises.rm(partial, { force: true });
    throw error;
  }
}
