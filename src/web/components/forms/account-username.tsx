/**
 * The signed-in account's email, hidden, in a form that asks for a password: it lets password
 * managers file what is typed (a new password, a passkey) under the right account.
 */
export function AccountUsername({ email }: { email: string }) {
  return <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />;
}
