import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { shippingMethods } from '../../db/schema.js';

export type ShippingMethodRow = typeof shippingMethods.$inferSelect;

/** The shipping methods (issue 31): the only place that reads or writes `shipping_methods`. */
export function createShippingMethodsRepository(db: Database) {
  return {
    /** The methods shoppers may choose, in the order the cart lists them (the first is the default). */
    async active(): Promise<ShippingMethodRow[]> {
      return db
        .select()
        .from(shippingMethods)
        .where(eq(shippingMethods.active, true))
        .orderBy(asc(shippingMethods.position), asc(shippingMethods.name));
    },
  };
}

export type ShippingMethodsRepository = ReturnType<typeof createShippingMethodsRepository>;
