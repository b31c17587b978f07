import type { Order } from '../../../domain/payment.js';

/**
 * An order as the read model answers it, with everything a mail can show: two lines (one with a
 * discount), a code, Express shipping, tax, a delivery address, a shipment, a refund of one pair
 * and a return. For the templates' tests and `npm run mail:preview`; never used by the shop.
 */
export function sampleOrder(overrides: Partial<Order> = {}): Order {
  return {
    _id: '00000000-0000-4000-8000-000000000001',
    number: 'SS-10042',
    cardLast4: '4242',
    email: 'sam@example.com',
    idPayment: 'pi_3Qx7sample0042',
    amount: 19_671,
    date: '2026-11-26T14:05:00.000Z',
    status: 'Received',
    discountCode: 'FALL10',
    discount: 1_500,
    receivedAt: '2026-11-30T10:00:00.000Z',
    deliveryAddress: {
      name: "Sam O'Brien",
      line1: '1600 Pennsylvania Ave. NW',
      line2: 'Apt #2',
      city: 'Winston-Salem',
      state: 'North Carolina',
      stateCode: 'NC',
      postal_code: '27101-1234',
      phone: '3365550134',
    },
    billingAddress: null,
    shipping: { method: 'Express', amount: 1_995, estimate: { from: '2026-11-27', to: '2026-11-30' } },
    tax: 1_176,
    taxRate: 7_000,
    shipment: {
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
      trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
      shippedAt: '2026-11-27T09:00:00.000Z',
    },
    refunds: [
      {
        _id: 'refund-1',
        amount: 5_157,
        reason: 'Scuffed box (internal)',
        message: 'Sorry for the scuffed box.',
        status: 'succeeded',
        date: '2026-11-29T12:00:00.000Z',
        restock: true,
        lines: [{ lineId: 'line-2', quantity: 1 }],
      },
    ],
    refunded: 5_157,
    returns: [
      {
        _id: 'return-1',
        status: 'requested',
        reason: 'wrong_size',
        note: null,
        lines: [{ lineId: 'line-1', quantity: 1 }],
        date: '2026-12-01T08:00:00.000Z',
        decidedAt: null,
        receivedAt: null,
        message: 'These pairs were worn outside: we cannot take them back.',
        refundId: null,
      },
    ],
    returnableUntil: '2026-12-30T10:00:00.000Z',
    shoe: [
      {
        _id: '00000000-0000-4000-8000-00000000000a',
        lineId: 'line-1',
        name: 'Cloud Runner Extra Long Name Edition',
        image: '/uploads/shoes/cloud-runner.webp',
        quantity: 2,
        price: 65,
        size: '10.5',
        discount: 13,
        tax: 8.19,
      },
      {
        _id: '00000000-0000-4000-8000-00000000000b',
        lineId: 'line-2',
        name: 'Court Classic',
        image: '/uploads/shoes/court-classic.webp',
        quantity: 1,
        price: 50,
        size: '9',
        discount: 2,
        tax: 3.57,
      },
    ],
    ...overrides,
  };
}
