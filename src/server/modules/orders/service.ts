import { canUseAdminPanel, type User } from '../../../domain/account.js';
import type { PagedSearchQuery } from '../../../domain/admin.js';
import { MESSAGES } from '../../../domain/messages.js';
import { buyerViewOf, type Order } from '../../../domain/payment.js';
import { forbidden } from '../../auth/identity.js';
import { notFound } from '../../http/errors.js';
import type { OrdersReadModel } from './repository.js';

/** A shopper's order list holds at most this many (the account page shows the newest). */
const MAX_ORDERS_LISTED = 100;

/**
 * Who reads which order, and how: staff see every order whole; a shopper sees their own, without
 * the staff's internal refund reasons; anyone else's order answers like a missing one.
 */
export function createOrdersService(orders: OrdersReadModel) {
  const viewFor = (viewer: User, order: Order) => (canUseAdminPanel(viewer) ? order : buyerViewOf(order));

  return {
    /** Every order, for staff (the route guards it). */
    list: (query: PagedSearchQuery) => orders.list(query),

    async ofUser(viewer: User, userId: string): Promise<Order[]> {
      if (userId !== viewer._id && !canUseAdminPanel(viewer)) throw forbidden();
      const listed = await orders.forUser(userId, MAX_ORDERS_LISTED);
      return listed.map((order) => viewFor(viewer, order));
    },

    async one(viewer: User, idOrPayment: string): Promise<Order> {
      const found = await orders.find(idOrPayment);
      // Ids are not a way to probe: someone else's order answers like a missing one.
      if (!found || (found.userId !== viewer._id && !canUseAdminPanel(viewer)))
        throw notFound(MESSAGES.orders.notFound);
      return viewFor(viewer, found.order);
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
