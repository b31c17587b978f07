import { useSyncExternalStore } from 'react';
import type { CartLine } from '../../../domain/cart-lines';
import { lineKey } from '../../../domain/cart-merge';
import type { CartLineChanges, SavedCart } from '../../../domain/contracts/carts';

/**
 * The cart as the account last saved it (issue 35 item 1): what the cart page says changed since
 * each line was added. Filled by cart-sync.ts, which loads only for a signed-in shopper (a visitor's
 * pages carry none of it); without Zod, so the cart page can read it on its first paint.
 */
type Listener = () => void;
const listeners = new Set<Listener>();
let saved: SavedCart | null = null;
let refresher: (() => void) | null = null;

/** The key of the device's sync state: whose saved cart `carrito` follows, at which version. */
export const CART_SYNC_KEY = 'carrito-sync';

export interface CartSyncState {
  userId: string;
  /** The saved cart's version `carrito` was last made equal to. */
  version: number;
  /** Changes made here not yet saved (sent at the next chance). */
  dirty: boolean;
}

export function readSyncState(): CartSyncState | null {
  try {
    const raw = window.localStorage.getItem(CART_SYNC_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<CartSyncState>;
    return typeof parsed.userId === 'string' &&
      typeof parsed.version === 'number' &&
      typeof parsed.dirty === 'boolean'
      ? { userId: parsed.userId, version: parsed.version, dirty: parsed.dirty }
      : null;
  } catch {
    return null;
  }
}

export function writeSyncState(state: CartSyncState | null): void {
  try {
    if (state) window.localStorage.setItem(CART_SYNC_KEY, JSON.stringify(state));
    else window.localStorage.removeItem(CART_SYNC_KEY);
  } catch {
    // Storage blocked: the cart is saved on the account all the same; this tab follows it.
  }
}

/**
 * A change the shopper made in this tab, even before cart-sync.ts runs (a press made before the app
 * took over is replayed as the app starts, while the session is still being asked): the device's cart
 * is then marked unsaved, so the sync sends it instead of reading the saved cart over it.
 */
export function markUnsavedChange(): void {
  const state = readSyncState();
  if (state && !state.dirty) writeSyncState({ ...state, dirty: true });
}

export function setSavedCart(next: SavedCart | null): void {
  saved = next;
  for (const listener of listeners) listener();
}

/** cart-sync.ts registers how to read the saved cart again (null once signed out). */
export function setSavedCartRefresher(refresh: (() => void) | null): void {
  refresher = refresh;
}

/** Reads the saved cart again (the cart page opening); nothing for a visitor. */
export function refreshSavedCart(): void {
  refresher?.();
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** What changed since each line was added, by line, as the account's cart last said (none for a visitor). */
export function useSavedCartChanges(): (line: Pick<CartLine, '_id' | 'size'>) => CartLineChanges | undefined {
  const current = useSyncExternalStore(
    subscribe,
    () => saved,
    () => null,
  );
  return (line) => {
    const key = lineKey(line);
    return current?.lines.find((item) => lineKey(item) === key)?.changes;
  };
}
