import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  taxRateAnswerSchema,
  taxRateListSchema,
  type TaxRateForm,
} from '../../../../domain/contracts/shipping-and-tax';
import { apiUrl, getData, sendJson } from '../../../api/http';
import { adminKeys } from '../../../api/query-keys';

const url = (state: string) => apiUrl(`/admin/tax-rates/${encodeURIComponent(state)}`);

/** `GET /api/admin/tax-rates`: the states with a rate, by name. */
export function useTaxRates() {
  return useQuery({
    queryKey: adminKeys.taxRates,
    queryFn: ({ signal }) => getData(apiUrl('/admin/tax-rates'), taxRateListSchema, signal),
  });
}

function useChange<Input, Output>(send: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.taxRates }),
  });
}

/** `PUT /api/admin/tax-rates/{state}`: the form's state in the path, its rate and box in the body. */
export const useSetTaxRate = () =>
  useChange(({ state, ...body }: TaxRateForm) => sendJson('PUT', url(state), body, taxRateAnswerSchema));

/** `DELETE /api/admin/tax-rates/{state}`. */
export const useRemoveTaxRate = () =>
  useChange((state: string) => sendJson('DELETE', url(state), undefined, taxRateListSchema));
