import { messageAnswerSchema } from '../../../../domain/contracts/answers';
import type { RestockRequest } from '../../../../domain/restock';
import { apiUrl, sendJson } from '../../../api/http';

/** `POST /api/restock`: "Email me when it's back" for a sold-out size. */
export function waitForSize(request: RestockRequest) {
  return sendJson('POST', apiUrl('/restock'), request, messageAnswerSchema);
}
