import { formatCents, type Invoice } from '../../../domain/invoice.js';
import {
  addressBlock,
  BOLD,
  cell,
  CONTENT_WIDTH,
  LAST_ROW_Y,
  letterhead,
  MUTED,
  PAGE,
  renderPdf,
  rule,
  type Pdf,
} from './pdf-document.js';
import { continuedPage, drawTable, type Table } from './pdf-table.js';

/** The lines' columns: item, SKU, size, quantity, unit price, amount (together the content width). */
const LINES: Table = {
  columns: [
    { label: 'Item', width: 150, align: 'left' },
    { label: 'SKU', width: 120, align: 'left' },
    { label: 'Size', width: 40, align: 'left' },
    { label: 'Qty', width: 30, align: 'right' },
    { label: 'Unit price', width: 70, align: 'right' },
    { label: 'Amount', width: 102, align: 'right' },
  ],
  rowHeight: 18,
  headerGap: 2,
  indent: 0,
};
const ROW = LINES.rowHeight;

/** The totals: label on the left of the last two columns' width, amount on the right. */
function totals(doc: Pdf, title: string, rows: [string, string, boolean?][], y: number): number {
  const amountWidth = 102;
  const labelWidth = 230;
  const x = PAGE.margin + CONTENT_WIDTH - amountWidth - labelWidth;
  // The totals stay together on one page when they fit on one.
  let at = y + (rows.length - 1) * ROW > LAST_ROW_Y ? continuedPage(doc, title) : y;
  for (const [label, amount, strong] of rows) {
    if (at > LAST_ROW_Y) at = continuedPage(doc, title);
    const font = strong ? BOLD : undefined;
    cell(doc, label, x, at, labelWidth - 8, { align: 'right', font });
    cell(doc, amount, x + labelWidth, at, amountWidth, { align: 'right', font });
    at += ROW;
  }
  return at;
}

/** The rows under the lines: each figure the total is made of, then the total, then refunds. */
function totalRows(invoice: Invoice): [string, string, boolean?][] {
  const rows: [string, string, boolean?][] = [['Subtotal', formatCents(invoice.subtotalCents)]];
  if (invoice.discount) {
    const code = invoice.discount.code ? ` (code ${invoice.discount.code})` : '';
    rows.push([`Discount${code}`, formatCents(-invoice.discount.cents)]);
  }
  if (invoice.shipping) {
    const amount = invoice.shipping.cents === 0 ? 'Free' : formatCents(invoice.shipping.cents);
    rows.push([`Shipping (${invoice.shipping.method})`, amount]);
  }
  if (invoice.tax) {
    const rate = invoice.tax.rate ? ` (${invoice.tax.rate})` : '';
    rows.push([`Sales tax${rate}`, formatCents(invoice.tax.cents)]);
  }
  if (invoice.adjustmentCents !== 0) rows.push(['Adjustment', formatCents(invoice.adjustmentCents)]);
  rows.push(['Total', formatCents(invoice.totalCents), true]);
  if (invoice.refunds.length > 0) {
    for (const refund of invoice.refunds)
      rows.push([`Refunded ${refund.date}`, formatCents(-refund.amountCents)]);
    rows.push(['Paid after refunds', formatCents(invoice.netCents), true]);
  }
  return rows;
}

/** The shopper's invoice (issue 31 item 8): who sold what to whom, and exactly what it cost. */
export function invoicePdf(invoice: Invoice): Promise<Buffer> {
  return renderPdf(
    { title: `Invoice ${invoice.number}`, author: invoice.shop.name, subject: `Order ${invoice.number}` },
    (doc) => {
      let y = letterhead(doc, invoice.shop, 'Invoice', [
        ['Order', invoice.number],
        ['Date', invoice.date],
        ['Payment', invoice.idPayment],
        ...(invoice.cardLast4 ? ([['Card', `ending in ${invoice.cardLast4}`]] as [string, string][]) : []),
      ]);
      const billed = addressBlock(doc, 'Bill to', invoice.billTo, PAGE.margin, y);
      const shipped = addressBlock(doc, 'Ship to', invoice.shipTo, PAGE.margin + CONTENT_WIDTH / 2, y);
      y = Math.max(billed, shipped);
      if (invoice.email) {
        cell(doc, invoice.email, PAGE.margin, y, CONTENT_WIDTH / 2 - 10, { color: MUTED, size: 9 });
        y += 14;
      }
      const title = `Invoice ${invoice.number}`;
      y = drawTable(
        doc,
        LINES,
        invoice.lines.map((line) => [
          line.name,
          line.sku ?? '-',
          line.size,
          String(line.quantity),
          formatCents(line.unitCents),
          formatCents(line.totalCents),
        ]),
        y + 14,
        title,
      );
      rule(doc, y - 4);
      y = totals(doc, title, totalRows(invoice), y + 4);
      if (y + 20 > LAST_ROW_Y) y = continuedPage(doc, title) - 20;
      cell(doc, `Thank you for shopping at ${invoice.shop.name}.`, PAGE.margin, y + 20, CONTENT_WIDTH, {
        color: MUTED,
        size: 9,
      });
    },
  );
}
