import { describe, expect, it } from 'vitest';
import { shipmentRequestSchema, trackingUrl } from './shipping.js';

describe('shipping', () => {
  it('links each carrier’s tracking page, and none for another carrier', () => {
    expect(trackingUrl('UPS', '1Z999AA10123456784')).toBe(
      'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    );
    expect(trackingUrl('FedEx', '449044304137821')).toBe(
      'https://www.fedex.com/fedextrack/?trknbr=449044304137821',
    );
    expect(trackingUrl('USPS', '9400-1000')).toContain('tLabels=9400-1000');
    expect(trackingUrl('DHL', 'JD014600006281230701')).toContain('tracking-id=JD014600006281230701');
    expect(trackingUrl('Other', 'ABC123')).toBeNull();
  });

  it('takes tracking numbers as carriers print them, nothing that could leave the link', () => {
    expect(shipmentRequestSchema.parse({ carrier: 'UPS', trackingNumber: ' 1Z999AA1 ' })).toEqual({
      carrier: 'UPS',
      trackingNumber: '1Z999AA1',
    });
    for (const trackingNumber of ['abc', 'x'.repeat(41), '123&evil=1', '12 34 56', '<script>', '../../x']) {
      expect(
        shipmentRequestSchema.safeParse({ carrier: 'UPS', trackingNumber }).success,
        trackingNumber,
      ).toBe(false);
    }
    expect(shipmentRequestSchema.safeParse({ carrier: 'Pigeon', trackingNumber: 'ABCD1234' }).success).toBe(
      false,
    );
  });
});
