import type { RefundRequest } from '../../../src/server/payments/payment-provider.js';
import type * as TestPaymentProvider from '../../../src/server/payments/test-payment-provider.js';

/** What the wrapped test processor was asked to refund, and the faults to play on the next refunds. */
export interface RecordedRefunds {
  /**
   * Every refund that reached the processor, with the processor's refund id once it answered: the
   * same idempotency key always gives the same id, so the distinct ids are the refunds really made.
   */
  refunds: { chargeId: string; amountCents: number; idempotencyKey: string; refundId?: string }[];
  /** How many of the next refunds time out before reaching the processor. */
  timeouts: number;
  /** How many of the next refunds the processor refuses. */
  refusals: number;
  /**
   * How many of the next refunds the processor makes, and then their answer is lost (the shop
   * hears a timeout): only the same idempotency key asked again can find the refund made.
   */
  lostAnswers?: number;
  /** Awaited before a refund reaches the processor: a test holds a call there to overlap requests. */
  beforeRefund?: (request: RefundRequest) => Promise<void>;
  /** Every capture that went through: the payment, its amount and whose card paid it. */
  captures?: { paymentId: string; amountCents: number; userId: string }[];
}

/**
 * A record with nothing in it yet, captures included, and no fault to play. Made inside the test
 * file's vi.hoisted (`await vi.hoisted(async () => (await import(...)).emptyRecord())`), so that the
 * vi.mock factory, which runs before the file's imports, has it.
 */
export function emptyRecord(): RecordedRefunds & { captures: NonNullable<RecordedRefunds['captures']> } {
  return { refunds: [], timeouts: 0, refusals: 0, captures: [] };
}

/**
 * The built-in test processor, wrapped to record its refunds and captures and to time out, refuse
 * or lose an answer on demand: a test file's vi.mock of test-payment-provider.js answers with this.
 */
export async function recordingPayments(
  original: typeof TestPaymentProvider,
  recorded: RecordedRefunds,
): Promise<typeof TestPaymentProvider> {
  const { PaymentOutcomeUnknown, PaymentError } =
    await import('../../../src/server/payments/payment-provider.js');
  return {
    ...original,
    createTestPaymentProvider(secret: string) {
      const real = original.createTestPaymentProvider(secret);
      return {
        ...real,
        async charge(request: Parameters<typeof real.charge>[0]) {
          const charge = await real.charge(request);
          recorded.captures?.push({
            paymentId: charge.id,
            amountCents: charge.amountCents,
            userId: request.userId,
          });
          return charge;
        },
        async refundPart(request: RefundRequest) {
          if (recorded.timeouts > 0) {
            recorded.timeouts -= 1;
            throw new PaymentOutcomeUnknown(request.chargeId, true);
          }
          if (recorded.refusals > 0) {
            recorded.refusals -= 1;
            throw new PaymentError('charge_disputed', 'The charge is disputed.');
          }
          await recorded.beforeRefund?.(request);
          const sent: RecordedRefunds['refunds'][number] = { ...request };
          recorded.refunds.push(sent);
          const refund = await real.refundPart(request);
          sent.refundId = refund.id;
          const answersToLose = recorded.lostAnswers ?? 0;
          if (answersToLose > 0) {
            recorded.lostAnswers = answersToLose - 1;
            // Refunded at the processor; the shop never hears it.
            throw new PaymentOutcomeUnknown(request.chargeId, true);
          }
          return refund;
        },
      };
    },
  };
}
