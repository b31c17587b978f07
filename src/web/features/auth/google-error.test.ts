import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../domain/messages';
import { googleErrorMessage } from './google-error';

describe('googleErrorMessage', () => {
  it('tells the owner of an unlinked account to use the password', () => {
    expect(googleErrorMessage('account_not_linked')).toBe(MESSAGES.identity.googleAccountExists);
    expect(googleErrorMessage('unable_to_link_account')).toBe(MESSAGES.identity.googleAccountExists);
  });

  it('says so for a disabled account', () => {
    expect(googleErrorMessage('ACCOUNT_DISABLED')).toBe(MESSAGES.identity.disabled);
  });

  it('falls back to a plain failure', () => {
    expect(googleErrorMessage('state_mismatch')).toBe(MESSAGES.identity.googleFailed);
    expect(googleErrorMessage('')).toBe(MESSAGES.identity.googleFailed);
  });
});
