import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../domain/messages';
import { ApiError } from './http';
import { passkeyFailure } from './passkey-failure';

/** A browser refusal as @simplewebauthn/browser hands it on: an Error with the DOMException's name. */
function refusal(name: string): Error {
  const error = new Error('refused');
  error.name = name;
  return error;
}

describe('passkeyFailure', () => {
  it('says a cancelled or timed-out prompt was cancelled, naming a missing passkey at sign-in', () => {
    for (const name of ['NotAllowedError', 'AbortError']) {
      expect(passkeyFailure(refusal(name), 'sign-in')).toBe(MESSAGES.passkeys.signInCancelled);
      expect(passkeyFailure(refusal(name), 'add')).toBe(MESSAGES.passkeys.addCancelled);
    }
    expect(MESSAGES.passkeys.signInCancelled).toMatch(/cancelled.*no passkey/);
  });

  it('says a device already holding the passkey so when adding one', () => {
    expect(passkeyFailure(refusal('InvalidStateError'), 'add')).toBe(MESSAGES.passkeys.alreadyOnDevice);
    expect(passkeyFailure(refusal('InvalidStateError'), 'sign-in')).toBe(MESSAGES.passkeys.deviceNotReady);
  });

  it('says this address cannot use passkeys on a SecurityError', () => {
    for (const ceremony of ['sign-in', 'add'] as const)
      expect(passkeyFailure(refusal('SecurityError'), ceremony)).toBe(MESSAGES.passkeys.wrongAddress);
  });

  it('says the browser cannot use passkeys when it has no WebAuthn, whatever the error', () => {
    expect(passkeyFailure(new Error('WebAuthn is not supported'), 'sign-in', false)).toBe(
      MESSAGES.passkeys.unsupported,
    );
    expect(passkeyFailure(refusal('NotSupportedError'), 'add')).toBe(MESSAGES.passkeys.unsupported);
  });

  it("shows a server's 4xx message as given", () => {
    const answer = new ApiError(400, 'passkey_not_recognised', MESSAGES.passkeys.notRecognised);
    expect(passkeyFailure(answer, 'sign-in')).toBe(MESSAGES.passkeys.notRecognised);
  });

  it('falls back to the general message only for what it cannot explain', () => {
    expect(passkeyFailure(new Error('boom'), 'sign-in')).toBe(MESSAGES.common.somethingWrong);
    expect(passkeyFailure(new ApiError(502, 'http_error', 'Bad Gateway'), 'add')).toBe(
      MESSAGES.common.somethingWrong,
    );
    expect(passkeyFailure('not an error', 'sign-in')).toBe(MESSAGES.common.somethingWrong);
  });
});
