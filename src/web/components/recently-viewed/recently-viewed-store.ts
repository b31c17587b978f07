import { isUuid } from '../../../domain/uuid';

/**
 * The shoes this device opened, most recent first (issue 35 item 6): ids only, in localStorage under
 * RECENTLY_VIEWED_KEY, never sent to the server. At most RECENTLY_VIEWED_KEPT of them.
 */
export const RECENTLY_VIEWED_KEY = 'recently-viewed';
export const RECENTLY_VIEWED_KEPT = 12;

/** The ids kept in `stored` (the item's text), whatever was written there by hand or by an older shop. */
export function parseRecentlyViewed(stored: string | null): string[] {
  if (!stored) return [];
  try {
    const value: unknown = JSON.parse(stored);
    if (!Array.isArray(value)) return [];
    const ids = value.filter((id): id is string => typeof id === 'string' && isUuid(id));
    return [...new Set(ids)].slice(0, RECENTLY_VIEWED_KEPT);
  } catch {
    return [];
  }
}

/** `ids` with `id` first (moved there when it was already in), cut to RECENTLY_VIEWED_KEPT. */
export function withViewed(ids: readonly string[], id: string): string[] {
  return [id, ...ids.filter((kept) => kept !== id)].slice(0, RECENTLY_VIEWED_KEPT);
}

const listeners = new Set<() => void>();
let cachedText: string | null = null;
let cachedIds: string[] = [];

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined; // Storage blocked: nothing is remembered.
  }
}

/** The ids as stored, the same array while the stored text is the same (useSyncExternalStore). */
export function readRecentlyViewed(): string[] {
  const text = storage()?.getItem(RECENTLY_VIEWED_KEY) ?? null;
  if (text !== cachedText) {
    cachedText = text;
    cachedIds = parseRecentlyViewed(text);
  }
  return cachedIds;
}

function write(ids: string[]): void {
  try {
    storage()?.setItem(RECENTLY_VIEWED_KEY, JSON.stringify(ids));
  } catch {
    return; // Full or blocked: the row simply does not grow.
  }
  for (const listener of listeners) listener();
}

/** Remembers that the shoe `id` was opened on this device. */
export function rememberViewed(id: string): void {
  if (!isUuid(id)) return;
  const ids = readRecentlyViewed();
  if (ids[0] === id) return;
  write(withViewed(ids, id));
}

/** Forgets shoes that no longer exist. */
export function forgetViewed(gone: readonly string[]): void {
  const ids = readRecentlyViewed();
  const kept = ids.filter((id) => !gone.includes(id));
  if (kept.length !== ids.length) write(kept);
}

/** Calls `listener` when this tab or another one changes the list. */
export function subscribeRecentlyViewed(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === RECENTLY_VIEWED_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
