import type { User } from '../../../domain/account.js';
import type { PagedSearchQuery } from '../../../domain/admin.js';
import { SHOP_NAME } from '../../../domain/constants.js';
import type { ReturnAnswer } from '../../../domain/contracts/returns.js';
import { MESSAGES } from '../../../domain/messages.js';
import type { Order } from '../../../domain/payment.js';
import {
  RETURN_REASON_LABELS,
  returnRefusalMessage,
  type ReturnDecision,
  type ReturnRequest,
} from '../../../domain/returns.js';
import { conflict, notFound } from '../../http/errors.js';
import type { OrderMail } from './order-mail.js';
import { refundRefusalMessage } from './refund-refusal.js';
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
  now?: () => Date;
}) {
  const { repository, findOrder, mail, sendRefund, now = () => new Date() } = deps;

  async function orderOf(orderId: string): Promise<Order> {
    const found = await findOrder(orderId);
    if (!found) throw notFound(MESSAGES.orders.notFound);
    return found.order;
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
      return order;
    },

    list: (query: PagedSearchQuery) => repository.list(query),

    /**
     * The staff's answer. Approving refunds the pairs through the provider; approving again (a double
     * press, a retry after a timeout) confirms that same refund instead of making another.
     */
    async decide(id: string, decision: ReturnDecision, actor: User): Promise<ReturnAnswer> {
      if (decision.decision === 'approve') {
        const approved = await repository.approve(id, decision.restock, actor);
        if (approved.kind === 'missing') throw notFound(MESSAGES.returns.notFound);
        if (approved.kind === 'decided') throw conflict(MESSAGES.returns.decided);
        if (approved.kind === 'refused') throw conflict(refundRefusalMessage(approved.refusal));
        // The buyer's mail goes when the refund is settled (here or by the provider's webhook).
        await sendRefund(approved.refund, approved.chargeId);
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
