import { messageAnswerSchema as messageSchema } from '../../../../domain/contracts/answers';
import { apiUrl, sendJson } from '../../../api/http';
import { useCatalogChange } from './use-catalog-change';

/** `DELETE /api/shoes/{id}` (admin): answers 'Deleted!'. */
export function deleteShoe(shoeId: string) {
  return sendJson('DELETE', apiUrl(`/shoes/${encodeURIComponent(shoeId)}`), undefined, messageSchema);
}

export function useDeleteShoe() {
  return useCatalogChange(deleteShoe);
}
