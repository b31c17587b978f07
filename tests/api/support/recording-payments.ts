import type * as TestPaymentProvider from '../../../src/server/payments/test-payment-provider.js';

/** What the wrapped test processor was asked to refund, and the faults to play on the next refunds. */
export interface RecordedRefunds {
  refunds: { chargeId: string; amountCents: number; idempotencyKey: string }[];
  /** How many of the next refunds time out before reaching the processor. */
  timeouts: number;
  /** How many of the next refunds the processor refuses. */
  refusals: number;
}

/**
 * The built-in test processor, wrapped to record its refunds and to time out or refuse on demand:
 * a test file's vi.mock of test-payment-provider.js answers with this.
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
        async refundPart(request: Parameters<typeof real.refundPart>[0]) {
          if (recorded.timeouts > 0) {
            recorded.timeouts -= 1;
            throw new PaymentOutcomeUnknown(request.chargeId, true);
          }
          if (recorded.refusals > 0) {
            recorded.refusals -= 1;
            throw new PaymentError('charge_disputed', 'The charge is disputed.');
          }
          recorded.refunds.push(request);
          return real.refundPart(request);
        },
      };
    },
  };
}
