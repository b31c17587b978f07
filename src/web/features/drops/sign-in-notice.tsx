import { Link } from 'react-router';
import { textLinkClass } from '../../components/forms/button-class';
import type { SignInRedirectState } from '../../components/guards/require-user';
import { paths } from '../../paths';

/**
 * "Sign in to ...: sign in or create an account", for a signed-out shopper on a drop's page: both
 * links bring the shopper back to the drop once signed in (the sign-in page's `from`).
 */
export function SignInNotice({ dropId, message }: { dropId: string; message: string }) {
  const backHere: SignInRedirectState = { from: paths.drop(dropId) };
  return (
    <p className="mt-4 rounded-xl bg-paper px-3 py-2.5 text-sm text-gray-700">
      {message}:{' '}
      <Link to={paths.signIn} state={backHere} className={textLinkClass}>
        sign in
      </Link>{' '}
      or{' '}
      <Link to={paths.createAccount} state={backHere} className={textLinkClass}>
        create an account
      </Link>
      .
    </p>
  );
}
