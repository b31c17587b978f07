import type { User } from '../../../domain/account.js';
import { SHOP_NAME, type OrderStatus } from '../../../domain/constants.js';
import { MESSAGES } from '../../../domain/messages.js';
import type { Order } from '../../../domain/payment.js';
import type { ShipmentRequest } from '../../../domain/shipping.js';
import { formatPrice } from '../../../domain/cart-lines.js';
import type { RefundRefusal, RefundRequest } from '../../../domain/refunds.js';
import { conflict, HttpError, notFound } from '../../http/errors.js';
import type { Mailer } from '../../mail/mailer.js';
import {
  PaymentError,
  PaymentOutcomeUnknown,
  type PaymentProvider,
} from '../../payments/payment-provider.js';
import type { FulfilmentRepository } from './repository.js';

function refusalMessage(refusal: RefundRefusal): string {
  if (refusal.reason === 'unknown_line') return MESSAGES.refunds.unknownLine;
  if (refusal.reason === 'too_many_pairs') return MESSAGES.refunds.tooManyPairs(refusal.left);
  return MESSAGES.refunds.moreThanLeft(formatPrice(refusal.leftCents / 100));
}

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
  payments: PaymentProvider;
  /** A size may be back in stock: whoever waits for it is told (modules/restock). */
  sizeRestocked: (shoeId: string, size: string) => Promise<void>;
}) {
  const { repository, findOrder, mailer, publicUrl, log, payments, sizeRestocked } = deps;

  async function mail(order: Order, subject: string, text: string): Promise<void> {
    try {
      await mailer.send({
        to: order.email,
        subject,
        text: `${text}\n\nYour order: ${publicUrl}/order/${order.idPayment}`,
      });
    } catch (error) {
      // The change is recorded and shown on the order page; a mail that failed is not worth a 500.
      log.warn({ err: error, idPayment: order.idPayment }, 'a mail about an order could not be sent');
    }
  }

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
    await mail(
      order,
      `Your ${SHOP_NAME} order ${order.idPayment} is on its way`,
      `Good news: your order has left our warehouse.\n\n${track}`,
    );
  }

  /**
   * The provider's answer to a pending refund, from the refund request itself or from Stripe's
   * webhook, whichever comes first: settled once, and the buyer mailed once, when it went through.
   */
  async function settleRefund(
    refundId: string,
    outcome: { status: 'succeeded'; providerRefundId: string } | { status: 'failed' },
  ): Promise<void> {
    const settled = await repository.settleRefund(refundId, outcome);
    if (!settled || outcome.status !== 'succeeded') return;
    const order = await orderOrNotFound(settled.orderId);
    if (settled.restock) {
      // Pairs back in stock: whoever waits for their size is told, as after the admin's restock.
      for (const asked of settled.lines) {
        const line = order.shoe.find((candidate) => candidate.lineId === asked.lineId);
        if (line?._id) await sizeRestocked(line._id, line.size);
      }
    }
    await mail(
      order,
      `A refund on your ${SHOP_NAME} order ${order.idPayment}`,
      `We have refunded ${formatPrice(settled.amountCents / 100)} to your card (${settled.reason}). ` +
        'It may take a few days to show on your statement.',
    );
  }

  return {
    settleRefund,

    async setStatus(idOrPayment: string, status: OrderStatus, actor: User): Promise<Order> {
      return orderOrNotFound(await repository.setStatus(idOrPayment, status, actor.email));
    },

    async ship(idOrPayment: string, shipment: ShipmentRequest, actor: User): Promise<Order> {
      const result = await repository.ship(idOrPayment, shipment, actor.email);
      const order = await orderOrNotFound(result?.orderId);
      if (result?.changed) await mailShipment(order);
      return order;
    },

    /**
     * Gives money back through the payment provider (issue 19). The refund is written pending first,
     * under the order's lock and within what is left; the provider is asked with the refund's own id
     * as its idempotency key, so asking again (a retry after a timeout, the same request sent twice)
     * never refunds twice.
     */
    async refund(
      idOrPayment: string,
      request: RefundRequest,
      actor: User,
      requestKey: string,
    ): Promise<Order> {
      const started = await repository.startRefund(idOrPayment, request, actor.email, requestKey);
      if (started.kind === 'missing') throw notFound(MESSAGES.orders.notFound);
      if (started.kind === 'refused') throw conflict(refusalMessage(started.refusal));
      const { refund, chargeId } = started;
      if (refund.status === 'pending') {
        let providerRefundId: string;
        try {
          ({ id: providerRefundId } = await payments.refundPart({
            chargeId,
            amountCents: refund.amountCents,
            idempotencyKey: refund.id,
          }));
        } catch (error) {
          if (error instanceof PaymentError) {
            await settleRefund(refund.id, { status: 'failed' });
            throw new HttpError(409, 'refund_refused', `${MESSAGES.refunds.refused} ${error.message}`);
          }
          if (error instanceof PaymentOutcomeUnknown)
            throw new HttpError(504, 'refund_unconfirmed', MESSAGES.refunds.unconfirmed);
          throw error;
        }
        await settleRefund(refund.id, { status: 'succeeded', providerRefundId });
      }
      return orderOrNotFound(refund.orderId);
    },

    async events(idOrPayment: string) {
      const order = await orderOrNotFound(idOrPayment);
      return repository.events(order._id);
    },
  };
}

export type FulfilmentService = ReturnType<typeof createFulfilmentService>;
