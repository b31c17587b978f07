import { describe, expect, it } from 'vitest';
import type { Invoice, PackingSlip } from '../../../domain/invoice.js';
import { pdfText } from '../../../../tests/api/support/pdf-text.js';
import { invoicePdf } from './invoice-pdf.js';
import { packingSlipPdf } from './packing-slip-pdf.js';
import { winAnsi } from './pdf-document.js';

const SHOP = { name: 'Sneaker Street', addressLines: ['1 Lace Lane', 'Portland, OR 97201'] };

/** An order of `count` lines at $1.00 each: longer than a page. */
function longInvoice(count: number): Invoice {
  const lines = Array.from({ length: count }, (_, index) => ({
    name: `Pair number ${index + 1}`,
    sku: `SKU-${index + 1}`,
    size: '9',
    quantity: 1,
    unitCents: 100,
    totalCents: 100,
  }));
  return {
    shop: SHOP,
    number: 'SS-10099',
    date: 'November 26, 2026',
    idPayment: 'pi_long',
    cardLast4: null,
    email: 'long@example.test',
    billTo: ['Antonín Dvořák', '1 Main St', 'Portland, OR 97201'],
    shipTo: ['Antonín Dvořák', '1 Main St', 'Portland, OR 97201'],
    lines,
    subtotalCents: count * 100,
    discount: null,
    shipping: { method: 'Standard', cents: 0 },
    tax: null,
    adjustmentCents: 0,
    totalCents: count * 100,
    refunds: [],
    netCents: count * 100,
  };
}

const pageCount = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;

describe('the invoice PDF', () => {
  it('goes on to further pages, heading each table, and keeps every line and the total', async () => {
    const pdf = await invoicePdf(longInvoice(90));
    expect(pageCount(pdf)).toBeGreaterThanOrEqual(3);
    const texts = pdfText(pdf);
    for (let n = 1; n <= 90; n++) expect(texts).toContain(`Pair number ${n}`);
    expect(texts.filter((text) => text === 'Unit price').length).toBeGreaterThanOrEqual(3);
    expect(texts.filter((text) => text === 'Invoice SS-10099 (continued)').length).toBe(pageCount(pdf) - 1);
    // The totals are not split across pages.
    const at = texts.indexOf('Subtotal');
    expect(texts.slice(at, at + 6)).toEqual([
      'Subtotal',
      '$90.00',
      'Shipping (Standard)',
      'Free',
      'Total',
      '$90.00',
    ]);
  });

  it('writes letters the standard fonts lack as their base letter, never as a wrong glyph', async () => {
    const texts = pdfText(await invoicePdf(longInvoice(1)));
    expect(texts).toContain('Antonín Dvorák');
  });
});

describe('the packing slip PDF', () => {
  it('lists the pairs with a box each and no money', async () => {
    const slip: PackingSlip = {
      shop: SHOP,
      number: 'SS-10099',
      date: 'November 26, 2026',
      idPayment: 'pi_long',
      shipTo: ['Sam', '1 Main St', 'Portland, OR 97201'],
      phone: null,
      shippingMethod: null,
      estimate: null,
      lines: [{ name: 'Runner', size: '9', quantity: 2, sku: null }],
      pairs: 2,
    };
    const texts = pdfText(await packingSlipPdf(slip));
    expect(texts).toEqual(
      expect.arrayContaining(['Packing slip', 'No method chosen', 'Runner', 'Total: 2 pairs']),
    );
    expect(texts.join('\n')).not.toContain('$');
  });
});

describe('winAnsi', () => {
  it('keeps Latin-1 and typographic punctuation, and replaces the rest', () => {
    expect(winAnsi('Café “Zoë” – 5’ high')).toBe('Café “Zoë” – 5’ high');
    expect(winAnsi('Dvořák, Łódź')).toBe('Dvorák, ?ódz');
    expect(winAnsi('東京\tline')).toBe('?? line');
  });
});
