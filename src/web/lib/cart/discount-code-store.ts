import { useSyncExternalStore } from 'react';
import { DISCOUNT_CODE_STORAGE_KEY } from '../../../domain/constants';

/**
 * The discount code applied to the cart, kept in localStorage beside it (DISCOUNT_CODE_STORAGE_KEY),
 * so a reload or another tab keeps it; the cart page prices it again whenever the cart changes.
 */
type Listener = () => void;
const listeners = new Set<Listener>();

function read(): string {
  try {
    return window.localStorage.getItem(DISCOUNT_CODE_STORAGE_KEY) ?? '';
  } catch {
    return '';
  }
}

let code = typeof window === 'undefined' ? '' : read();

function onStorage(event: StorageEvent): void {
  if (event.key !== DISCOUNT_CODE_STORAGE_KEY && event.key !== null) return;
  code = read();
  for (const listener of listeners) listener();
}

function subscribe(listener: Listener): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

export function setDiscountCode(next: string): void {
  code = next;
  try {
    if (next) window.localStorage.setItem(DISCOUNT_CODE_STORAGE_KEY, next);
    else window.localStorage.removeItem(DISCOUNT_CODE_STORAGE_KEY);
  } catch {
    // Disabled storage: the code lives for this page only.
  }
  for (const listener of listeners) listener();
}

/** The applied code ('' for none); the server's render has none. */
export function useDiscountCode(): string {
  return useSyncExternalStore(
    subscribe,
    () => code,
    () => '',
  );
}
