import type { Shoe } from '../../../domain/catalog.js';
import type { Order } from '../../../domain/payment.js';

/**
 * What a receiver is told of an order (docs/operations.md "Webhooks"): what an ERP needs to fulfil and
 * account for it. Of the buyer, the email and the delivery address (to ship), nothing of the card;
 * amounts in cents.
 */
export function orderData(order: Order) {
  return {
    id: order._id,
    number: order.number,
    status: order.status,
    createdAt: order.date,
    email: order.email,
    totalCents: order.amount,
    discountCents: order.discount,
    discountCode: order.discountCode,
    shippingCents: order.shipping?.amount ?? 0,
    shippingMethod: order.shipping?.method ?? null,
    taxCents: order.tax,
    refundedCents: order.refunded,
    deliveryAddress: order.deliveryAddress,
    shipment: order.shipment,
    lines: order.shoe.map((line) => ({
      id: line.lineId,
      shoeId: line._id,
      name: line.name,
      size: line.size,
      sku: line.sku ?? null,
      quantity: line.quantity,
      unitPriceCents: Math.round(line.price * 100),
    })),
  };
}

/** A shoe as the catalogue answers it, prices in cents, each size with its SKU and pairs in stock. */
export function shoeData(shoe: Shoe) {
  return {
    id: shoe._id,
    name: shoe.name,
    brand: shoe.brand,
    color: shoe.color,
    description: shoe.description,
    image: shoe.image,
    priceCents: Math.round(shoe.price * 100),
    compareAtCents: shoe.compareAtPrice === undefined ? null : Math.round(shoe.compareAtPrice * 100),
    onSale: shoe.onSale,
    sizes: shoe.stock.map((entry) => ({
      size: entry.size,
      sku: entry.sku ?? null,
      gtin: entry.gtin ?? null,
      quantity: entry.quantity,
    })),
  };
}

/** A return as its order keeps it. */
export function returnData(order: Order, returnId: string) {
  const found = order.returns.find((entry) => entry._id === returnId);
  if (!found) return undefined;
  return {
    id: found._id,
    status: found.status,
    reason: found.reason,
    requestedAt: found.date,
    decidedAt: found.decidedAt,
    lines: found.lines.map((line) => {
      const bought = order.shoe.find((candidate) => candidate.lineId === line.lineId);
      return {
        lineId: line.lineId,
        shoeId: bought?._id ?? null,
        size: bought?.size ?? null,
        sku: bought?.sku ?? null,
        quantity: line.quantity,
      };
    }),
  };
}
