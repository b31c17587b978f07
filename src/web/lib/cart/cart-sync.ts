import type { CartLine } from '../../../domain/cart-lines';
import { cartLineFields } from '../../../domain/cart-lines';
import { sameLines } from '../../../domain/cart-merge';
import { savedCartSchema, type SavedCart } from '../../../domain/contracts/carts';
import { ApiError, apiUrl, getData, sendJson } from '../../api/http';
import { getSnapshot, onLocalChange, replaceCart } from './cart-store';
import {
  readSyncState,
  setSavedCart,
  setSavedCartRefresher,
  writeSyncState,
  type CartSyncState,
} from './saved-cart-store';

/**
 * A signed-in shopper's cart follows them (issue 35 item 1, docs/decisions/025). `carrito` stays the
 * cart the pages use (spec §3); this keeps it equal to the cart saved on the account:
 *
 * - signing in (any way that ends with a session) merges the device's cart into the saved one (the
 *   same shoe and size keeps the larger quantity) and both are then that cart;
 * - opening the app signed in, or coming back to the tab, reads the saved cart;
 * - every change here is saved a moment later (changes made together go as one write, never holding
 *   up the page), written on the version this device last had: if another device changed the cart
 *   since, the server merges this device's cart into it instead, so no line is lost unseen.
 *
 * Loaded only once someone is signed in (use-cart-follows-shopper.ts): a visitor's pages carry none of
 * it, nor Zod.
 */
const SAVE_AFTER_MS = 400;

let userId: string | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
let running: Promise<void> | null = null;
let again = false;
/** Bumped by each change made here: an answer to an older cart is not taken over a newer one. */
let edits = 0;
/** Bumped at each start and stop: an answer for a shopper who signed out since is dropped. */
let generation = 0;
/** Who waits for the sync to start (a reminder's restore, asked as the page opens). */
const waitingForStart: (() => void)[] = [];

interface Sent {
  edits: number;
  generation: number;
}
const now = (): Sent => ({ edits, generation });

const url = (path = '') => apiUrl(`/account/cart${path}`);
const linesOf = (cart: SavedCart): CartLine[] => cart.lines.map(cartLineFields);

function state(): CartSyncState {
  const stored = readSyncState();
  return stored?.userId === userId ? stored : { userId: userId!, version: 0, dirty: false };
}

/** The saved cart becomes this device's, unless the shopper changed it here meanwhile (sent next). */
function take(cart: SavedCart, sent: Sent): void {
  if (userId === null || sent.generation !== generation) return;
  setSavedCart(cart);
  const newer = edits !== sent.edits;
  writeSyncState({ userId, version: cart.version, dirty: newer });
  if (newer) {
    schedule();
    return;
  }
  const lines = linesOf(cart);
  if (!sameLines(lines, getSnapshot()) || lines.some((line, i) => line.price !== getSnapshot()[i]!.price)) {
    replaceCart(lines);
  }
}

/** One request at a time; a call meanwhile runs once more after it. */
function serially(work: () => Promise<void>): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  running = work()
    .catch((error: unknown) => {
      // Offline or refused: the change stays marked and goes with the next one, or on coming back.
      if (!(error instanceof ApiError) || error.status >= 500 || error.status === 0) return;
      console.warn('The cart could not be saved to your account', error);
    })
    .finally(() => {
      running = null;
      if (again) {
        again = false;
        void sync();
      }
    });
  return running;
}

async function merge(): Promise<void> {
  const sent = now();
  take(await sendJson('POST', url('/merge'), { lines: getSnapshot() }, savedCartSchema), sent);
}

/** Made on an older saved cart (another device wrote since), the server merges it instead. */
async function save(): Promise<void> {
  const sent = now();
  const body = { version: state().version, lines: getSnapshot() };
  take(await sendJson('PUT', url(), body, savedCartSchema), sent);
}

async function read(): Promise<void> {
  const sent = now();
  take(await getData(url(), savedCartSchema), sent);
}

/** Sends what changed here, or reads the saved cart when nothing did. */
function sync(): Promise<void> {
  return serially(() => (state().dirty ? save() : read()));
}

function schedule(): void {
  clearTimeout(timer);
  timer = setTimeout(() => void sync(), SAVE_AFTER_MS);
}

function changedHere(): void {
  edits += 1;
  writeSyncState({ ...state(), dirty: true });
  schedule();
}

function onVisible(): void {
  if (document.visibilityState === 'visible') void sync();
}

/**
 * Starts following `id`'s saved cart; returns the stop. The device's cart merges into the saved one
 * unless it is already that account's copy (then changes not yet saved are sent, else it is read).
 */
export function startCartSync(id: string): () => void {
  userId = id;
  generation += 1;
  const stored = readSyncState();
  if (stored && stored.userId !== id) {
    // Another account's cart, left by a session that ended without signing out: it is saved on that
    // account, and is not this shopper's to merge.
    replaceCart([]);
    writeSyncState(null);
  }
  const following = stored?.userId === id;
  const stopListening = onLocalChange(changedHere);
  setSavedCartRefresher(() => void sync());
  document.addEventListener('visibilitychange', onVisible);
  window.addEventListener('online', onVisible);
  void serially(following ? () => (state().dirty ? save() : read()) : merge);
  for (const resolve of waitingForStart.splice(0)) resolve();
  return () => {
    stopListening();
    clearTimeout(timer);
    document.removeEventListener('visibilitychange', onVisible);
    window.removeEventListener('online', onVisible);
    setSavedCartRefresher(null);
    setSavedCart(null);
    userId = null;
    generation += 1;
  };
}

/**
 * A reminder mail's link (`/cart?restore=<token>`, docs/decisions/029): once the sync has started
 * and its first merge or read is done, the server merges the mailed lines into the saved cart and
 * this device takes the answer, as after any write. False when the link is refused (not valid any
 * more, or mailed to another account).
 */
export async function restoreReminderCart(token: string): Promise<boolean> {
  if (userId === null) await new Promise<void>((resolve) => waitingForStart.push(resolve));
  while (running) await running;
  const sent = now();
  try {
    take(await sendJson('POST', url('/restore'), { token }, savedCartSchema), sent);
    return true;
  } catch {
    return false;
  }
}

/**
 * Signed out: the account's cart leaves this device (it stays saved on the account and comes back at
 * the next sign-in); changes not yet saved stay, to be sent when the same shopper signs in again.
 */
export function forgetSignedOutCart(): void {
  const stored = readSyncState();
  if (!stored || stored.dirty) return;
  replaceCart([]);
  writeSyncState(null);
}
