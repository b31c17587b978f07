import { APIError } from 'better-auth/api';
import { MESSAGES } from '../../domain/messages.js';
import { HttpError } from '../http/errors.js';
import { accountDisabled } from './identity.js';

/** The code of a better-auth refusal (`INVALID_PASSWORD`, `INVALID_CODE`...), or undefined. */
export const betterAuthCode = (error: unknown): string | undefined =>
  error instanceof APIError ? (error.body as { code?: string } | undefined)?.code : undefined;

/** 400 'Wrong Password' on the form's field that holds it. */
export const wrongPassword = (field = 'password') =>
  new HttpError(400, 'wrong_password', MESSAGES.identity.wrongPassword, {
    [field]: MESSAGES.identity.wrongPassword,
  });

/**
 * The refusals any better-auth call that checks a password or starts a session may give: a wrong
 * password, and a Disabled account refused a session (auth-instance.ts's session hook), answered as
 * every other endpoint answers a disabled account.
 */
export function commonRefusal(error: unknown): HttpError | undefined {
  switch (betterAuthCode(error)) {
    case 'INVALID_PASSWORD':
      return wrongPassword();
    case 'ACCOUNT_DISABLED':
      return accountDisabled();
    default:
      return undefined;
  }
}
