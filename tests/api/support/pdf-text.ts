import zlib from 'node:zlib';

/**
 * The text a PDF written by pdfkit shows, one string per text operation, without a PDF reader: its
 * page streams are inflated (FlateDecode) and the strings of their `Tj` and `TJ` operators decoded.
 * pdfkit writes the standard fonts' text as hex strings in WinAnsi (Latin-1 for what tests print),
 * with kerning numbers between the pieces of one run; those numbers are dropped, not read as spaces.
 */
export function pdfText(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const texts: string[] = [];
  const streams = /<<([^]*?)>>\s*stream\r?\n/g;
  for (let match = streams.exec(raw); match; match = streams.exec(raw)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    let body = pdf.subarray(start, end);
    if (/\/FlateDecode/.test(match[1]!)) {
      try {
        body = zlib.inflateSync(body, { finishFlush: zlib.constants.Z_SYNC_FLUSH });
      } catch {
        continue; // not a content stream pdfkit compressed (a font or an image): nothing to read
      }
    }
    texts.push(...textOperations(body.toString('latin1')));
    streams.lastIndex = end;
  }
  return texts;
}

function decodeHex(hex: string): string {
  let out = '';
  for (let i = 0; i + 1 < hex.length; i += 2) out += String.fromCharCode(parseInt(hex.slice(i, i + 2), 16));
  return out;
}

function decodeLiteral(literal: string): string {
  return literal.replace(/\\([nrtbf()\\]|\d{1,3})/g, (_, escaped: string) =>
    /\d/.test(escaped)
      ? String.fromCharCode(parseInt(escaped, 8))
      : (({ n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' } as Record<string, string>)[escaped] ?? escaped),
  );
}

/** The strings of each `[...] TJ` and `<...> Tj` / `(...) Tj` in a content stream. */
function textOperations(content: string): string[] {
  const found: string[] = [];
  const operations =
    /\[((?:<[0-9a-fA-F]*>|\((?:\\.|[^\\)])*\)|[-\d.\s])*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj|\(((?:\\.|[^\\)])*)\)\s*Tj/g;
  for (const match of content.matchAll(operations)) {
    if (match[1] !== undefined) {
      const pieces = match[1].matchAll(/<([0-9a-fA-F]*)>|\(((?:\\.|[^\\)])*)\)/g);
      found.push(
        [...pieces]
          .map((piece) => (piece[1] !== undefined ? decodeHex(piece[1]) : decodeLiteral(piece[2]!)))
          .join(''),
      );
    } else if (match[2] !== undefined) found.push(decodeHex(match[2]));
    else found.push(decodeLiteral(match[3]!));
  }
  return found;
}

/** Every text of the PDF joined by newlines, for `toContain` checks. */
export const pdfPlainText = (pdf: Buffer) => pdfText(pdf).join('\n');
