import { messageAnswerSchema as messageSchema } from '../../../../domain/contracts/answers';
import { apiUrl, sendJson } from '../../../api/http';
import { useCatalogChange } from './use-catalog-change';

/** `DELETE /api/brands/{id}` (admin): 'Deleted!', or 409 while the brand still has shoes. */
export function deleteBrand(brandId: string) {
  return sendJson('DELETE', apiUrl(`/brands/${encodeURIComponent(brandId)}`), undefined, messageSchema);
}

/** The header's BRANDS menu reads the catalogue's brand list. */
export function useDeleteBrand() {
  return useCatalogChange(deleteBrand);
}
