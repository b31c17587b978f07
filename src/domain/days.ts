const DAY_MS = 24 * 60 * 60 * 1000;

/** `YYYY-MM-DD` of an instant, in UTC: the server and every chart count days the same way. */
export function dayOf(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/** The last `count` days up to and including `today`'s, oldest first. */
export function lastDays(count: number, today: Date): string[] {
  return Array.from({ length: count }, (_, i) => dayOf(new Date(today.getTime() - (count - 1 - i) * DAY_MS)));
}

/** One entry per day of `days`, taking the matching row when there is one and `empty` otherwise. */
export function fillDays<T extends { day: string }>(
  days: string[],
  rows: T[],
  empty: (day: string) => T,
): T[] {
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return days.map((day) => byDay.get(day) ?? empty(day));
}
