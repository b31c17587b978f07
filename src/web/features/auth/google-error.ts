import { MESSAGES } from '../../../domain/messages';

/**
 * The text for `/signin?error=<code>` after a failed Google round trip. The one worth
 * explaining: an account with that email exists and was not linked (we never take over a
 * password account silently), so the owner should sign in with the password.
 */
export function googleErrorMessage(code: string): string {
  if (/not_linked|link_account/i.test(code)) return MESSAGES.identity.googleAccountExists;
  if (/disabled/i.test(code)) return MESSAGES.identity.disabled;
  return MESSAGES.identity.googleFailed;
}
