import type { NewsletterInput } from '../../domain/forms';
import { postJson } from './http';

/** Spec §7 `POST /mail/newsletter`. Throws an ApiError on failure. */
export function subscribeNewsletter(input: NewsletterInput): Promise<void> {
  return postJson('/api/mail/newsletter', { email: input.email });
}
