/**
 * The shop's sizes are US men's sizes (the size picker's values, spec §2's twelve), each with its
 * standard equivalents: US women's (1.5 larger), UK, EU and the foot's length in cm. The spec's own
 * table repeated the size as its US column and grew EU a whole size per half US size; decision 021
 * says why this one replaces it.
 */
export interface SizeChartRow {
  /** The shop's size: US men's. */
  size: string;
  usWomen: string;
  uk: string;
  eu: string;
  cm: string;
}

export const SIZE_CHART: readonly SizeChartRow[] = [
  { size: '6', usWomen: '7.5', uk: '5.5', eu: '38.5', cm: '24' },
  { size: '6.5', usWomen: '8', uk: '6', eu: '39', cm: '24.5' },
  { size: '7', usWomen: '8.5', uk: '6', eu: '40', cm: '25' },
  { size: '7.5', usWomen: '9', uk: '6.5', eu: '40.5', cm: '25.5' },
  { size: '8', usWomen: '9.5', uk: '7', eu: '41', cm: '26' },
  { size: '8.5', usWomen: '10', uk: '7.5', eu: '42', cm: '26.5' },
  { size: '9', usWomen: '10.5', uk: '8', eu: '42.5', cm: '27' },
  { size: '9.5', usWomen: '11', uk: '8.5', eu: '43', cm: '27.5' },
  { size: '10', usWomen: '11.5', uk: '9', eu: '44', cm: '28' },
  { size: '10.5', usWomen: '12', uk: '9.5', eu: '44.5', cm: '28.5' },
  { size: '11', usWomen: '12.5', uk: '10', eu: '45', cm: '29' },
  { size: '11.5', usWomen: '13', uk: '10.5', eu: '45.5', cm: '29.5' },
];

export const CHART_SIZES: readonly string[] = SIZE_CHART.map((row) => row.size);

/** Sizes sort numerically ("9.5" after "9", "10" after "9.5"). */
export function compareSizes(a: string, b: string): number {
  return Number(a) - Number(b);
}

/**
 * The bit of a chart size in a shoe's sizes in stock (`shoes.sizes_in_stock`; the database's
 * `chart_size_bit`, migration 0007, numbers them the same way); 0 for a size off the chart.
 */
export function sizeBit(size: string): number {
  const index = CHART_SIZES.indexOf(size);
  return index < 0 ? 0 : 1 << index;
}

export function isChartSize(value: string): boolean {
  return CHART_SIZES.includes(value);
}
