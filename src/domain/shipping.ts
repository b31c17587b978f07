import { z } from 'zod';

/**
 * Shipping an order (issue 19): the carrier and tracking number the staff record, and the link a
 * shopper follows. The order's status stays the spec's Pending/Received; shipping is its own record.
 */
export const CARRIERS = ['UPS', 'USPS', 'FedEx', 'DHL', 'Other'] as const;
export type Carrier = (typeof CARRIERS)[number];

/** Each carrier's public tracking page for a tracking number; none for 'Other'. */
const TRACKING_PAGES: Record<Exclude<Carrier, 'Other'>, (number: string) => string> = {
  UPS: (number) => `https://www.ups.com/track?tracknum=${number}`,
  USPS: (number) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${number}`,
  FedEx: (number) => `https://www.fedex.com/fedextrack/?trknbr=${number}`,
  DHL: (number) => `https://www.dhl.com/global-en/home/tracking/tracking-express.html?tracking-id=${number}`,
};

export function trackingUrl(carrier: Carrier, trackingNumber: string): string | null {
  return carrier === 'Other' ? null : TRACKING_PAGES[carrier](encodeURIComponent(trackingNumber));
}

/** Letters, digits and dashes, as carriers print them: nothing that could leave the tracking URL. */
export const TRACKING_NUMBER = /^[A-Za-z0-9-]{4,40}$/;

export const shipmentRequestSchema = z.object({
  carrier: z.enum(CARRIERS, 'Pick a carrier: UPS, USPS, FedEx, DHL or Other'),
  trackingNumber: z
    .string()
    .trim()
    .regex(TRACKING_NUMBER, 'A tracking number has 4 to 40 letters, digits and dashes'),
});
export type ShipmentRequest = z.infer<typeof shipmentRequestSchema>;
