/** Matrix rows of an order's PDFs (issue 31 item 8): the shopper's invoice and the staff's packing slip. */
import { expect } from 'vitest';
import { DISABLED, NOT_FOUND, OK, SIGN_IN_FIRST, staffOnly, get, type Row } from '../roles.js';
import { purchaseOf } from '../world.js';

const isPdf = (response: { headers: Record<string, unknown>; rawPayload: Buffer }) => {
  expect(response.headers['content-type']).toBe('application/pdf');
  expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
};

export const ORDER_DOCUMENT_ROWS: Row[] = [
  {
    route: 'GET /api/cart/order/{idPayment}/invoice.pdf',
    note: "the user's order's invoice",
    // Who reads the order reads its invoice: someone else's answers like a missing one.
    outcomes: {
      visitor: SIGN_IN_FIRST,
      user: OK,
      'other user': NOT_FOUND,
      'disabled user': DISABLED,
      manager: OK,
      administrator: OK,
    },
    request: ({ owner }) => get(`/api/cart/order/${purchaseOf(owner).idPayment}/invoice.pdf`),
    check: (response) => {
      isPdf(response);
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="invoice-SS-\d+\.pdf"$/);
    },
  },
  {
    route: 'GET /api/cart/order/{idPayment}/packing-slip.pdf',
    note: "the user's order's packing slip",
    outcomes: staffOnly(OK),
    request: ({ owner }) => get(`/api/cart/order/${purchaseOf(owner).orderId}/packing-slip.pdf`),
    check: (response) => {
      isPdf(response);
      expect(response.headers['content-disposition']).toMatch(
        /^inline; filename="packing-slip-SS-\d+\.pdf"$/,
      );
    },
  },
];
