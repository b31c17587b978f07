import path from 'node:path';
import yauzl from 'yauzl';
import { SHOE_IMAGE_MAX_BYTES } from '../../../../domain/admin.js';

/** A ZIP the import will not open, and why, in words. */
export class RefusedZipError extends Error {}

/** Photos for 1,000 shoes at 8 each, and then some. */
const MAX_ENTRIES = 10_000;
/** What the whole archive may unpack to: far above real photos, far below a bomb. */
const MAX_TOTAL_BYTES = 2 * 1024 * 1024 * 1024;
/** Photos hardly compress; a file that shrank more than this is built to blow up. */
const MAX_RATIO = 100;

export interface ZipImages {
  /** File names (without folders) of the images in the archive. */
  names: ReadonlySet<string>;
  /** The bytes of an image, read and checked against its declared size, or undefined if absent. */
  read(name: string): Promise<Buffer | undefined>;
}

const open = (bytes: Buffer) =>
  new Promise<yauzl.ZipFile>((resolve, reject) =>
    // yauzl refuses entry names that are absolute or climb out (`../`), and with validateEntrySizes
    // stops reading an entry that unpacks to more than it declared.
    yauzl.fromBuffer(
      bytes,
      { lazyEntries: true, validateEntrySizes: true, strictFileNames: true },
      (error, zip) => (error ? reject(error) : resolve(zip)),
    ),
  );

const readEntry = (zip: yauzl.ZipFile, entry: yauzl.Entry) =>
  new Promise<Buffer>((resolve, reject) =>
    zip.openReadStream(entry, (error, stream) => {
      if (error) return reject(error);
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', reject);
      stream.on('end', () => resolve(Buffer.concat(chunks)));
    }),
  );

/**
 * The images of an uploaded ZIP, its entries checked before any is unpacked: no path out of the
 * archive, no entry larger than an image may be, no bomb (a tiny entry declaring gigabytes, or one
 * that shrank past any photo), no name twice. Folders inside are fine; images match by file name.
 */
export async function openZipImages(bytes: Buffer): Promise<ZipImages> {
  let zip: yauzl.ZipFile;
  const entries = new Map<string, yauzl.Entry>();
  try {
    zip = await open(bytes);
    let total = 0;
    await new Promise<void>((resolve, reject) => {
      zip.on('error', reject);
      zip.on('end', resolve);
      zip.on('entry', (entry: yauzl.Entry) => {
        try {
          if (entry.fileName.endsWith('/')) return zip.readEntry(); // a folder
          if (entries.size >= MAX_ENTRIES)
            throw new RefusedZipError(`The ZIP holds more than ${MAX_ENTRIES} files`);
          const name = path.posix.basename(entry.fileName);
          if (entry.uncompressedSize > SHOE_IMAGE_MAX_BYTES) {
            throw new RefusedZipError(
              `${name} in the ZIP is larger than ${SHOE_IMAGE_MAX_BYTES / 1024 / 1024} MB`,
            );
          }
          if (
            entry.uncompressedSize > 1024 * 1024 &&
            entry.uncompressedSize > entry.compressedSize * MAX_RATIO
          ) {
            throw new RefusedZipError(
              `${name} in the ZIP unpacks to far more than it holds: it is not a photo`,
            );
          }
          total += entry.uncompressedSize;
          if (total > MAX_TOTAL_BYTES) throw new RefusedZipError('The ZIP unpacks to more than 2 GB');
          if (entries.has(name)) throw new RefusedZipError(`Two files in the ZIP are called ${name}`);
          entries.set(name, entry);
          zip.readEntry();
        } catch (error) {
          reject(error);
        }
      });
      zip.readEntry();
    });
  } catch (error) {
    if (error instanceof RefusedZipError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new RefusedZipError(
      /relative path|absolute path|invalid characters/i.test(reason)
        ? 'The ZIP has a file whose path leads out of the archive (as ../x or /x): refused'
        : `The file is not a ZIP the import can read (${reason})`,
    );
  }
  return {
    names: new Set(entries.keys()),
    async read(name) {
      const entry = entries.get(name);
      if (!entry) return undefined;
      try {
        return await readEntry(zip, entry);
      } catch (error) {
        throw new RefusedZipError(
          `${name} in the ZIP could not be read: ${error instanceof Error ? error.message : error}`,
        );
      }
    },
  };
}
