import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { mergeStockChanges, type StockChange } from './cache-tags.js';
import type { CatalogCache } from './response-cache.js';

/** The PostgreSQL channel on which instances announce a catalogue write (channels are per database). */
export const CATALOG_CHANNEL = 'catalog_changed';
/** Names the listening connection in pg_stat_activity, for operators and tests. */
export const CATALOG_LISTENER_NAME = 'sneaker-shop catalog cache';
const RECONNECT_MIN_MS = 200;
const RECONNECT_MAX_MS = 5_000;
/** Start-up waits this long for the first LISTEN at most: the cache TTL covers a slow database. */
const FIRST_LISTEN_WAIT_MS = 1_000;
const CLOSE_WAIT_MS = 1_000;
/**
 * An idle connection can die without a word (a NAT or proxy dropping idle flows, a host gone): a
 * small query this often keeps it busy and finds out, so the listener reconnects instead of
 * waiting for notifications that no longer come.
 */
const PING_EVERY_MS = 30_000;
const PING_TIMEOUT_MS = 5_000;
/** PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more: a longer change is sent as a full clear. */
const MAX_PAYLOAD_BYTES = 7_900;

/** What a notification says: who sent it and, for a change of stock alone, what it changed. */
interface Announcement {
  from: string;
  stock?: StockChange;
}

function isStockChange(value: unknown): value is StockChange {
  const change = value as StockChange;
  return (
    typeof value === 'object' &&
    value !== null &&
    Array.isArray(change.shoeIds) &&
    change.shoeIds.every((id) => typeof id === 'string') &&
    typeof change.sizesInStockChanged === 'boolean' &&
    typeof change.unitsSoldChanged === 'boolean'
  );
}

/** A payload as sent by announce(); anything else (an older instance's bare id) means a full clear. */
export function parseAnnouncement(payload: string): Announcement {
  try {
    const parsed = JSON.parse(payload) as { from?: unknown; stock?: unknown };
    if (typeof parsed?.from === 'string') {
      return isStockChange(parsed.stock) ? { from: parsed.from, stock: parsed.stock } : { from: parsed.from };
    }
  } catch {
    // Not JSON: an instance id alone.
  }
  return { from: payload };
}

/** The payload for a change (undefined: everything), or a full clear's when it would not fit. */
export function announcementPayload(from: string, stock: StockChange | undefined): string {
  const full = JSON.stringify({ from });
  if (!stock) return full;
  const payload = JSON.stringify({ from, stock });
  return Buffer.byteLength(payload) < MAX_PAYLOAD_BYTES ? payload : full;
}

/**
 * Several instances on one PostgreSQL database: each keeps its own catalogue cache, so a write on
 * one instance is announced with NOTIFY and every other instance, LISTENing on a connection of its
 * own, drops its copy at once instead of serving it until the TTL ends.
 * - Notifications carry the sender's id and a sender ignores its own: it cleared its cache when it
 *   wrote, and receiving never sends, so nothing loops.
 * - A change of stock alone (an order, a refund) carries what it changed, and the others drop only
 *   that (response-cache.ts `invalidate`); any other write empties their caches.
 * - Announcements are coalesced: at most one NOTIFY in flight and one waiting, however many writes
 *   (a burst of checkouts) end meanwhile; the waiting one covers every write that ended before it.
 * - The listener reconnects with backoff when its connection drops, and clears the cache once it
 *   listens again, since notifications sent meanwhile are lost.
 * - Nothing here can stop the shop: a failed LISTEN or NOTIFY is logged, and the TTL bounds staleness.
 */
export function createCatalogCacheSync(options: {
  pool: pg.Pool;
  cache: Pick<CatalogCache, 'clear' | 'invalidate'>;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
  channel?: string;
  pingEveryMs?: number;
  pingTimeoutMs?: number;
}) {
  const {
    pool,
    cache,
    log,
    channel = CATALOG_CHANNEL,
    pingEveryMs = PING_EVERY_MS,
    pingTimeoutMs = PING_TIMEOUT_MS,
  } = options;
  const instanceId = crypto.randomUUID();
  let listener: pg.Client | undefined;
  let closed = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let failures = 0;
  let lost = false;
  let pingTimer: NodeJS.Timeout | undefined;

  function dropped(client: pg.Client, error?: unknown): void {
    if (client !== listener) return;
    listener = undefined;
    clearInterval(pingTimer);
    void client.end().catch(() => undefined);
    if (closed) return;
    if (!lost) {
      lost = true;
      log.warn(
        { err: error },
        "Catalogue cache sync is not listening: other instances' catalogue changes show here only after the cache TTL until it is back",
      );
    }
    const delay = Math.min(RECONNECT_MIN_MS * 2 ** failures, RECONNECT_MAX_MS);
    failures += 1;
    retryTimer = setTimeout(() => void listen(), delay);
    retryTimer.unref();
  }

  async function listen(): Promise<void> {
    if (closed) return;
    // The pool's own settings (address, connect timeout, keep-alive), on a connection outside it:
    // LISTEN needs a session that lives on, which a pooled connection is not.
    const client = new pg.Client({ ...pool.options, application_name: CATALOG_LISTENER_NAME });
    listener = client;
    client.on('error', (error) => dropped(client, error));
    client.on('end', () => dropped(client));
    client.on('notification', (message) => {
      if (message.channel !== channel) return;
      const { from, stock } = parseAnnouncement(message.payload ?? '');
      if (from === instanceId) return;
      if (stock) cache.invalidate(stock);
      else cache.clear();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
    } catch (error) {
      dropped(client, error);
      return;
    }
    if (client !== listener) return;
    clearInterval(pingTimer);
    pingTimer = setInterval(() => void ping(client), pingEveryMs);
    pingTimer.unref();
    // Whatever was written while this instance was not listening went by unannounced.
    cache.clear();
    failures = 0;
    if (lost) {
      lost = false;
      log.info('Catalogue cache sync is listening again');
    }
  }

  async function ping(client: pg.Client): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        client.query('SELECT 1'),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('no answer to a ping')), pingTimeoutMs);
        }),
      ]);
    } catch (error) {
      dropped(client, error);
    } finally {
      clearTimeout(timer);
    }
  }

  let sending = false;
  /** What waits to be announced: nothing, a change of stock, or everything. */
  let pending: StockChange | 'everything' | undefined;
  /** Tells the other instances of a write: a change of stock alone, or (none given) anything. */
  function announce(change?: StockChange): void {
    if (closed) return;
    if (sending) {
      if (!change || pending === 'everything') pending = 'everything';
      else pending = pending ? mergeStockChanges(pending, change) : change;
      return;
    }
    sending = true;
    pool
      .query('SELECT pg_notify($1, $2)', [channel, announcementPayload(instanceId, change)])
      .catch((error: unknown) => {
        log.warn({ err: error }, 'Could not announce a catalogue change to the other instances');
      })
      .finally(() => {
        sending = false;
        const next = pending;
        pending = undefined;
        if (next) announce(next === 'everything' ? undefined : next);
      });
  }

  return {
    /** onReady hook: starts listening, waiting a moment for the first LISTEN but never failing. */
    async start(): Promise<void> {
      const first = listen();
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        first,
        new Promise((resolve) => (timer = setTimeout(resolve, FIRST_LISTEN_WAIT_MS))),
      ]);
      clearTimeout(timer);
    },

    announce,

    /** onClose hook: stops listening and reconnecting. */
    async close(): Promise<void> {
      closed = true;
      clearTimeout(retryTimer);
      clearInterval(pingTimer);
      const client = listener;
      listener = undefined;
      if (!client) return;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        client.end().catch(() => undefined),
        new Promise((resolve) => (timer = setTimeout(resolve, CLOSE_WAIT_MS))),
      ]);
      clearTimeout(timer);
    },
  };
}

export type CatalogCacheSync = ReturnType<typeof createCatalogCacheSync>;
