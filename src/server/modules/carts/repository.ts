import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { cartLines, carts, shoes, stockEntries } from '../../db/schema.js';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export type CartRow = typeof carts.$inferSelect;

/** A stored line with the catalogue as it is now (null: the shoe left the catalogue). */
export interface StoredLine {
  shoeId: string;
  size: string;
  quantity: number;
  name: string;
  image: string;
  addedPriceCents: number;
  addedStock: number;
  addedAt: Date;
  current: { name: string; image: string; priceCents: number; stock: number } | null;
}

/** A line to store: what the shopper keeps (the service checked every shoe id is a UUID). */
export interface LineToStore {
  shoeId: string;
  size: string;
  quantity: number;
  name: string;
  image: string;
}

/** The cart's state once a write is done. */
export interface WrittenCart {
  cart: CartRow;
  changed: boolean;
}

const keyOf = (line: { shoeId: string; size: string }) => `${line.shoeId}\u0000${line.size}`;

/** The server carts (issue 35 item 1): the only code that writes carts and cart_lines. */
export function createCartRepository(db: Database) {
  /** The user's cart row, made if missing, locked until the transaction ends (writes wait for one another). */
  async function lockCart(tx: Transaction, userId: string): Promise<CartRow> {
    await tx.insert(carts).values({ userId }).onConflictDoNothing();
    const [row] = await tx.select().from(carts).where(eq(carts.userId, userId)).for('update');
    return row!;
  }

  /** The lines in the shopper's order, each with its shoe and size as the catalogue has them now. */
  async function linesOf(executor: Database | Transaction, userId: string): Promise<StoredLine[]> {
    const rows = await executor
      .select({
        shoeId: cartLines.shoeId,
        size: cartLines.size,
        quantity: cartLines.quantity,
        name: cartLines.name,
        image: cartLines.image,
        addedPriceCents: cartLines.addedPriceCents,
        addedStock: cartLines.addedStock,
        addedAt: cartLines.addedAt,
        currentName: shoes.name,
        currentImage: shoes.image,
        currentPrice: shoes.priceCents,
        currentStock: stockEntries.quantity,
      })
      .from(cartLines)
      // Only UUIDs are stored (the service drops any other id): the cast is safe and keeps the key's index.
      .leftJoin(shoes, sql`${shoes.id} = ${cartLines.shoeId}::uuid`)
      .leftJoin(stockEntries, and(eq(stockEntries.shoeId, shoes.id), eq(stockEntries.size, cartLines.size)))
      .where(eq(cartLines.userId, userId))
      .orderBy(asc(cartLines.position));
    return rows.map((row) => ({
      shoeId: row.shoeId,
      size: row.size,
      quantity: row.quantity,
      name: row.name,
      image: row.image,
      addedPriceCents: row.addedPriceCents,
      addedStock: row.addedStock,
      addedAt: row.addedAt,
      current:
        row.currentPrice === null
          ? null
          : {
              name: row.currentName!,
              image: row.currentImage!,
              priceCents: row.currentPrice,
              stock: row.currentStock ?? 0,
            },
    }));
  }

  /** The price and the pairs of each (shoe, size) now: a new line's snapshot. */
  async function snapshotOf(tx: Transaction, lines: readonly LineToStore[]) {
    const ids = [...new Set(lines.map((line) => line.shoeId))];
    const found = new Map<string, { priceCents: number; stock: number }>();
    if (ids.length === 0) return found;
    const rows = await tx
      .select({
        shoeId: shoes.id,
        priceCents: shoes.priceCents,
        size: stockEntries.size,
        quantity: stockEntries.quantity,
      })
      .from(shoes)
      .leftJoin(stockEntries, eq(stockEntries.shoeId, shoes.id))
      .where(inArray(shoes.id, ids));
    for (const line of lines) {
      const ofShoe = rows.filter((row) => row.shoeId === line.shoeId);
      if (ofShoe.length === 0) continue;
      const inSize = ofShoe.find((row) => row.size === line.size);
      found.set(keyOf(line), { priceCents: ofShoe[0]!.priceCents, stock: inSize?.quantity ?? 0 });
    }
    return found;
  }

  /**
   * Makes the stored lines `next` (in that order): kept lines keep their snapshot and when they were
   * added, new ones take the catalogue's price and stock now. Nothing changed: nothing is written.
   */
  async function replaceLines(
    tx: Transaction,
    cart: CartRow,
    next: readonly LineToStore[],
  ): Promise<WrittenCart> {
    // The database's clock, as the order's: a cart changed after a payment is told from one before it.
    const now = sql`now()`;
    const before = await tx
      .select({
        shoeId: cartLines.shoeId,
        size: cartLines.size,
        quantity: cartLines.quantity,
        position: cartLines.position,
      })
      .from(cartLines)
      .where(eq(cartLines.userId, cart.userId))
      .orderBy(asc(cartLines.position));
    const same =
      before.length === next.length &&
      before.every(
        (line, index) => keyOf(line) === keyOf(next[index]!) && line.quantity === next[index]!.quantity,
      );
    if (same) return { cart, changed: false };

    const kept = new Map(before.map((line) => [keyOf(line), line]));
    const wanted = new Set(next.map(keyOf));
    const gone = before.filter((line) => !wanted.has(keyOf(line)));
    for (const line of gone) {
      await tx
        .delete(cartLines)
        .where(
          and(
            eq(cartLines.userId, cart.userId),
            eq(cartLines.shoeId, line.shoeId),
            eq(cartLines.size, line.size),
          ),
        );
    }
    const added = next.filter((line) => !kept.has(keyOf(line)));
    const snapshots = await snapshotOf(tx, added);
    for (const [position, line] of next.entries()) {
      const old = kept.get(keyOf(line));
      if (old) {
        if (old.quantity !== line.quantity || old.position !== position) {
          await tx
            .update(cartLines)
            .set({ quantity: line.quantity, position })
            .where(
              and(
                eq(cartLines.userId, cart.userId),
                eq(cartLines.shoeId, line.shoeId),
                eq(cartLines.size, line.size),
              ),
            );
        }
        continue;
      }
      const snapshot = snapshots.get(keyOf(line));
      await tx.insert(cartLines).values({
        userId: cart.userId,
        shoeId: line.shoeId,
        size: line.size,
        quantity: line.quantity,
        name: line.name,
        image: line.image,
        position,
        // A shoe not in the catalogue (deleted meanwhile): its line says so; the price shown is the device's.
        addedPriceCents: snapshot?.priceCents ?? 0,
        addedStock: snapshot?.stock ?? 0,
        addedAt: now,
      });
    }
    // Emptied: this cart ends and the next line starts another (a new id, for item 2's "this cart").
    const emptied = next.length === 0;
    const starting = before.length === 0 && next.length > 0;
    const [row] = await tx
      .update(carts)
      .set({
        version: cart.version + 1,
        updatedAt: now,
        ...(emptied ? { cartId: sql`gen_random_uuid()` } : {}),
        ...(starting ? { startedAt: now } : {}),
      })
      .where(eq(carts.userId, cart.userId))
      .returning();
    return { cart: row!, changed: true };
  }

  return {
    /** The cart and its lines as the catalogue has them now; undefined when nothing was ever saved. */
    async read(userId: string): Promise<{ cart: CartRow; lines: StoredLine[] } | undefined> {
      const [cart] = await db.select().from(carts).where(eq(carts.userId, userId));
      if (!cart) return undefined;
      return { cart, lines: await linesOf(db, userId) };
    },

    /** Writes the lines `decide` returns from the stored ones, under the cart's lock. */
    async write(
      userId: string,
      decide: (cart: CartRow, stored: StoredLine[]) => LineToStore[],
    ): Promise<WrittenCart> {
      return db.transaction(async (tx) => {
        const cart = await lockCart(tx, userId);
        return replaceLines(tx, cart, decide(cart, await linesOf(tx, userId)));
      });
    },

    /**
     * A paid order empties the cart as it stood when it was paid, once per order: the same order
     * handed over again, or a cart changed after the payment (lines picked since), is left alone.
     */
    async emptyAfterPaid(userId: string, orderId: string, paidAt: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [cart] = await tx.select().from(carts).where(eq(carts.userId, userId)).for('update');
        if (!cart || cart.paidOrderId === orderId || cart.updatedAt > paidAt) return false;
        await tx.delete(cartLines).where(eq(cartLines.userId, userId));
        await tx
          .update(carts)
          .set({
            paidCartId: cart.cartId,
            paidOrderId: orderId,
            paidAt,
            cartId: sql`gen_random_uuid()`,
            version: cart.version + 1,
          })
          .where(eq(carts.userId, userId));
        return true;
      });
    },

    /** A deleted account's cart goes (its lines with it). */
    async eraseOf(userId: string): Promise<void> {
      await db.delete(carts).where(eq(carts.userId, userId));
    },
  };
}

export type CartRepository = ReturnType<typeof createCartRepository>;
