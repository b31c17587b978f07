const twoDigits = (value: number) => String(value).padStart(2, '0');

/** A moment as a `datetime-local` input shows it: the browser's own zone, to the minute. */
export function localInputValue(date: Date): string {
  return (
    `${date.getFullYear()}-${twoDigits(date.getMonth() + 1)}-${twoDigits(date.getDate())}` +
    `T${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`
  );
}
