import { getAuthenticatorName } from '@better-auth/passkey';
import type { User } from '../../../domain/account.js';
import { MESSAGES } from '../../../domain/messages.js';
import type { Passkey } from '../../../domain/passkeys.js';
import { HttpError } from '../../http/errors.js';
import type { AuditWriter } from '../../audit/audit-writer.js';
import type { EventConsumer } from '../../events/domain-events.js';
import { recordStaffEvent } from '../../audit/staff-event.js';
import type { AuthAnswer } from '../../auth/auth-answer.js';
import { betterAuthCode, commonRefusal } from '../../auth/refusals.js';
import { toUser } from '../../auth/identity.js';
import type { AuthRepository } from '../../auth/auth-repository.js';
import type { Auth } from '../../auth/auth-instance.js';
import type { PasskeyRepository } from './repository.js';

type AssertionBody = NonNullable<Parameters<Auth['api']['verifyPasskeyAuthentication']>[0]>['body'];

/** better-auth's refusals as the shop's answers; a WebAuthn answer that does not verify is a 400. */
function translate(error: unknown): never {
  const common = commonRefusal(error);
  if (common) throw common;
  switch (betterAuthCode(error)) {
    case 'CHALLENGE_NOT_FOUND':
      throw new HttpError(400, 'passkey_expired', MESSAGES.passkeys.expired);
    case 'PASSKEY_NOT_FOUND':
      throw new HttpError(401, 'passkey_unknown', MESSAGES.passkeys.notRecognised);
    case 'FAILED_TO_VERIFY_REGISTRATION':
    case 'AUTHENTICATION_FAILED':
    case 'YOU_ARE_NOT_ALLOWED_TO_REGISTER_THIS_PASSKEY':
      throw new HttpError(400, 'passkey_failed', MESSAGES.passkeys.failed);
    default:
      throw error;
  }
}

/**
 * Passkeys on better-auth's passkey plugin (WebAuthn through @simplewebauthn/server): added after
 * the password, listed, removed, and signing in, which counts as two factors (auth/auth-instance.ts).
 */
export function createPasskeyService(deps: {
  auth: Auth;
  identities: AuthRepository;
  repository: PasskeyRepository;
  audit: AuditWriter;
  adminEmail: string;
}) {
  const { auth, identities, repository, audit, adminEmail } = deps;

  async function userById(id: string): Promise<User> {
    const row = await identities.findUser(id);
    if (!row) throw new HttpError(401, 'passkey_unknown', MESSAGES.passkeys.notRecognised);
    return toUser(row, adminEmail);
  }

  return {
    list: (user: User): Promise<Passkey[]> => repository.list(user._id),

    /** The password again, then the WebAuthn options for the browser, and the challenge's cookie. */
    async registrationOptions(
      password: string,
      headers: Headers,
    ): Promise<AuthAnswer<Record<string, unknown>>> {
      await auth.api.verifyPassword({ body: { password }, headers }).catch(translate);
      const result = await auth.api
        .generatePasskeyRegistrationOptions({ headers, returnHeaders: true })
        .catch(translate);
      return { body: { ...result.response }, cookies: result.headers.getSetCookie() };
    },

    async add(
      user: User,
      input: { response: Record<string, unknown>; name?: string | undefined },
      headers: Headers,
    ): Promise<{ message: string; passkey: Passkey }> {
      const created = await auth.api
        .verifyPasskeyRegistration({ body: { response: input.response }, headers })
        .catch(translate);
      // Named by the person, else by the password manager that holds it, else plainly.
      const name = input.name || getAuthenticatorName(created.aaguid) || MESSAGES.passkeys.defaultName;
      await repository.rename(user._id, created.id, name);
      await recordStaffEvent(audit, user, 'staff.passkey-added', headers, { passkey: name });
      const passkey = (await repository.list(user._id)).find((entry) => entry._id === created.id)!;
      return { message: MESSAGES.passkeys.added, passkey };
    },

    async remove(user: User, id: string, headers: Headers): Promise<{ message: string }> {
      const removed = await repository.remove(user._id, id);
      if (!removed) throw new HttpError(404, 'not_found', MESSAGES.passkeys.notFound);
      await recordStaffEvent(audit, user, 'staff.passkey-removed', headers, { passkey: removed.name });
      return { message: MESSAGES.passkeys.removed };
    },

    /** A challenge for signing in; no session needed. */
    async signInOptions(headers: Headers): Promise<AuthAnswer<Record<string, unknown>>> {
      const result = await auth.api.generatePasskeyAuthenticationOptions({ headers, returnHeaders: true });
      return { body: { ...result.response }, cookies: result.headers.getSetCookie() };
    },

    async signIn(response: Record<string, unknown>, headers: Headers): Promise<AuthAnswer<{ user: User }>> {
      // Its shape is checked by the route's schema; every value is checked by @simplewebauthn.
      const body = { response } as unknown as AssertionBody;
      const result = await auth.api
        .verifyPasskeyAuthentication({ body, headers, returnHeaders: true })
        .catch(translate);
      const user = await userById(result.response.user.id);
      await recordStaffEvent(audit, user, 'staff.sign-in', headers, { secondFactor: 'passkey' });
      return { body: { user }, cookies: result.headers.getSetCookie() };
    },

    /** A deleted account's passkeys go (docs/your-data.md); handed over twice, nothing more goes. */
    erasure: (async (event) => {
      if (event.type === 'account.deleted') await repository.eraseOf(event.payload.userId);
    }) satisfies EventConsumer,
  };
}

export type PasskeyService = ReturnType<typeof createPasskeyService>;
