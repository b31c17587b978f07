import type { PackingSlip } from '../../../domain/invoice.js';
import {
  addressBlock,
  block,
  BOLD,
  cell,
  CONTENT_WIDTH,
  letterhead,
  MUTED,
  PAGE,
  renderPdf,
  rule,
  type Pdf,
} from './pdf-document.js';
import { drawTable, type Table } from './pdf-table.js';

/** Item, size, quantity, SKU and a box to tick when packed: no prices (it travels in the parcel). */
const LINES: Table = {
  columns: [
    { label: 'Item', width: 232, align: 'left' },
    { label: 'Size', width: 50, align: 'left' },
    { label: 'Qty', width: 40, align: 'right' },
    { label: 'SKU', width: 150, align: 'left' },
    { label: 'Packed', width: 40, align: 'right' },
  ],
  rowHeight: 20,
  headerGap: 0,
  indent: 10,
};

/** A box to tick, drawn in the last column. */
function checkbox(doc: Pdf, y: number): void {
  doc
    .rect(PAGE.margin + CONTENT_WIDTH - 10, y - 1, 10, 10)
    .lineWidth(0.75)
    .strokeColor(MUTED)
    .stroke();
}

/** What the staff pack and put in the parcel (issue 31 item 8). */
export function packingSlipPdf(slip: PackingSlip): Promise<Buffer> {
  return renderPdf(
    { title: `Packing slip ${slip.number}`, author: slip.shop.name, subject: `Order ${slip.number}` },
    (doc) => {
      let y = letterhead(doc, slip.shop, 'Packing slip', [
        ['Order', slip.number],
        ['Date', slip.date],
      ]);
      const shipTo = slip.phone ? [...slip.shipTo, slip.phone] : slip.shipTo;
      const left = addressBlock(doc, 'Ship to', shipTo, PAGE.margin, y);
      const x = PAGE.margin + CONTENT_WIDTH / 2;
      cell(doc, 'SHIPPING', x, y, CONTENT_WIDTH / 2, { font: BOLD, size: 8, color: MUTED });
      const right = block(
        doc,
        [
          slip.shippingMethod ?? 'No method chosen',
          ...(slip.estimate ? [`Estimated delivery ${slip.estimate}`] : []),
        ],
        x,
        y + 13,
        CONTENT_WIDTH / 2,
      );
      y = drawTable(
        doc,
        LINES,
        slip.lines.map((line) => [line.name, line.size, String(line.quantity), line.sku ?? '-', '']),
        Math.max(left, right) + 14,
        `Packing slip ${slip.number}`,
        (at) => checkbox(doc, at),
      );
      rule(doc, y - 6);
      // Under the quantities: the count the packer checks the parcel against.
      const pairs = `Total: ${slip.pairs} ${slip.pairs === 1 ? 'pair' : 'pairs'}`;
      const qtyRight = LINES.columns[0]!.width + LINES.columns[1]!.width + LINES.columns[2]!.width;
      cell(doc, pairs, PAGE.margin, y + 2, qtyRight, { font: BOLD, align: 'right' });
      cell(
        doc,
        `Questions about this parcel? Quote order ${slip.number}.`,
        PAGE.margin,
        y + 30,
        CONTENT_WIDTH,
        {
          color: MUTED,
          size: 9,
        },
      );
    },
  );
}
