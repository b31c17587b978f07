import type { RestockRequest } from '../../../../domain/restock';
import { apiUrl, sendJson } from '../../../api/http';
import { messageAnswer } from '../../../api/message-answer';

/** `POST /api/restock`: "Email me when it's back" for a sold-out size. */
export function waitForSize(request: RestockRequest) {
  return sendJson('POST', apiUrl('/restock'), request, messageAnswer);
}
