import type { ContactInput } from '../../../../domain/forms';
import { postJson } from '../../../api/http';

/** Spec §7 `POST /mail/contactUs`. Throws an ApiError on failure. */
export function sendContactMessage({ name, email, message }: ContactInput): Promise<void> {
  return postJson('/api/mail/contactUs', { name, email, message });
}
