/**
 * After paying, the cart sends the shopper to the order's own page with this navigation state, and
 * the page opens with the confirmation ("Thank you! Order SS-10042 is confirmed"). The state lives
 * in the browser's history entry: a reload keeps it, a link to the order (a mail's, My Orders') does
 * not, so the thanks are said where they were earned.
 */
export const JUST_PAID = { justPaid: true } as const;

export function isJustPaid(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { justPaid?: unknown }).justPaid === true;
}
