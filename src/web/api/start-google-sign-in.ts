import { paths } from '../paths';
import { sendJson } from './http';
import { socialSignInAnswerSchema as redirectSchema } from '../../domain/contracts/accounts';

/** Where Google sends the shopper back: the account page greets them (and syncs the user) once. */
export const GOOGLE_WELCOME_PARAM = 'welcome';
export const GOOGLE_WELCOME_VALUE = 'google';

/**
 * Starts Google sign-in (OpenID Connect through our backend): the server answers the provider's
 * authorization URL and the browser goes there. Failures come back as `/signin?error=...`.
 */
export async function startGoogleSignIn(): Promise<void> {
  const { url } = await sendJson(
    'POST',
    '/api/auth/sign-in/social',
    {
      provider: 'google',
      callbackURL: `${paths.account}?${GOOGLE_WELCOME_PARAM}=${GOOGLE_WELCOME_VALUE}`,
      errorCallbackURL: paths.signIn,
    },
    redirectSchema,
  );
  window.location.assign(url);
}
