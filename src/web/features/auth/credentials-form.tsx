import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { toast } from '../../lib/toast';
import { credentialsSchema, type Credentials } from '../../../domain/account';
import { NOTICE_MS } from '../../../domain/constants';
import { NewPasswordField } from '../../components/forms/new-password-field';
import { PasswordField } from '../../components/forms/password-field';
import { useSchemaForm } from '../../components/forms/use-schema-form';
import type { CredentialsOutcome } from './api/credentials';
import { AuthForm } from './auth-form';
import { EmailField } from './email-field';

interface CredentialsFormProps {
  /** Names the form and its button: 'Sign in', 'Create account'. */
  title: string;
  /** The button while the request runs. */
  busyLabel: string;
  icon: LucideIcon;
  /** Creating an account: the password is being chosen, with its rule under it. */
  newPassword?: boolean;
  /** The server's error codes that are about one of the fields (`wrong_password` -> `password`). */
  codes: Readonly<Record<string, keyof Credentials>>;
  /**
   * Signs in or up; the session cache then holds the user, and the page takes them on. A sign-in
   * that needs the second step says so (no welcome yet).
   */
  send: (credentials: Credentials) => Promise<CredentialsOutcome>;
  /** The notice once it worked. */
  welcome: string;
  /** A line under it (a sign-up: the link that confirms the address is in the mail). */
  welcomeDetail?: string;
  /** Between the fields and the button (the way to recover a forgotten password). */
  children?: ReactNode;
}

/** Email and password, shared by sign-in and sign-up. */
export function CredentialsForm({
  title,
  busyLabel,
  icon,
  newPassword = false,
  codes,
  send,
  welcome,
  welcomeDetail,
  children,
}: CredentialsFormProps) {
  const { field, busy, formError, submit } = useSchemaForm(credentialsSchema, {
    defaultValues: { email: '', password: '' },
    codes,
  });

  const onSubmit = submit(async (credentials) => {
    if ((await send(credentials)) === 'signed-in')
      toast.success(welcome, { duration: NOTICE_MS.success, description: welcomeDetail });
  });

  const password = { label: 'Password', ...field('password') };

  return (
    <AuthForm
      label={title}
      onSubmit={onSubmit}
      error={formError}
      action={{ label: title, busyLabel, icon }}
      busy={busy}
    >
      <EmailField {...field('email')} />
      {newPassword ? (
        <NewPasswordField {...password} />
      ) : (
        <PasswordField {...password} autoComplete="current-password" />
      )}
      {children}
    </AuthForm>
  );
}
