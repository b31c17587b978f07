import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import tar from 'tar-stream';
import { BackupRefusedError, MANIFEST_NAME, parseManifest, type Manifest } from './manifest.js';

const MAX_MANIFEST_BYTES = 16 * 1024 * 1024;

async function readAll(entry: AsyncIterable<unknown>, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const data of entry) {
    const chunk = data as Buffer;
    size += chunk.length;
    if (size > limit) throw new BackupRefusedError('The backup file has an oversized manifest.');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * Unpacks a backup into `into` (an empty directory) and checks it on the way: the manifest comes
 * first, in a format this shop reads; every other entry is a part the manifest lists (so no name
 * of the file's own choosing is ever written to: the names are checked by the manifest's schema),
 * of the size and sha256 it gives; none is missing. Anything else refuses the whole file, before
 * the restore touches its target.
 */
export async function unpackArchive(file: string, into: string): Promise<Manifest> {
  const extract = tar.extract();
  const reading = pipeline(fs.createReadStream(file), zlib.createGunzip(), extract);
  reading.catch(() => undefined);
  let manifest: Manifest | undefined;
  const found = new Set<string>();
  try {
    for await (const entry of extract) {
      const { name, type } = entry.header;
      if (!manifest) {
        if (name !== MANIFEST_NAME)
          throw new BackupRefusedError('The backup file does not start with its manifest.');
        manifest = parseManifest((await readAll(entry, MAX_MANIFEST_BYTES)).toString('utf8'));
        continue;
      }
      const part = manifest.parts.find((candidate) => candidate.name === name);
      if (!part || type !== 'file' || found.has(name)) {
        throw new BackupRefusedError(`The backup file holds ${name}, which its manifest does not list.`);
      }
      found.add(name);
      const target = path.join(into, ...name.split('/'));
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      const hash = crypto.createHash('sha256');
      let bytes = 0;
      const hashing = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          bytes += chunk.length;
          done(null, chunk);
        },
      });
      await pipeline(entry, hashing, fs.createWriteStream(target, { mode: 0o600 }));
      if (bytes !== part.bytes || hash.digest('hex') !== part.sha256) {
        throw new BackupRefusedError(
          `${name} in the backup file does not match its sha256: the file is damaged.`,
        );
      }
    }
    await reading;
  } catch (error) {
    extract.destroy();
    if (error instanceof BackupRefusedError) throw error;
    throw new BackupRefusedError(
      `The backup file cannot be read (${(error as Error).message}): it is damaged or not a backup.`,
    );
  }
  if (!manifest) throw new BackupRefusedError('The backup file is empty.');
  const missing = manifest.parts.filter((part) => !found.has(part.name));
  if (missing.length > 0) {
    throw new BackupRefusedError(`The backup file lacks ${missing[0]!.name}: it is damaged or cut short.`);
  }
  return manifest;
}
