import { BOLD, cell, CONTENT_WIDTH, LAST_ROW_Y, MUTED, PAGE, rule, type Pdf } from './pdf-document.js';

/**
 * The table of lines that the invoice and the packing slip both draw: fixed columns that together
 * make the content width, a bold header row over a rule, one text line a row, and a heading again
 * on each further page.
 */

export interface TableColumn {
  label: string;
  width: number;
  align: 'left' | 'right';
}

export interface Table {
  columns: readonly TableColumn[];
  /** The height of one row. */
  rowHeight: number;
  /** Extra space under the header row, above the first line. */
  headerGap: number;
  /** How far a left-aligned column after the first starts from its left edge. */
  indent: number;
}

/** One row of text, a value a column; a left-aligned text keeps 6 points clear of the next column. */
export function tableRow(
  doc: Pdf,
  table: Table,
  values: string[],
  y: number,
  font?: string,
  color?: string,
): void {
  let x = PAGE.margin;
  table.columns.forEach((column, index) => {
    const pad = column.align === 'right' ? 0 : 6;
    const left = column.align === 'left' && index > 0 ? x + table.indent : x;
    cell(doc, values[index] ?? '', left, y, column.width - pad - (left - x), {
      align: column.align,
      font,
      color,
    });
    x += column.width;
  });
}

/** The columns' labels over a rule; returns where the first row goes. */
export function tableHeader(doc: Pdf, table: Table, y: number): number {
  tableRow(
    doc,
    table,
    table.columns.map((column) => column.label),
    y,
    BOLD,
    MUTED,
  );
  rule(doc, y + 14);
  return y + table.rowHeight + table.headerGap;
}

/**
 * A further page, headed "<title> (continued)" ("Invoice SS-10001 (continued)"): pages printed apart
 * still say which document they belong to. Returns where its content starts.
 */
export function continuedPage(doc: Pdf, title: string): number {
  doc.addPage();
  cell(doc, `${title} (continued)`, PAGE.margin, PAGE.margin, CONTENT_WIDTH, {
    color: MUTED,
    size: 9,
  });
  return PAGE.margin + 22;
}

/**
 * The header and the rows from y, going on to a further page (headed again) when a row would pass
 * the bottom margin (see continuedPage for `title`); `each` draws what a row has beyond its text.
 * Returns the y below the last row.
 */
export function drawTable(
  doc: Pdf,
  table: Table,
  rows: string[][],
  y: number,
  title: string,
  each?: (y: number) => void,
): number {
  let at = tableHeader(doc, table, y);
  for (const values of rows) {
    if (at > LAST_ROW_Y) at = tableHeader(doc, table, continuedPage(doc, title));
    tableRow(doc, table, values, at);
    each?.(at);
    at += table.rowHeight;
  }
  return at;
}
