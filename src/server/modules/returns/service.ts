import type { User } from '../../../domain/account.js';
import type { PagedSearchQuery } from '../../../domain/admin.js';
import type { ReturnAnswer } from '../../../domain/contracts/returns.js';
import { MESSAGES } from '../../../domain/messages.js';
import { buyerViewOf, type Order } from '../../../domain/payment.js';
import { returnRefusalMessage, type ReturnDecision, type ReturnRequest } from '../../../domain/returns.js';
import { conflict, notFound } from '../../http/errors.js';
import { refundRefusalMessage } from '../../../domain/refunds.js';
import type { EventConsumer } from '../../events/domain-events.js';
import type { ReturnsRepository } from './repository.js';

/**
 * Asks the provider for a refund written pending and settles it (modules/fulfilment, given at
 * composition): a refused one answers a 409, one whose outcome is unknown a 504.
 */
export type SendRefund = (
  refund: { id: string; status: string; amountCents: number },
  chargeId: string,
) => Promise<void>;

/**
 * Returns asked for by the shopper (issue 19): asked from the order page within 30 days of Received,
 * approved by the staff with a refund of the pairs (through the same path as any refund) or rejected
 * with a message. The shopper is mailed at each step.
 */
export function createReturnsService(deps: {
  repository: ReturnsRepository;
  findOrder: (idOrPayment: string) => Promise<{ order: Order; userId: string } | undefined>;
  sendRefund: SendRefund;
  now?: () => Date;
}) {
  const { repository, findOrder, sendRefund, now = () => new Date() } = deps;

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
      return buyerViewOf(order);
    },

    list: (query: PagedSearchQuery) => repository.list(query),

    /**
     * A refund the provider refused, whoever heard it (the decision itself, a retry, Stripe's webhook):
     * the return it refunded steps back, to be decided again. Handed over after the refund's settlement
     * committed and before its caller goes on, so the 409 leaves with the return waiting again.
     */
    consumer: (async (event) => {
      if (event.type !== 'refund.failed') return;
      await repository.stepBack(event.payload.orderId, event.payload.refundId);
    }) satisfies EventConsumer,

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
        // Approved without a refund: its event mails the shopper how to send the pairs back.
        if (result.kind === 'approved') return answer(id);
        // The buyer's mail goes when the refund is settled (here or by the provider's webhook).
        await sendRefund(result.refund, result.chargeId);
        return answer(id);
      }
      const rejected = await repository.reject(id, decision.message, actor);
      if (rejected.kind === 'missing') throw notFound(MESSAGES.returns.notFound);
      if (rejected.kind === 'decided') throw conflict(MESSAGES.returns.decided);
      return answer(id);
    },
  };
}

export type ReturnsService = ReturnType<typeof createReturnsService>;
