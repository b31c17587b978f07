import { MESSAGES } from '../../domain/messages';
import { errorMessage } from './http';

/** Signing in with a passkey, or adding one on /account. */
export type PasskeyCeremony = 'sign-in' | 'add';

/**
 * Why a passkey failed, in words (issue 32: it used to say only "Something went wrong"). The browser's
 * WebAuthn refusals keep their DOMException name (@simplewebauthn/browser copies it onto its own
 * error); the server's 4xx answers carry their own message, shown as given.
 * `supported`: whether the browser has WebAuthn at all (window.PublicKeyCredential).
 */
export function passkeyFailure(error: unknown, ceremony: PasskeyCeremony, supported = true): string {
  if (!supported) return MESSAGES.passkeys.unsupported;
  const name = error instanceof Error ? error.name : '';
  switch (name) {
    // The person closed the prompt, it timed out, or (sign-in) the device has no passkey for us:
    // browsers do not tell these apart, on purpose.
    case 'NotAllowedError':
    case 'AbortError':
      return ceremony === 'sign-in' ? MESSAGES.passkeys.signInCancelled : MESSAGES.passkeys.addCancelled;
    case 'InvalidStateError':
      return ceremony === 'add' ? MESSAGES.passkeys.alreadyOnDevice : MESSAGES.passkeys.deviceNotReady;
    // An IP address or a domain the passkey's relying party does not cover.
    case 'SecurityError':
      return MESSAGES.passkeys.wrongAddress;
    case 'NotSupportedError':
      return MESSAGES.passkeys.unsupported;
    default:
      return errorMessage(error);
  }
}

/** The browser's side of `passkeyFailure`. */
export function browserPasskeyFailure(error: unknown, ceremony: PasskeyCeremony): string {
  const supported = typeof window === 'undefined' || Boolean(window.PublicKeyCredential);
  return passkeyFailure(error, ceremony, supported);
}
