import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidGtin, isValidSku } from './product-codes';

describe('GTIN check digits', () => {
  it('accepts real barcodes of every length', () => {
    // A UPC-A, an EAN-13, a GTIN-8 and a GTIN-14 from GS1's own examples.
    for (const gtin of ['036000291452', '4006381333931', '96385074', '10012345678902']) {
      expect(isValidGtin(gtin), gtin).toBe(true);
    }
  });

  it('refuses a wrong check digit, letters and other lengths', () => {
    for (const gtin of ['036000291453', '400638133393X', '1234567', '12345678901', '', ' 036000291452']) {
      expect(isValidGtin(gtin), gtin).toBe(false);
    }
  });

  it('catches every single mistyped digit', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('036000291452', '4006381333931', '96385074', '10012345678902'),
        fc.nat(),
        fc.integer({ min: 1, max: 9 }),
        (gtin, at, shift) => {
          const index = at % gtin.length;
          const typo = (Number(gtin[index]) + shift) % 10;
          const mistyped = gtin.slice(0, index) + typo + gtin.slice(index + 1);
          expect(isValidGtin(mistyped)).toBe(false);
        },
      ),
    );
  });
});

describe('SKUs', () => {
  it('are letters, digits and . _ - up to 64 characters', () => {
    expect(isValidSku('AF1-WHT-095')).toBe(true);
    expect(isValidSku('gel.kayano_14')).toBe(true);
    expect(isValidSku('-AF1')).toBe(false);
    expect(isValidSku('AF1 WHT')).toBe(false);
    expect(isValidSku('=HYPERLINK("x")')).toBe(false);
    expect(isValidSku('A'.repeat(64))).toBe(true);
    expect(isValidSku('A'.repeat(65))).toBe(false);
  });
});
