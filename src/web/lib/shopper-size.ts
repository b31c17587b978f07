import { isChartSize } from '../../domain/size-chart';

/**
 * The shopper's size as this device knows it (issue 35 item 4): the size of the last pair put in the
 * cart here (and so of the last pair bought from here), in localStorage under SHOPPER_SIZE_KEY,
 * never sent to the server but as the `size` of "You may also like".
 */
export const SHOPPER_SIZE_KEY = 'shopper-size';

const listeners = new Set<() => void>();

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined; // Storage blocked: no size is known.
  }
}

/** The size kept on this device, when it is one of the chart's. */
export function readShopperSize(): string | undefined {
  const size = storage()?.getItem(SHOPPER_SIZE_KEY) ?? undefined;
  return size && isChartSize(size) ? size : undefined;
}

/** Keeps `size` as the shopper's (a pair of it went into the cart). */
export function rememberShopperSize(size: string): void {
  if (!isChartSize(size)) return;
  try {
    storage()?.setItem(SHOPPER_SIZE_KEY, size);
  } catch {
    return; // Full or blocked: the row stays as for anyone.
  }
  for (const listener of listeners) listener();
}

/** useSyncExternalStore's subscribe: this tab's writes and other tabs' (the storage event). */
export function subscribeShopperSize(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === SHOPPER_SIZE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
