import type PDFKit from 'pdfkit';

/**
 * What the invoice and the packing slip share: a US Letter page drawn with pdfkit's standard fonts
 * (Helvetica: no font file to ship, nothing downloaded), turned into one Buffer.
 */

export type Pdf = PDFKit.PDFDocument;

export const PAGE = { width: 612, height: 792, margin: 50 } as const;
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
/** Where a table row must start to fit above the bottom margin, or go to the next page. */
export const LAST_ROW_Y = PAGE.height - PAGE.margin - 40;

export const FONT = 'Helvetica';
export const BOLD = 'Helvetica-Bold';
export const INK = '#111111';
export const MUTED = '#555555';
export const RULE = '#cccccc';

/** Typographic punctuation the standard fonts' encoding (WinAnsi) has, kept as it is. */
const WIN_ANSI_EXTRAS = new Set('‘’“”–—…•€™'.split(''));

/**
 * Text the standard fonts can write: Latin-1 and WinAnsi's punctuation pass; any other letter is
 * written as its base letter when it has one ("ř" as "r") or as "?", never as a wrong glyph.
 */
export function winAnsi(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code < 0x20 || (code >= 0x7f && code < 0xa0)) out += ' ';
    else if (code < 0x100 || WIN_ANSI_EXTRAS.has(char)) out += char;
    else {
      const base = char.normalize('NFD')[0]!;
      out += base.codePointAt(0)! < 0x100 ? base : '?';
    }
  }
  return out;
}

/**
 * Draws a document and collects its bytes. pdfkit is imported on first use: it and its font data
 * stay out of the server's start-up (docs/performance.md, Start-up), and it reads its standard fonts
 * from its own package in node_modules, which the server bundle leaves external.
 */
export async function renderPdf(
  info: { title: string; author: string; subject: string },
  draw: (doc: Pdf) => void,
): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: PAGE.margin,
    info: { Title: winAnsi(info.title), Author: winAnsi(info.author), Subject: winAnsi(info.subject) },
    bufferPages: false,
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.fillColor(INK).font(FONT);
  draw(doc);
  doc.end();
  return done;
}

/** A line of text at a fixed place, cut with an ellipsis rather than wrapped into the next row. */
export function cell(
  doc: Pdf,
  text: string,
  x: number,
  y: number,
  width: number,
  options: { align?: 'left' | 'right'; font?: string; size?: number; color?: string } = {},
): void {
  const size = options.size ?? 10;
  // One line high: a longer text ends in an ellipsis instead of running into the next row.
  doc
    .font(options.font ?? FONT)
    .fontSize(size)
    .fillColor(options.color ?? INK)
    .text(winAnsi(text), x, y, { width, height: size * 1.2, align: options.align ?? 'left', ellipsis: true });
}

/** Lines one under the other from (x, y); returns the y below the last. */
export function block(
  doc: Pdf,
  lines: string[],
  x: number,
  y: number,
  width: number,
  options: { size?: number; color?: string; font?: string } = {},
): number {
  const size = options.size ?? 10;
  let at = y;
  for (const line of lines) {
    cell(doc, line, x, at, width, { ...options, size });
    at += size * 1.35;
  }
  return at;
}

/** A thin horizontal rule across the content width. */
export function rule(doc: Pdf, y: number): void {
  doc
    .moveTo(PAGE.margin, y)
    .lineTo(PAGE.width - PAGE.margin, y)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
}

/** The shop's name and address at the top left, the document's title and facts at the top right. */
export function letterhead(
  doc: Pdf,
  shop: { name: string; addressLines: string[] },
  title: string,
  facts: [string, string][],
): number {
  const half = CONTENT_WIDTH / 2;
  cell(doc, shop.name, PAGE.margin, PAGE.margin, half, { font: BOLD, size: 18 });
  const left = block(doc, shop.addressLines, PAGE.margin, PAGE.margin + 26, half, { size: 9, color: MUTED });
  const right = PAGE.margin + half;
  cell(doc, title, right, PAGE.margin, half, { font: BOLD, size: 20, align: 'right' });
  let y = PAGE.margin + 30;
  for (const [label, value] of facts) {
    cell(doc, `${label}  ${value}`, right, y, half, { size: 9, align: 'right' });
    y += 13;
  }
  return Math.max(left, y) + 16;
}

/** An address under its heading ("Bill to"), or a dash when the order has none. */
export function addressBlock(doc: Pdf, heading: string, lines: string[], x: number, y: number): number {
  cell(doc, heading.toUpperCase(), x, y, CONTENT_WIDTH / 2 - 10, { font: BOLD, size: 8, color: MUTED });
  return block(doc, lines.length > 0 ? lines : ['-'], x, y + 13, CONTENT_WIDTH / 2 - 10);
}
