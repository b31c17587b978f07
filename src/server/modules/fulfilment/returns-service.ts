import type { User } from '../../../domain/account.js';
import type { PagedSearchQuery } from '../../../domain/admin.js';
import { SHOP_NAME } from '../../../domain/constants.js';
import type { ReturnAnswer } from '../../../domain/contracts/returns.js';
import { MESSAGES } from '../../../domain/messages.js';
import { buyerViewOf, type Order } from '../../../domain/payment.js';
import {
  RETURN_REASON_LABELS,
  returnRefusalMessage,
  type ReturnDecision,
  type ReturnRequest,
} from '../../../domain/returns.js';
import { conflict, notFound } from '../../http/errors.js';
import type { OrderMail } from './order-mail.js';
import { refundRefusalMessage } from '../../../domain/refunds.js';
import type { ReturnsRepository } from './returns-repository.js';
import type { FulfilmentService } from './service.js';

/**
 * Returns asked for by the shopper (issue 19): asked from the order page within 30 days of Received,
 * approved by the staff with a refund of the pairs (through the same path as any refund) or rejected
 * with a message. The shopper is mailed at each step.
 */
export function createReturnsService(deps: {
  repository: ReturnsRepository;
  findOrder: (idOrPayment: string) => Promise<{ order: Order; userId: string } | undefined>;
  mail: OrderMail;
  sendRefund: FulfilmentService['sendRefund'];
  /** Where shoppers send pairs back (RETURN_ADDRESS); unset, the approval asks them to reply for it. */
  returnAddress?: string;
  now?: () => Date;
}) {
  const { repository, findOrder, mail, sendRefund, returnAddress, now = () => new Date() } = deps;

  async function orderOf(orderId: string): Promise<Order> {
    const found = await findOrder(orderId);
    if (!found) throw notFound(MESSAGES.orders.notFound);
    return found.order;
  }

  /** The approval: how to send the pairs back, and that the refund follows when they arrive. */
  async function mailSendBack(order: Order, id: string): Promise<void> {
    const found = await repository.find(id);
    const pairs = (found?.lines ?? []).map((line) => `- ${line.quantity} x ${line.name}, size ${line.size}`);
    const where = returnAddress
      ? `Send them to:\n\n${returnAddress}\n\nwith the order number ${order.idPayment} on a note in the parcel.`
      : `Reply to this mail and we will tell you where to send them; put the order number ${order.idPayment} on a note in the parcel.`;
    await mail(
      order,
      `Your return on ${SHOP_NAME} order ${order.idPayment} is approved: send the pairs back`,
      `We have approved your return of:\n${pairs.join('\n')}\n\n${where}\n\n` +
        'We refund them to your card as soon as they arrive; you will get a mail then.',
    );
  }

  async function answer(id: string): Promise<ReturnAnswer> {
    const found = await repository.find(id);
    if (!found) throw notFound(MESSAGES.returns.notFound);
    return found;
  }

  return {
    /** The shopper asks: only on their own order (someone else's answers like a missing one). */
    async ask(idOrPayment: string, user: User, request: ReturnRequest): Promise<Order> {
      const asked = await repository.ask(idOrPayment, user._id, request, user.email, now());
      if (asked.kind === 'missing') throw notFound(MESSAGES.orders.notFound);
      if (asked.kind === 'refused') throw conflict(returnRefusalMessage(asked.refusal));
      const order = await orderOf(asked.orderId);
      const pairs = request.lines
        .map((pairs) => {
          const line = order.shoe.find((candidate) => candidate.lineId === pairs.lineId);
          return `- ${pairs.quantity} x ${line?.name ?? 'pair'}, size ${line?.size ?? '?'}`;
        })
        .join('\n');
      await mail(
        order,
        `We received your return request for ${SHOP_NAME} order ${order.idPayment}`,
        `You asked to return (${RETURN_REASON_LABELS[request.reason]}):\n${pairs}\n\n` +
          'We will answer within two working days; you will get a mail either way.',
      );
      return buyerViewOf(order);
    },

    list: (query: PagedSearchQuery) => repository.list(query),

    /**
     * The staff's answer. Approving mails the shopper how to send the pairs back; marking them
     * received (or approving with `refundNow`) refunds them through the provider. Sending the same
     * answer again (a double press, a retry after a timeout) confirms that same refund instead of
     * making another, and mails nobody twice.
     */
    async decide(id: string, decision: ReturnDecision, actor: User): Promise<ReturnAnswer> {
      if (decision.decision !== 'reject') {
        const result =
          decision.decision === 'approve'
            ? await repository.approve(id, decision, actor)
            : await repository.receive(id, decision.restock, actor);
        if (result.kind === 'missing') throw notFound(MESSAGES.returns.notFound);
        if (result.kind === 'decided') throw conflict(MESSAGES.returns.decided);
        if (result.kind === 'refused') throw conflict(refundRefusalMessage(result.refusal));
        if (result.kind === 'approved') {
          if (result.now) await mailSendBack(await orderOf(result.orderId), id);
          return answer(id);
        }
        // The buyer's mail goes when the refund is settled (here or by the provider's webhook).
        await sendRefund(result.refund, result.chargeId);
        return answer(id);
      }
      const rejected = await repository.reject(id, decision.message, actor);
      if (rejected.kind === 'missing') throw notFound(MESSAGES.returns.notFound);
      if (rejected.kind === 'decided') throw conflict(MESSAGES.returns.decided);
      const order = await orderOf(rejected.orderId);
      await mail(
        order,
        `About your return on ${SHOP_NAME} order ${order.idPayment}`,
        `We cannot accept your return request:\n\n${decision.message}\n\n` +
          'Reply to this mail or write to us from the contact page if you have a question.',
      );
      return answer(id);
    },
  };
}

export type ReturnsService = ReturnType<typeof createReturnsService>;
