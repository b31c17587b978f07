import type { SignInRedirectState } from '../../components/guards/require-user';
import { paths } from '../../paths';

const AUTH_PAGES: readonly string[] = [paths.signIn, paths.createAccount, paths.forget, paths.resetPassword];

/**
 * Where to go once signed in: the page a guard sent the user away from, else /account
 * (spec §7: "on success goes to /account"). Only our own paths, never back to a sign-in form.
 */
export function redirectTarget(state: unknown): string {
  const from = (state as SignInRedirectState | null)?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return paths.account;
  const pathname = from.split(/[?#]/)[0] ?? '';
  return AUTH_PAGES.includes(pathname) ? paths.account : from;
}
