import type { RestockRequest } from '../../../../domain/restock';
import { apiUrl, lazySchema, sendJson } from '../../../api/http';

const answerSchema = lazySchema((schemas) => schemas.message);

/** `POST /api/restock`: "Email me when it's back" for a sold-out size. */
export function waitForSize(request: RestockRequest) {
  return sendJson('POST', apiUrl('/restock'), request, answerSchema);
}
