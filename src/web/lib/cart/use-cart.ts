import { useSyncExternalStore } from 'react';
import type { CartLine } from '../../../domain/cart-lines';
import { cartActions, getServerSnapshot, getSnapshot, SERVER_CART, subscribe } from './cart-store';

export interface UseCart {
  lines: CartLine[];
  /** False while the server's HTML is shown (the stored cart is not read yet). */
  known: boolean;
  add: typeof cartActions.add;
  increment: typeof cartActions.increment;
  decrement: typeof cartActions.decrement;
  remove: typeof cartActions.remove;
  clear: typeof cartActions.clear;
}

/** The shopper's cart and what can be done to it; re-renders only when the cart changes. */
export function useCart(): UseCart {
  const lines = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  return { lines, known: lines !== SERVER_CART, ...cartActions };
}
