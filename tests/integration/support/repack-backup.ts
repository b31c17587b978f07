import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import tar from 'tar-stream';

type Manifest = Record<string, unknown>;

/**
 * Copies a backup file entry by entry, changing what `changes` say, to make the files a restore must
 * refuse: a part whose bytes no longer match the manifest's sha256, a manifest of a newer format.
 */
export async function repackBackup(
  from: string,
  to: string,
  changes: { part?: (name: string, bytes: Buffer) => Buffer; manifest?: (manifest: Manifest) => Manifest },
): Promise<void> {
  const entries: { name: string; bytes: Buffer }[] = [];
  const extract = tar.extract();
  const reading = pipeline(fs.createReadStream(from), zlib.createGunzip(), extract);
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    entries.push({ name: entry.header.name, bytes: Buffer.concat(chunks) });
  }
  await reading;
  const pack = tar.pack();
  const writing = pipeline(pack, zlib.createGzip(), fs.createWriteStream(to));
  for (const { name, bytes } of entries) {
    const changed =
      name === 'manifest.json'
        ? Buffer.from(
            JSON.stringify((changes.manifest ?? ((m) => m))(JSON.parse(bytes.toString('utf8')) as Manifest)),
          )
        : (changes.part ?? ((_name, same) => same))(name, bytes);
    pack.entry({ name, size: changed.length }, changed);
  }
  pack.finalize();
  await writing;
}
