import type { StockChange } from '../cache/cache-tags.js';

/**
 * What happened, as a change tells it (docs/decisions/017). Written in the change's own transaction
 * (outbox-repository.ts) and handed to the consumers after commit (dispatcher.ts).
 */
export type DomainEvent =
  /** Pairs were taken or put back: an order, a refund that restocks, or a checkout that found stock gone. */
  | { type: 'stock.changed'; payload: StockChange }
  /** Shoes, sizes, brands or reviews were edited: every catalogue answer may have changed. */
  | { type: 'catalog.changed'; payload: Record<string, never> };

export type DomainEventType = DomainEvent['type'];

/** An event as the outbox keeps it. */
export type StoredEvent = DomainEvent & { id: string };

/** Acts on an event after its change committed; may be handed the same event twice. */
export type EventConsumer = (event: StoredEvent) => void | Promise<void>;
