import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { passwordSchema } from '../../../domain/account';
import { MESSAGES } from '../../../domain/messages';
import { ApiError } from '../../api/http';
import { useResetPassword } from './api/reset-password';
import { primaryButtonClass, textLinkClass } from '../../components/forms/button-class';
import { FormAlert } from '../../components/forms/form-alert';
import { NewPasswordField } from '../../components/forms/new-password-field';
import { PasswordField } from '../../components/forms/password-field';
import { useSchemaForm } from '../../components/forms/use-schema-form';
import { paths } from '../../paths';
import { AuthForm } from './auth-form';
import { AuthLayout } from './auth-layout';

const resetFormSchema = z
  .object({ newPassword: passwordSchema, confirmPassword: z.string() })
  .refine((values) => values.newPassword === values.confirmPassword, {
    message: MESSAGES.identity.passwordsDiffer,
    path: ['confirmPassword'],
  });

type Outcome = { kind: 'form' } | { kind: 'done'; message: string } | { kind: 'invalid'; message: string };

/**
 * `/reset-password?token=...`, opened from the recovery mail: choose a new password (twice).
 * The link works once and expires; then the page says so and offers a new one.
 */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const resetPassword = useResetPassword();
  const [outcome, setOutcome] = useState<Outcome>(() =>
    token ? { kind: 'form' } : { kind: 'invalid', message: MESSAGES.identity.resetLinkInvalid },
  );
  const { field, busy, formError, submit } = useSchemaForm(resetFormSchema, {
    defaultValues: { newPassword: '', confirmPassword: '' },
  });

  const onSubmit = submit(async ({ newPassword }) => {
    try {
      const message = await resetPassword.mutateAsync({ token, newPassword });
      setOutcome({ kind: 'done', message });
    } catch (error) {
      // An expired or used link: no form is worth showing any more.
      if (!(error instanceof ApiError && error.code === 'invalid_token')) throw error;
      setOutcome({ kind: 'invalid', message: error.message });
    }
  });

  return (
    <AuthLayout
      title="Choose a new password"
      intro={outcome.kind === 'form' ? 'Type it twice, so a typo does not lock you out.' : undefined}
    >
      {/* Always rendered so screen readers announce how it went. */}
      <div role="status">
        {outcome.kind === 'done' && (
          <div className="space-y-5">
            <FormAlert tone="success">{outcome.message}</FormAlert>
            <Link to={paths.signIn} className={`${primaryButtonClass} w-full`}>
              Sign in
            </Link>
          </div>
        )}
        {outcome.kind === 'invalid' && (
          <div className="space-y-5">
            <FormAlert tone="error">{outcome.message}</FormAlert>
            <p className="text-sm text-gray-700">
              Ask for a new link and use it within the hour.{' '}
              <Link to={paths.forget} className={textLinkClass}>
                {MESSAGES.identity.recoverHeading}
              </Link>
            </p>
          </div>
        )}
      </div>
      {outcome.kind === 'form' && (
        <AuthForm
          label="Choose a new password"
          onSubmit={onSubmit}
          error={formError}
          action={{ label: 'Save new password', busyLabel: 'Saving...', icon: KeyRound }}
          busy={busy}
        >
          <NewPasswordField {...field('newPassword')} />
          <PasswordField
            label="Repeat the new password"
            autoComplete="new-password"
            {...field('confirmPassword')}
          />
        </AuthForm>
      )}
    </AuthLayout>
  );
}
