import { isUuid } from '../../../domain/catalog.js';
import type { CartLine } from '../../../domain/cart-lines.js';
import { mergeCarts } from '../../../domain/cart-merge.js';
import type { CartLineChanges, SavedCart, SavedCartLine } from '../../../domain/contracts/carts.js';
import type { EventConsumer } from '../../events/domain-events.js';
import type { CartRepository, CartRow, LineToStore, StoredLine } from './repository.js';

/** What the cart's after-pay clearing needs to know of an order (modules/orders' read model). */
export type PaidOrderOwner = (orderId: string) => Promise<{ userId: string; paidAt: Date } | undefined>;

/** What changed since the line was added: its snapshot against the catalogue now. */
export function changesOf(line: StoredLine, lowStock: number): CartLineChanges {
  const { current } = line;
  if (!current) return { removed: true, price: null, left: null, soldOut: false, low: false };
  const left = current.stock;
  return {
    removed: false,
    price:
      current.priceCents === line.addedPriceCents || line.addedPriceCents === 0
        ? null
        : { was: line.addedPriceCents / 100, now: current.priceCents / 100 },
    left,
    soldOut: left <= 0,
    low: left > 0 && (left < line.quantity || left <= lowStock),
  };
}

function savedLineOf(line: StoredLine, lowStock: number): SavedCartLine {
  const { current } = line;
  return {
    _id: line.shoeId,
    name: current?.name ?? line.name,
    image: current?.image ?? line.image,
    quantity: line.quantity,
    // The catalogue's price now (what the checkout charges); the removed shoe's, as it was added.
    price: (current?.priceCents ?? line.addedPriceCents) / 100,
    size: line.size,
    addedAt: line.addedAt.toISOString(),
    changes: changesOf(line, lowStock),
  };
}

const asCartLine = (line: StoredLine): CartLine => ({
  _id: line.shoeId,
  name: line.name,
  image: line.image,
  quantity: line.quantity,
  price: line.addedPriceCents / 100,
  size: line.size,
});

/**
 * The device's lines as they are stored: one per shoe and size (a repeated one keeps the larger
 * quantity), and only real shoe ids (a UUID: anything else names no shoe the shop ever had).
 */
function toStore(lines: readonly CartLine[]): LineToStore[] {
  return mergeCarts([], lines)
    .filter((line) => isUuid(line._id))
    .map((line) => ({
      shoeId: line._id.toLowerCase(),
      size: line.size,
      quantity: line.quantity,
      name: line.name,
      image: line.image,
    }));
}

const EMPTY_CART_ID = '00000000-0000-0000-0000-000000000000';

/**
 * A signed-in shopper's cart kept on the server (issue 35 item 1, docs/decisions/025): read, written
 * whole with the version it was made on (a write made on an older version is merged instead), merged
 * at sign-in (the same shoe and size keeps the larger quantity), emptied once an order is paid, erased
 * with the account. Every call names the user: one never reads or writes another's cart.
 */
export function createCartService(deps: {
  repository: CartRepository;
  ownerOfPaidOrder: PaidOrderOwner;
  /** LOW_STOCK_THRESHOLD: at or below it a line says how many pairs are left. */
  lowStock: number;
}) {
  const { repository, ownerOfPaidOrder, lowStock } = deps;

  const answer = (cart: CartRow, lines: StoredLine[]): SavedCart => ({
    cartId: cart.cartId,
    version: cart.version,
    updatedAt: cart.updatedAt.toISOString(),
    lines: lines.map((line) => savedLineOf(line, lowStock)),
  });

  async function read(userId: string): Promise<SavedCart> {
    const saved = await repository.read(userId);
    if (!saved) return { cartId: EMPTY_CART_ID, version: 0, updatedAt: new Date(0).toISOString(), lines: [] };
    return answer(saved.cart, saved.lines);
  }

  return {
    read,

    /**
     * The device's whole cart, if the saved one is still at `version`. Made on an older one (another
     * device wrote since, or this device's last answer was lost as its page closed), it is merged into
     * the saved cart instead, as at sign-in: no line the device did not know of is erased, and the
     * device has the merged cart in one answer (a refusal would cost a round trip and an error).
     */
    async replace(userId: string, body: { version: number; lines: CartLine[] }): Promise<SavedCart> {
      await repository.write(userId, (cart, stored) =>
        toStore(cart.version === body.version ? body.lines : mergeCarts(stored.map(asCartLine), body.lines)),
      );
      return read(userId);
    },

    /** Signing in: the device's cart merged into the saved one (mergeCarts), then both are the same. */
    async merge(userId: string, device: CartLine[]): Promise<SavedCart> {
      await repository.write(userId, (_cart, stored) => toStore(mergeCarts(stored.map(asCartLine), device)));
      return read(userId);
    },

    /** The data download (docs/your-data.md): the lines, when each was added and at what price. */
    async exportOf(userId: string) {
      const saved = await repository.read(userId);
      if (!saved) return null;
      return {
        updatedAt: saved.cart.updatedAt.toISOString(),
        lines: saved.lines.map((line) => ({
          shoeId: line.shoeId,
          name: line.name,
          size: line.size,
          quantity: line.quantity,
          priceWhenAdded: line.addedPriceCents / 100,
          addedAt: line.addedAt.toISOString(),
        })),
      };
    },

    /**
     * After the payment (spec §4: success clears the cart): the buyer's saved cart is emptied once the
     * order committed, once per order (repository.emptyAfterPaid), whichever device paid.
     */
    afterPaid: (async (event) => {
      if (event.type !== 'order.paid') return;
      const order = await ownerOfPaidOrder(event.payload.orderId);
      if (order) await repository.emptyAfterPaid(order.userId, event.payload.orderId, order.paidAt);
    }) satisfies EventConsumer,

    /** A deleted account's cart goes (docs/your-data.md); handed over twice, nothing more goes. */
    erasure: (async (event) => {
      if (event.type === 'account.deleted') await repository.eraseOf(event.payload.userId);
    }) satisfies EventConsumer,
  };
}

export type CartService = ReturnType<typeof createCartService>;
