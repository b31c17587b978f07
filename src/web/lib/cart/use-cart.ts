import { useSyncExternalStore } from 'react';
import type { CartLine } from '../../../domain/cart-lines';
import { cartActions, getSnapshot, subscribe } from './cart-store';

export interface UseCart {
  lines: CartLine[];
  add: typeof cartActions.add;
  increment: typeof cartActions.increment;
  decrement: typeof cartActions.decrement;
  remove: typeof cartActions.remove;
  clear: typeof cartActions.clear;
}

/** The shopper's cart and what can be done to it; re-renders only when the cart changes. */
export function useCart(): UseCart {
  const lines = useSyncExternalStore(subscribe, getSnapshot);
  return { lines, ...cartActions };
}
