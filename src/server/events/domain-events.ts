import type { StockChange } from '../cache/cache-tags.js';

/**
 * What happened, as a change tells it (docs/decisions/017). Written in the change's own transaction
 * (outbox-repository.ts) and handed to the consumers after commit (dispatcher.ts).
 */
export type DomainEvent =
  /** Pairs were taken or put back: an order, a refund that restocks, or a checkout that found stock gone. */
  | { type: 'stock.changed'; payload: StockChange }
  /** Shoes, sizes, brands or reviews were edited: every catalogue answer may have changed. */
  | { type: 'catalog.changed'; payload: Record<string, never> }
  /** Sizes that may be back in stock (pairs added or put back): whoever waits for them is told. */
  | { type: 'stock.restocked'; payload: { sizes: { shoeId: string; size: string }[] } }
  /** A shoe was added, by the admin form or the import (beside catalog.changed, for webhooks). */
  | { type: 'shoe.created'; payload: { shoeId: string } }
  /** A shoe's fields, stock, sale or photos were changed by the staff, one by one, in bulk or by the import. */
  | { type: 'shoe.updated'; payload: { shoeId: string } }
  /** A shoe was deleted: what a receiver needs to know which, since it can no longer be read. */
  | { type: 'shoe.deleted'; payload: { shoeId: string; name: string } }
  /** A sale took a size from above LOW_STOCK_THRESHOLD pairs to at or below it. */
  | { type: 'stock.low'; payload: { shoeId: string; size: string; left: number; threshold: number } }
  /**
   * The shoes bought together changed (modules/recommendations counted a paid order): the "You may
   * also like" answers of these shoes are stale.
   */
  | { type: 'co-purchases.changed'; payload: { shoeIds: string[] } }
  /** An order was recorded: by the checkout, or by the reconciler after a lost answer. */
  | { type: 'order.paid'; payload: { orderId: string } }
  /** An order's shipment was recorded or corrected. */
  | { type: 'order.shipped'; payload: { orderId: string } }
  /** A refund went through (from the staff's request, a return, or the provider's webhook). */
  | { type: 'order.refunded'; payload: { orderId: string; refundId: string } }
  /** The provider refused a refund: a return refunded with it goes back a step, to be decided again. */
  | { type: 'refund.failed'; payload: { orderId: string; refundId: string } }
  /** A shopper asked to return pairs. */
  | { type: 'return.requested'; payload: { orderId: string; returnId: string } }
  /** The staff approved a return without refunding it yet: the pairs are to be sent back. */
  | { type: 'return.approved'; payload: { orderId: string; returnId: string } }
  /** The staff rejected a return, with their words to the shopper. */
  | { type: 'return.rejected'; payload: { orderId: string; returnId: string } }
  /** A drop's draw decided an entry: won (charged, an order) or declined (its card refused). */
  | { type: 'drop.outcome'; payload: { dropId: string; entryId: string; outcome: 'won' | 'declined' } }
  /** A drop was scheduled, edited, closed early, cancelled or began its draw: the storefront's drops changed. */
  | { type: 'drop.changed'; payload: { dropId: string } }
  /** A drop's draw is over: the seed is revealed, every entry not drawn is lost. */
  | { type: 'drop.drawn'; payload: { dropId: string } }
  /**
   * A person deleted their account (docs/your-data.md): the user row is erased already; each owner
   * erases what it holds of them, by their id or by the address they had (`email`), and orders keep
   * `erasedEmail` in its place.
   */
  | { type: 'account.deleted'; payload: { userId: string; email: string; erasedEmail: string } };

export type DomainEventType = DomainEvent['type'];

/** An event as the outbox keeps it. */
export type StoredEvent = DomainEvent & { id: string };

/** Acts on an event after its change committed; may be handed the same event twice. */
export type EventConsumer = (event: StoredEvent) => void | Promise<void>;
