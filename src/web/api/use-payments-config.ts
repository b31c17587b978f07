import { useQuery } from '@tanstack/react-query';
import { apiUrl, getData } from './http';
import {
  paymentsConfigAnswerSchema as paymentsConfigSchema,
  type PaymentsConfig,
} from '../../domain/contracts/checkout';

export type { PaymentsConfig };

/** Kept here rather than in query-keys.ts: only the cart asks for it. */
export const paymentsConfigKey = ['payments', 'config'] as const;

/**
 * `GET /api/payments/config`: which card processor the payment form talks to (the built-in
 * test processor, or Stripe with its publishable key). It does not change while we run.
 */
export function usePaymentsConfig() {
  return useQuery({
    queryKey: paymentsConfigKey,
    queryFn: ({ signal }) => getData(apiUrl('/payments/config'), paymentsConfigSchema, signal),
    staleTime: Infinity,
  });
}
