const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Dashboard money always shows cents and thousands separators ($1,234.00), so columns line up. */
export function formatDollars(amount: number): string {
  return dollars.format(amount);
}

/** Order amounts and sales are kept in cents (spec §9): shown divided by 100. */
export function formatCents(cents: number): string {
  return dollars.format(cents / 100);
}
