const shortDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/**
 * `2025-06-03` -> `Jun 3` for chart axes. The server counts days in UTC, so they are read
 * in UTC too: a local time zone must not move a day's bar to its neighbour.
 */
export function chartDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : shortDay.format(date);
}
