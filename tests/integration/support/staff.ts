import { authenticatorCode } from '../../api/support/staff.js';
import type { ShopClient } from './server-process.js';

/** The authenticator secrets the tests set up, per administrator address (a fresh database sets it up again). */
const secrets = new Map<string, string>();

/**
 * A staff session over HTTP, as the admin API wants it: the password, then the authenticator code.
 * The first sign-in on a database sets two-step sign-in up, as the admin panel makes staff do.
 */
export async function staffSignIn(
  send: ShopClient,
  credentials: { email: string; password: string },
): Promise<string> {
  const first = await send('POST', '/api/account/sign-in', credentials);
  if (first.status !== 200) throw new Error(`sign-in failed: ${first.status} ${first.text}`);
  if (!(first.json() as { twoFactorRequired?: boolean }).twoFactorRequired) {
    const setup = await send(
      'POST',
      '/api/account/two-factor/setup',
      { password: credentials.password },
      first.cookie,
    );
    if (setup.status !== 200) throw new Error(`setup failed: ${setup.status} ${setup.text}`);
    const { secret } = setup.json() as { secret: string };
    const confirmed = await send(
      'POST',
      '/api/account/two-factor/confirm',
      { code: await authenticatorCode(secret) },
      first.cookie,
    );
    if (confirmed.status !== 200) throw new Error(`confirm failed: ${confirmed.status} ${confirmed.text}`);
    secrets.set(credentials.email, secret);
    return confirmed.cookie;
  }
  const secret = secrets.get(credentials.email);
  if (!secret) throw new Error(`${credentials.email} has two-step sign-in on, but no test set it up`);
  const second = await send(
    'POST',
    '/api/account/sign-in/two-factor',
    { code: await authenticatorCode(secret) },
    first.cookie,
  );
  if (second.status !== 200) throw new Error(`second step failed: ${second.status} ${second.text}`);
  return second.cookie;
}
