import type { ContactInput } from '../../../domain/forms';
import { postJson } from '../../components/forms/post-json';

/** Spec §7 `POST /mail/contactUs`, served under `/api` (DESIGN.md §1). Throws `RequestError` on failure. */
export function sendContactMessage({ name, email, message }: ContactInput): Promise<void> {
  return postJson('/api/mail/contactUs', { name, email, message });
}
