import crypto from 'node:crypto';
import type { User } from '../../../domain/account.js';
import type { OrderStatus } from '../../../domain/constants.js';
import { MESSAGES } from '../../../domain/messages.js';
import type { Order } from '../../../domain/payment.js';
import type { ShipmentRequest } from '../../../domain/shipping.js';
import type { RefundRequest } from '../../../domain/refunds.js';
import { conflict, HttpError, notFound } from '../../http/errors.js';
import {
  PaymentError,
  PaymentOutcomeUnknown,
  type PaymentProvider,
} from '../../payments/payment-provider.js';
import { refundRefusalMessage } from '../../../domain/refunds.js';
import type { FulfilmentRepository } from './repository.js';

/**
 * What the refunds tell the metrics (shop_refunds_total, shop_refunded_cents_total), a port the
 * kernel's metrics implement (plugins/services.ts; none when metrics are off), so this module never
 * imports them: told once per refund, when its settlement says it went through, whichever path
 * settled it (a staff refund, a return's, a retry, Stripe's webhook).
 */
export interface RefundMetrics {
  refunded(amountCents: number): void;
}

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
 * After the payment (issue 19): the staff mark an order Received or Pending (spec §4) and ship it
 * with a carrier and tracking number, and refund it; every change is on the order's audit trail and
 * announces itself (order.shipped, order.refunded), which mails the shopper (modules/orders).
 */
export function createFulfilmentService(deps: {
  repository: FulfilmentRepository;
  /** An order by id or idPayment (the checkout's orders). */
  findOrder: (idOrPayment: string) => Promise<{ order: Order; userId: string } | undefined>;
  payments: PaymentProvider;
  metrics?: RefundMetrics;
}) {
  const { repository, findOrder, payments, metrics } = deps;

  async function orderOrNotFound(orderId: string | undefined): Promise<Order> {
    const found = orderId ? await findOrder(orderId) : undefined;
    if (!found) throw notFound(MESSAGES.orders.notFound);
    return found.order;
  }

  /**
   * The provider's answer to a pending refund, from the refund request itself or from Stripe's
   * webhook, whichever comes first: settled once. What follows a refund that went through (the
   * buyer's mail, pairs back in stock and whoever waits for them) follows its events.
   */
  async function settleRefund(
    refundId: string,
    outcome: { status: 'succeeded'; providerRefundId: string | null } | { status: 'failed' },
  ): Promise<void> {
    const settled = await repository.settleRefund(refundId, outcome);
    // Only the settlement that moved it from pending counts: a refund settled already is not made again.
    if (settled?.status === 'succeeded') metrics?.refunded(settled.amountCents);
  }

  /**
   * Asks the provider for a refund written pending, with the refund's own id as its idempotency key,
   * and settles it with the answer; a refund settled already is left as it is.
   */
  async function sendRefund(refund: PendingRefund, chargeId: string): Promise<void> {
    // The same request again after the provider refused it: refused again (a new refund needs a new key).
    if (refund.status === 'failed') throw new HttpError(409, 'refund_refused', MESSAGES.refunds.refused);
    if (refund.status !== 'pending') return;
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
      // A second press with the same carrier and number changes nothing, and mails nobody again.
      const result = await repository.ship(idOrPayment, shipment, actor);
      return orderOrNotFound(result?.orderId);
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
      await sendRefund(started.refund, started.chargeId);
      return orderOrNotFound(started.refund.orderId);
    },

    async events(idOrPayment: string) {
      const order = await orderOrNotFound(idOrPayment);
      return repository.events(order._id);
    },
  };
}

export type FulfilmentService = ReturnType<typeof createFulfilmentService>;
