/**
 * Whether a text is a UUID (the shape of every id the shop makes). Apart from catalog.ts, whose Zod
 * schemas would otherwise come with it into the first load of a visitor's pages (the Recently viewed
 * row checks the ids it keeps).
 */
export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
