/** The size chart of spec §2: size / US / UK / EU. */
export interface SizeChartRow {
  size: string;
  us: string;
  uk: string;
  eu: string;
}

export const SIZE_CHART: readonly SizeChartRow[] = [
  { size: '6', us: '6', uk: '3.5', eu: '36' },
  { size: '6.5', us: '6.5', uk: '4', eu: '37' },
  { size: '7', us: '7', uk: '4.5', eu: '38' },
  { size: '7.5', us: '7.5', uk: '5', eu: '39' },
  { size: '8', us: '8', uk: '5.5', eu: '40' },
  { size: '8.5', us: '8.5', uk: '6', eu: '41' },
  { size: '9', us: '9', uk: '6.5', eu: '42' },
  { size: '9.5', us: '9.5', uk: '7', eu: '43' },
  { size: '10', us: '10', uk: '7.5', eu: '44' },
  { size: '10.5', us: '10.5', uk: '8', eu: '45' },
  { size: '11', us: '11', uk: '8.5', eu: '46' },
  { size: '11.5', us: '11.5', uk: '9', eu: '47' },
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
