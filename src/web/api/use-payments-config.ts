import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiUrl, getJson } from './http';

const paymentsConfigSchema = z.object({
  provider: z.enum(['test', 'stripe']),
  publishableKey: z.string().nullable(),
});
export type PaymentsConfig = z.infer<typeof paymentsConfigSchema>;

/** Kept here rather than in query-keys.ts: only the cart asks for it. */
export const paymentsConfigKey = ['payments', 'config'] as const;

/**
 * `GET /api/payments/config`: which card processor the payment form talks to (the built-in
 * test processor, or Stripe with its publishable key). It does not change while we run.
 */
export function usePaymentsConfig() {
  return useQuery({
    queryKey: paymentsConfigKey,
    queryFn: async ({ signal }) =>
      (await getJson(apiUrl('/payments/config'), paymentsConfigSchema, signal)).data,
    staleTime: Infinity,
  });
}
