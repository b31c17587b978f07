import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { codeClaimsInMemory, unusedAuthenticatorCode } from '../../fixtures/authenticator-codes.js';
import { cookieFrom, signIn, TEST_ORIGIN } from './session.js';

/** The authenticator secrets the tests enrolled, per shop and account. */
const secrets = new WeakMap<FastifyInstance, Map<string, string>>();

const typedCodes = codeClaimsInMemory();

/**
 * A code the authenticator app for `secret` (base32, as the setup answers it) shows about now,
 * one no test typed before: the shop takes each code once.
 */
export const authenticatorCode = (secret: string): Promise<string> =>
  unusedAuthenticatorCode(secret, typedCodes);

export function enrolledSecret(app: FastifyInstance, email: string): string | undefined {
  return secrets.get(app)?.get(email.toLowerCase());
}

function remember(app: FastifyInstance, email: string, secret: string) {
  const known = secrets.get(app) ?? new Map<string, string>();
  known.set(email.toLowerCase(), secret);
  secrets.set(app, known);
}

function expectOk(response: LightMyRequestResponse, step: string): LightMyRequestResponse {
  if (response.statusCode !== 200) throw new Error(`${step} failed: ${response.statusCode} ${response.body}`);
  return response;
}

const post = (app: FastifyInstance, url: string, cookie: string, payload: object, ip?: string) =>
  app.inject({
    method: 'POST',
    url,
    payload,
    headers: { origin: TEST_ORIGIN, cookie },
    ...(ip ? { remoteAddress: ip } : {}),
  });

/** Turns two-step sign-in on for the account signed in with `cookie`; the strong session's cookie. */
export async function enrolTwoFactor(
  app: FastifyInstance,
  cookie: string,
  email: string,
  password: string,
  ip?: string,
): Promise<{ cookie: string; secret: string; recoveryCodes: string[] }> {
  const setup = expectOk(await post(app, '/api/account/two-factor/setup', cookie, { password }, ip), 'setup');
  const { secret, recoveryCodes } = setup.json() as { secret: string; recoveryCodes: string[] };
  const confirmed = expectOk(
    await post(app, '/api/account/two-factor/confirm', cookie, { code: await authenticatorCode(secret) }, ip),
    'confirm',
  );
  remember(app, email, secret);
  return { cookie: cookieFrom(confirmed), secret, recoveryCodes };
}

/**
 * A staff member's session as the admin API wants it: password, then the authenticator code. The
 * first time, it sets two-step sign-in up (as the admin panel makes staff do) and remembers the secret.
 */
export async function staffSession(
  app: FastifyInstance,
  email: string,
  password: string,
  ip?: string,
): Promise<string> {
  const first = expectOk(await signIn(app, email, password, ip), 'sign-in');
  if (!(first.json() as { twoFactorRequired?: boolean }).twoFactorRequired) {
    return (await enrolTwoFactor(app, cookieFrom(first), email, password)).cookie;
  }
  const secret = enrolledSecret(app, email);
  if (!secret) throw new Error(`${email} has two-step sign-in on, but no test enrolled it`);
  const second = await post(
    app,
    '/api/account/sign-in/two-factor',
    cookieFrom(first),
    { code: await authenticatorCode(secret) },
    ip,
  );
  return cookieFrom(expectOk(second, 'second step'));
}
