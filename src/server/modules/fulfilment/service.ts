import crypto from 'node:crypto';
import type { User } from '../../../domain/account.js';
import { SHOP_NAME, type OrderStatus } from '../../../domain/constants.js';
import { MESSAGES } from '../../../domain/messages.js';
import type { Order } from '../../../domain/payment.js';
import type { ShipmentRequest } from '../../../domain/shipping.js';
import { formatPrice } from '../../../domain/cart-lines.js';
import type { RefundRequest } from '../../../domain/refunds.js';
import { conflict, HttpError, notFound } from '../../http/errors.js';
import {
  PaymentError,
  PaymentOutcomeUnknown,
  type PaymentProvider,
} from '../../payments/payment-provider.js';
import type { OrderMail } from './order-mail.js';
import { refundRefusalMessage } from '../../../domain/refunds.js';
import type { FulfilmentRepository } from './repository.js';

/** A refund as written before the provider is asked. */
type PendingRefund = { id: string; status: string; amountCents: number };

/** What identifies a refund request under its key: the same key with another request is refused. */
function requestDigest(request: RefundRequest): string {
  const { reason, buyerMessage = null, amount = null, lines = null, restock } = request;
  return crypto
    .createHash('sha256')
    .update(JSON.stringify({ reason, buyerMessage, amount, lines, restock }))
    .digest('base64url');
}

/**
 * The buyer's mail about a refund that went through: for a return, what happened to it; otherwise
 * the staff's message to the buyer when they wrote one. The internal reason is never in it.
 */
function refundMail(
  order: Order,
  refund: { amountCents: number; buyerMessage: string | null; returnStatus: string | null },
): [subject: string, text: string] {
  const refunded =
    refund.amountCents === 0
      ? 'nothing: these pairs cost nothing after your discount'
      : `${formatPrice(refund.amountCents / 100)} to your card`;
  const statement = refund.amountCents === 0 ? '' : 'It may take a few days to show on your statement.';
  if (refund.returnStatus === 'received')
    return [
      `Your return on ${SHOP_NAME} order ${order.idPayment} is refunded`,
      `We have received the pairs you sent back and refunded ${refunded}. ${statement}`,
    ];
  if (refund.returnStatus)
    return [
      `Your return on ${SHOP_NAME} order ${order.idPayment} is approved`,
      `We have approved your return and refunded ${refunded}. ${statement}`,
    ];
  const message = refund.buyerMessage ? `\n\n${refund.buyerMessage}` : '';
  return [
    `A refund on your ${SHOP_NAME} order ${order.idPayment}`,
    `We have refunded ${refunded}. ${statement}${message}`,
  ];
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
  mail: OrderMail;
  payments: PaymentProvider;
  /** A size may be back in stock: whoever waits for it is told (modules/restock). */
  sizeRestocked: (shoeId: string, size: string) => Promise<void>;
}) {
  const { repository, findOrder, mail, payments, sizeRestocked } = deps;

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
   * Answers the order it loaded for the mail (undefined when there was none to send), so the refund
   * request answers with it instead of loading it again.
   */
  async function settleRefund(
    refundId: string,
    outcome: { status: 'succeeded'; providerRefundId: string | null } | { status: 'failed' },
  ): Promise<Order | undefined> {
    // Pairs put back announce themselves with the settlement (an event in its transaction).
    const settled = await repository.settleRefund(refundId, outcome);
    if (!settled || outcome.status !== 'succeeded') return undefined;
    const order = await orderOrNotFound(settled.orderId);
    if (settled.restock) {
      // Pairs back in stock: whoever waits for their size is told, as after the admin's restock.
      for (const asked of settled.lines) {
        const line = order.shoe.find((candidate) => candidate.lineId === asked.lineId);
        if (line?._id) await sizeRestocked(line._id, line.size);
      }
    }
    await mail(order, ...refundMail(order, settled));
    return order;
  }

  /**
   * Asks the provider for a refund written pending, with the refund's own id as its idempotency key,
   * and settles it with the answer; a refund settled already is left as it is. Answers the order when
   * settling it loaded it.
   */
  async function sendRefund(refund: PendingRefund, chargeId: string): Promise<Order | undefined> {
    // The same request again after the provider refused it: refused again (a new refund needs a new key).
    if (refund.status === 'failed') throw new HttpError(409, 'refund_refused', MESSAGES.refunds.refused);
    if (refund.status !== 'pending') return undefined;
    // Pairs that cost nothing after a discount: given back with nothing to ask of the provider.
    if (refund.amountCents === 0)
      return settleRefund(refund.id, { status: 'succeeded', providerRefundId: null });
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
    return settleRefund(refund.id, { status: 'succeeded', providerRefundId });
  }

  return {
    settleRefund,
    sendRefund,

    async setStatus(idOrPayment: string, status: OrderStatus, actor: User): Promise<Order> {
      return orderOrNotFound(await repository.setStatus(idOrPayment, status, actor));
    },

    async ship(idOrPayment: string, shipment: ShipmentRequest, actor: User): Promise<Order> {
      const result = await repository.ship(idOrPayment, shipment, actor);
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
      const started = await repository.startRefund(idOrPayment, request, actor, {
        requestKey,
        requestHash: requestDigest(request),
      });
      if (started.kind === 'missing') throw notFound(MESSAGES.orders.notFound);
      if (started.kind === 'key_reused') throw conflict(MESSAGES.refunds.keyReused);
      if (started.kind === 'refused') throw conflict(refundRefusalMessage(started.refusal));
      const settled = await sendRefund(started.refund, started.chargeId);
      return settled ?? orderOrNotFound(started.refund.orderId);
    },

    async events(idOrPayment: string) {
      const order = await orderOrNotFound(idOrPayment);
      return repository.events(order._id);
    },
  };
}

export type FulfilmentService = ReturnType<typeof createFulfilmentService>;
