import { zodResolver } from '@hookform/resolvers/zod';
import { LogIn } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { toast } from '../../lib/toast';
import { credentialsSchema } from '../../../domain/account';
import { NOTICE_MS } from '../../../domain/constants';
import { MESSAGES } from '../../../domain/messages';
import { useSignIn } from './api/sign-in';
import { useSession } from '../../api/use-session';
import { primaryButtonClass, textLinkClass } from '../../components/forms/button-class';
import { FormAlert } from '../../components/forms/form-alert';
import { applyServerError } from '../../components/forms/server-error';
import { paths } from '../../paths';
import { AuthLayout } from './auth-layout';
import { CredentialsFields } from './credentials-fields';
import { GoogleSignInButton } from './google-sign-in-button';
import { googleErrorMessage } from './google-error';
import { OrDivider } from './or-divider';
import { redirectTarget } from './redirect-target';

/** `/signin` (spec §2): email and password, Google, links to sign-up and recovery, Back Home. */
export default function SignInPage() {
  const id = useId();
  const location = useLocation();
  const { data: user } = useSession();
  const signIn = useSignIn();
  const [formError, setFormError] = useState<string>();
  const [params, setParams] = useSearchParams();
  // A failed Google round trip comes back as /signin?error=<code>; read once, then tidy the URL.
  const [googleError] = useState(() => {
    const code = params.get('error');
    return code === null ? undefined : googleErrorMessage(code);
  });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(credentialsSchema),
    // Spec §5: errors show only for touched fields (or after a submit attempt).
    mode: 'onTouched',
    defaultValues: { email: '', password: '' },
  });

  useEffect(() => {
    if (!googleError) return;
    toast.error(googleError, { id: 'google-sign-in-error', duration: NOTICE_MS.error });
    setParams(
      (current) => {
        current.delete('error');
        current.delete('error_description');
        return current;
      },
      { replace: true, state: location.state },
    );
    // Once per visit: the URL no longer carries the code after this.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [googleError]);

  const onSubmit = handleSubmit(async (credentials) => {
    setFormError(undefined);
    try {
      await signIn.mutateAsync(credentials);
      toast.success(MESSAGES.identity.welcomeBack, { duration: NOTICE_MS.success });
      // The session cache now holds the user: the redirect below takes them on.
    } catch (error) {
      setFormError(
        applyServerError(error, setError, {
          fields: ['email', 'password'],
          codes: { user_not_found: 'email', wrong_password: 'password' },
        }),
      );
    }
  });

  // Spec §2: a signed-in user is sent to /account (or back to the page a guard kept them from).
  if (user) return <Navigate to={redirectTarget(location.state)} replace />;

  return (
    <AuthLayout
      title="Sign in"
      intro="Welcome back. Sign in to see your orders, favorites and reviews."
      footer={
        <p>
          New to Sneaker Street?{' '}
          <Link to={paths.createAccount} state={location.state} className={textLinkClass}>
            Create an account
          </Link>
        </p>
      }
    >
      <div className="space-y-6">
        {googleError && <FormAlert tone="error">{googleError}</FormAlert>}
        <GoogleSignInButton />
        <OrDivider />
        <form method="post" onSubmit={onSubmit} noValidate aria-label="Sign in" className="space-y-5">
          <CredentialsFields
            id={id}
            register={register}
            errors={errors}
            passwordAutoComplete="current-password"
          />
          <div className="-mt-2 flex justify-end">
            <Link to={paths.forget} className={`${textLinkClass} text-sm`}>
              {MESSAGES.identity.forgetLink}
            </Link>
          </div>
          {formError && <FormAlert tone="error">{formError}</FormAlert>}
          <button type="submit" disabled={isSubmitting} className={`${primaryButtonClass} w-full`}>
            <LogIn aria-hidden="true" className="size-4" />
            {isSubmitting ? 'Signing in...' : 'Sign in'}
          </button>
        </form>
      </div>
    </AuthLayout>
  );
}
