import type { User } from '../../../domain/account.js';
import { SHOP_NAME, type OrderStatus } from '../../../domain/constants.js';
import { MESSAGES } from '../../../domain/messages.js';
import type { Order } from '../../../domain/payment.js';
import type { ShipmentRequest } from '../../../domain/shipping.js';
import { notFound } from '../../http/errors.js';
import type { Mailer } from '../../mail/mailer.js';
import type { FulfilmentRepository } from './repository.js';

/**
 * After the payment (issue 19): the staff mark an order Received or Pending (spec §4) and ship it
 * with a carrier and tracking number; the shopper is mailed the tracking link, and every change is
 * on the order's audit trail.
 */
export function createFulfilmentService(deps: {
  repository: FulfilmentRepository;
  /** An order by id or idPayment (the checkout's orders). */
  findOrder: (idOrPayment: string) => Promise<{ order: Order; userId: string } | undefined>;
  mailer: Mailer;
  publicUrl: string;
  log: { warn(object: unknown, message: string): void };
}) {
  const { repository, findOrder, mailer, publicUrl, log } = deps;

  async function orderOrNotFound(orderId: string | undefined): Promise<Order> {
    const found = orderId ? await findOrder(orderId) : undefined;
    if (!found) throw notFound(MESSAGES.orders.notFound);
    return found.order;
  }

  async function mailShipment(order: Order): Promise<void> {
    const shipment = order.shipment!;
    const track = shipment.trackingUrl
      ? `Follow it with ${shipment.carrier}: ${shipment.trackingUrl}`
      : `Carrier: ${shipment.carrier}, tracking number ${shipment.trackingNumber}.`;
    try {
      await mailer.send({
        to: order.email,
        subject: `Your ${SHOP_NAME} order ${order.idPayment} is on its way`,
        text: `Good news: your order has left our warehouse.\n\n${track}\n\nYour order: ${publicUrl}/order/${order.idPayment}`,
      });
    } catch (error) {
      // The shipment is recorded and shown on the order page; a mail that failed is not worth a 500.
      log.warn({ err: error, idPayment: order.idPayment }, 'the shipping mail could not be sent');
    }
  }

  return {
    async setStatus(idOrPayment: string, status: OrderStatus, actor: User): Promise<Order> {
      return orderOrNotFound(await repository.setStatus(idOrPayment, status, actor.email));
    },

    async ship(idOrPayment: string, shipment: ShipmentRequest, actor: User): Promise<Order> {
      const result = await repository.ship(idOrPayment, shipment, actor.email);
      const order = await orderOrNotFound(result?.orderId);
      if (result?.changed) await mailShipment(order);
      return order;
    },

    async events(idOrPayment: string) {
      const order = await orderOrNotFound(idOrPayment);
      return repository.events(order._id);
    },
  };
}

export type FulfilmentService = ReturnType<typeof createFulfilmentService>;
