import { shoeAnswerSchema } from '../../../../domain/admin';
import { apiUrl, sendJson } from '../../../api/http';
import { useCatalogChange } from './use-catalog-change';

export interface OnSaleInput {
  shoeId: string;
  onSale: boolean;
}

/** `PUT /api/admin/onsale/{id}` `{onSale}` (admin): answers a message and the updated shoe. */
export function setOnSale({ shoeId, onSale }: OnSaleInput) {
  return sendJson('PUT', apiUrl(`/admin/onsale/${encodeURIComponent(shoeId)}`), { onSale }, shoeAnswerSchema);
}

/** The storefront's sale carousel, /sale and badges change with it. */
export function useSetOnSale() {
  return useCatalogChange(setOnSale);
}
