import type { NewsletterInput } from '../../../domain/forms';
import { postJson } from '../forms/post-json';

/** Spec §7 `POST /mail/newsletter`, served under `/api` (DESIGN.md §1). Throws `RequestError` on failure. */
export function subscribeNewsletter(input: NewsletterInput): Promise<void> {
  return postJson('/api/mail/newsletter', { email: input.email });
}
