import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlus } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useLocation } from 'react-router';
import { toast } from '../../lib/toast';
import { credentialsSchema, PASSWORD_LENGTH } from '../../../domain/account';
import { NOTICE_MS } from '../../../domain/constants';
import { MESSAGES } from '../../../domain/messages';
import { useSignUp } from './api/sign-up';
import { useSession } from '../../api/use-session';
import { primaryButtonClass, textLinkClass } from '../../components/forms/button-class';
import { FormAlert } from '../../components/forms/form-alert';
import { applyServerError } from '../../components/forms/server-error';
import { paths } from '../../paths';
import { AuthLayout } from './auth-layout';
import { CredentialsFields } from './credentials-fields';
import { redirectTarget } from './redirect-target';

/** `/createaccount` (spec §2): email and password, a link to /signin; welcome notice naming the shop. */
export default function CreateAccountPage() {
  const id = useId();
  const location = useLocation();
  const { data: user } = useSession();
  const signUp = useSignUp();
  const [formError, setFormError] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(credentialsSchema),
    mode: 'onTouched',
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (credentials) => {
    setFormError(undefined);
    try {
      await signUp.mutateAsync(credentials);
      toast.success(MESSAGES.identity.welcome, { duration: NOTICE_MS.success });
    } catch (error) {
      setFormError(
        applyServerError(error, setError, {
          fields: ['email', 'password'],
          codes: { email_in_use: 'email' },
        }),
      );
    }
  });

  // Signed up (or already signed in): on to the account.
  if (user) return <Navigate to={redirectTarget(location.state)} replace />;

  return (
    <AuthLayout
      title="Create account"
      intro="One account for your orders, favorites and reviews."
      footer={
        <p>
          Already have an account?{' '}
          <Link to={paths.signIn} state={location.state} className={textLinkClass}>
            Sign in
          </Link>
        </p>
      }
    >
      <form method="post" onSubmit={onSubmit} noValidate aria-label="Create account" className="space-y-5">
        <CredentialsFields
          id={id}
          register={register}
          errors={errors}
          passwordAutoComplete="new-password"
          passwordHint={`At least ${PASSWORD_LENGTH.min} characters.`}
        />
        {formError && <FormAlert tone="error">{formError}</FormAlert>}
        <button type="submit" disabled={isSubmitting} className={`${primaryButtonClass} w-full`}>
          <UserPlus aria-hidden="true" className="size-4" />
          {isSubmitting ? 'Creating your account...' : 'Create account'}
        </button>
      </form>
    </AuthLayout>
  );
}
