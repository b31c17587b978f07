import yazl from 'yazl';

/** A ZIP of these files, as a merchant's archiver makes it. */
export function zipOf(
  files: readonly { name: string; bytes: Buffer; compress?: boolean }[],
): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const file of files) zip.addBuffer(file.bytes, file.name, { compress: file.compress ?? true });
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('error', reject);
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

/**
 * A ZIP whose entry climbs out of the archive (`../../x.png`): archivers refuse to write one, so a
 * harmless name of the same length is written and replaced in the bytes (the CRC covers the content).
 */
export async function zipClimbingOut(bytes: Buffer): Promise<Buffer> {
  const zip = await zipOf([{ name: 'aa/aa/x.png', bytes }]);
  return Buffer.from(zip.toString('latin1').replaceAll('aa/aa/x.png', '../../x.png'), 'latin1');
}
