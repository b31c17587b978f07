/**
 * An order's short number (issue 31): what a shopper reads out on the phone and staff search by,
 * "SS-10042", beside the payment id. The database counts them from 10001.
 */
const PREFIX = 'SS-';

export function formatOrderNumber(number: number): string {
  return `${PREFIX}${number}`;
}

/** The number in "SS-10042", "ss-10042" or "10042"; undefined for anything else. */
export function parseOrderNumber(text: string): number | undefined {
  const match = /^(?:ss-?)?(\d{1,9})$/i.exec(text.trim());
  return match ? Number(match[1]) : undefined;
}
