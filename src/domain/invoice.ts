import { addressLines, type Order } from './payment.js';

/**
 * What an invoice and a packing slip say about an order (issue 31 item 8), shaped apart from the PDF
 * drawing so that the arithmetic of a document of record is tested on its own: every amount in integer
 * cents, and subtotal - discount + shipping + tax is exactly the total that was charged.
 */

/** Who sells: the shop's name and its postal address, one line each (SHOP_NAME, SHOP_ADDRESS). */
export interface ShopIdentity {
  name: string;
  addressLines: string[];
}

export interface InvoiceLine {
  name: string;
  /** The size's SKU when it was bought; null for orders placed before SKUs. */
  sku: string | null;
  size: string;
  quantity: number;
  unitCents: number;
  /** unitCents x quantity, before the discount code (the code has its own row below). */
  totalCents: number;
}

export interface InvoiceRefund {
  date: string;
  amountCents: number;
}

export interface Invoice {
  shop: ShopIdentity;
  number: string;
  /** The order's day, written out ("November 26, 2026", UTC). */
  date: string;
  idPayment: string;
  /** The last four digits of the card that paid; null when the payment service did not say. */
  cardLast4: string | null;
  email: string;
  /** The billing address, or the delivery address when billing is the same; empty when the order has none. */
  billTo: string[];
  /** Empty for an order paid without one (the spec's checkout body). */
  shipTo: string[];
  lines: InvoiceLine[];
  subtotalCents: number;
  discount: { code: string | null; cents: number } | null;
  shipping: { method: string; cents: number } | null;
  tax: { rate: string | null; cents: number } | null;
  /**
   * What the figures above leave unexplained of the total charged: 0 for every order the checkout
   * records. Shown as its own row if ever it is not, so the document still adds up to what the card paid.
   */
  adjustmentCents: number;
  /** What was charged. */
  totalCents: number;
  /** Refunds that went through, oldest first, and what the shopper paid in the end. */
  refunds: InvoiceRefund[];
  netCents: number;
}

export interface PackingSlipLine {
  name: string;
  size: string;
  quantity: number;
  /** The stock-keeping unit, when the catalogue has them (it does not yet). */
  sku: string | null;
}

export interface PackingSlip {
  shop: ShopIdentity;
  number: string;
  date: string;
  idPayment: string;
  shipTo: string[];
  phone: string | null;
  shippingMethod: string | null;
  /** The estimated delivery, "2026-11-30 to 2026-12-02"; null without a method. */
  estimate: string | null;
  lines: PackingSlipLine[];
  pairs: number;
}

/** Dollars as the API answers them (a line's price, discount and tax) back to exact cents. */
const toCents = (dollars: number) => Math.round(dollars * 100);

/** "$1,234.50": a document of record always shows the cents. */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const dollars = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

/** A rate in thousandths of a percent as people write it: 7250 is "7.25%", 8875 "8.875%". */
export function formatTaxRate(milliPercent: number): string {
  const whole = Math.floor(milliPercent / 1000);
  const fraction = String(milliPercent % 1000)
    .padStart(3, '0')
    .replace(/0+$/, '');
  return `${whole}${fraction ? `.${fraction}` : ''}%`;
}

/** An ISO instant's calendar day in UTC, written out: the same day whoever downloads it, wherever. */
export function formatDocumentDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

export function invoiceOf(order: Order, shop: ShopIdentity): Invoice {
  const lines = order.shoe.map((line) => {
    const unitCents = toCents(line.price);
    return {
      name: line.name,
      sku: line.sku ?? null,
      size: line.size,
      quantity: line.quantity,
      unitCents,
      totalCents: unitCents * line.quantity,
    };
  });
  const subtotalCents = lines.reduce((sum, line) => sum + line.totalCents, 0);
  const shippingCents = order.shipping?.amount ?? 0;
  const refunds = order.refunds
    .filter((refund) => refund.status === 'succeeded')
    .map((refund) => ({ date: formatDocumentDate(refund.date), amountCents: refund.amount }));
  const billing = order.billingAddress ?? order.deliveryAddress;
  return {
    shop,
    number: order.number,
    date: formatDocumentDate(order.date),
    idPayment: order.idPayment,
    cardLast4: order.cardLast4,
    email: order.email,
    billTo: billing ? addressLines(billing) : [],
    shipTo: order.deliveryAddress ? addressLines(order.deliveryAddress) : [],
    lines,
    subtotalCents,
    discount: order.discount > 0 ? { code: order.discountCode, cents: order.discount } : null,
    shipping: order.shipping ? { method: order.shipping.method, cents: shippingCents } : null,
    tax:
      order.tax > 0 || order.taxRate !== null
        ? { rate: order.taxRate === null ? null : formatTaxRate(order.taxRate), cents: order.tax }
        : null,
    adjustmentCents: order.amount - (subtotalCents - order.discount + shippingCents + order.tax),
    totalCents: order.amount,
    refunds,
    netCents: order.amount - refunds.reduce((sum, refund) => sum + refund.amountCents, 0),
  };
}

export function packingSlipOf(order: Order, shop: ShopIdentity): PackingSlip {
  const estimate = order.shipping?.estimate;
  return {
    shop,
    number: order.number,
    date: formatDocumentDate(order.date),
    idPayment: order.idPayment,
    shipTo: order.deliveryAddress ? addressLines(order.deliveryAddress) : [],
    phone: order.deliveryAddress?.phone ?? null,
    shippingMethod: order.shipping?.method ?? null,
    estimate: estimate?.from && estimate.to ? `${estimate.from} to ${estimate.to}` : null,
    lines: order.shoe.map((line) => ({
      name: line.name,
      size: line.size,
      quantity: line.quantity,
      sku: line.sku ?? null,
    })),
    pairs: order.shoe.reduce((sum, line) => sum + line.quantity, 0),
  };
}

/** The file a shopper saves: "invoice-SS-10042.pdf" (the number is letters, digits and a dash). */
export function invoiceFileName(order: Pick<Order, 'number'>): string {
  return `invoice-${order.number}.pdf`;
}

export function packingSlipFileName(order: Pick<Order, 'number'>): string {
  return `packing-slip-${order.number}.pdf`;
}
