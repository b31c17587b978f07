import type { User } from '../../../domain/account.js';
import {
  invoiceFileName,
  invoiceOf,
  packingSlipFileName,
  packingSlipOf,
  type ShopIdentity,
} from '../../../domain/invoice.js';
import { invoicePdf } from './invoice-pdf.js';
import { packingSlipPdf } from './packing-slip-pdf.js';
import type { OrdersService } from './service.js';

export interface OrderDocument {
  fileName: string;
  pdf: Buffer;
}

/**
 * An order's printed documents (issue 31 item 8). Who may have one is exactly who may read the order
 * (OrdersService.one: its buyer or staff, anyone else's answers as missing); the packing slip's route
 * lets only staff through.
 */
export function createOrderDocuments(deps: { orders: Pick<OrdersService, 'one'>; shop: ShopIdentity }) {
  const { orders, shop } = deps;
  return {
    async invoice(viewer: User, idOrPayment: string): Promise<OrderDocument> {
      const order = await orders.one(viewer, idOrPayment);
      return { fileName: invoiceFileName(order), pdf: await invoicePdf(invoiceOf(order, shop)) };
    },

    async packingSlip(viewer: User, idOrPayment: string): Promise<OrderDocument> {
      const order = await orders.one(viewer, idOrPayment);
      return { fileName: packingSlipFileName(order), pdf: await packingSlipPdf(packingSlipOf(order, shop)) };
    },
  };
}

export type OrderDocuments = ReturnType<typeof createOrderDocuments>;
