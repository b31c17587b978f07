import {
  addToCart,
  decrementQuantity,
  incrementQuantity,
  parseStoredCart,
  removeLine,
  type CartLine,
} from '../../../domain/cart-lines';
import { CART_STORAGE_KEY } from '../../../domain/constants';
import { markUnsavedChange } from './saved-cart-store';

/**
 * The cart lives in localStorage under `carrito` (spec §3) and survives reloads and
 * navigation (README, "Cart"). A tiny external store rather than React context: any
 * component subscribes through useSyncExternalStore and only re-renders on change.
 */
type Listener = () => void;
export type LineKey = Pick<CartLine, '_id' | 'size'>;

function readStorage(): CartLine[] {
  try {
    return parseStoredCart(window.localStorage.getItem(CART_STORAGE_KEY));
  } catch {
    // Storage can be disabled (privacy modes); the cart then lives for this page only.
    return [];
  }
}

let cart: CartLine[] = readStorage();
const listeners = new Set<Listener>();

function emit(): void {
  for (const listener of listeners) listener();
}

/** Told of the shopper's own changes in this tab (not another tab's, not the saved cart's): cart-sync.ts. */
const localChangeListeners = new Set<Listener>();

function store(next: CartLine[]): void {
  cart = next;
  try {
    window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Full or disabled storage: keep the in-memory cart rather than lose the shopper's picks.
  }
  emit();
}

function commit(next: CartLine[]): void {
  store(next);
  markUnsavedChange();
  for (const listener of localChangeListeners) listener();
}

/** Listens to the shopper's own changes of the cart in this tab; returns the unsubscribe. */
export function onLocalChange(listener: Listener): () => void {
  localChangeListeners.add(listener);
  return () => localChangeListeners.delete(listener);
}

/**
 * The cart as saved on the account (issue 35 item 1, cart-sync.ts): stored under `carrito` like any
 * change, but not one of the shopper's own here, so it is not sent back.
 */
export function replaceCart(next: CartLine[]): void {
  store(next);
}

/** Another tab changed the cart: follow it, so two open tabs never overwrite each other. */
function onStorage(event: StorageEvent): void {
  if (event.key !== CART_STORAGE_KEY && event.key !== null) return;
  cart = readStorage();
  emit();
}

export function subscribe(listener: Listener): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

export function getSnapshot(): CartLine[] {
  return cart;
}

/**
 * The cart as the server renders it (it cannot see localStorage), and as the browser first
 * hydrates it; the shopper's own lines follow at once. Its identity tells `useCart` the lines
 * are not known yet.
 */
export const SERVER_CART: CartLine[] = [];

export function getServerSnapshot(): CartLine[] {
  return SERVER_CART;
}

export const cartActions = {
  add: (line: CartLine) => commit(addToCart(cart, line)),
  increment: (key: LineKey) => commit(incrementQuantity(cart, key)),
  decrement: (key: LineKey) => commit(decrementQuantity(cart, key)),
  remove: (key: LineKey) => commit(removeLine(cart, key)),
  /** Clear Cart stores an empty list (spec §4). */
  clear: () => commit([]),
  /** Takes the catalogue's current prices (after a checkout answered that prices changed). */
  reprice: (prices: ReadonlyMap<string, number>) => {
    const next = cart.map((line) => {
      const price = prices.get(line._id);
      return price === undefined || price === line.price ? line : { ...line, price };
    });
    if (next.some((line, index) => line !== cart[index])) commit(next);
  },
};
