import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { PASSWORD_LENGTH, passwordSchema } from '../../../domain/account';
import { MESSAGES } from '../../../domain/messages';
import { ApiError } from '../../api/http';
import { useResetPassword } from './api/reset-password';
import { primaryButtonClass, textLinkClass } from '../../components/forms/button-class';
import { FormAlert } from '../../components/forms/form-alert';
import { describedBy, FormField } from '../../components/forms/form-field';
import { PasswordInput } from '../../components/forms/password-input';
import { applyServerError } from '../../components/forms/server-error';
import { paths } from '../../paths';
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
  const id = useId();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const resetPassword = useResetPassword();
  const [outcome, setOutcome] = useState<Outcome>(() =>
    token ? { kind: 'form' } : { kind: 'invalid', message: MESSAGES.identity.resetLinkInvalid },
  );
  const [formError, setFormError] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(resetFormSchema),
    mode: 'onTouched',
    defaultValues: { newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ newPassword }) => {
    setFormError(undefined);
    try {
      const message = await resetPassword.mutateAsync({ token, newPassword });
      setOutcome({ kind: 'done', message });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'invalid_token') {
        setOutcome({ kind: 'invalid', message: error.message });
        return;
      }
      setFormError(applyServerError(error, setError, { fields: ['newPassword'] }));
    }
  });

  const newId = `${id}-new`;
  const confirmId = `${id}-confirm`;
  const hint = `At least ${PASSWORD_LENGTH.min} characters.`;

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
        <form
          method="post"
          onSubmit={onSubmit}
          noValidate
          aria-label="Choose a new password"
          className="space-y-5"
        >
          <FormField id={newId} label="New password" error={errors.newPassword?.message} hint={hint}>
            <PasswordInput
              id={newId}
              autoComplete="new-password"
              aria-invalid={errors.newPassword ? true : undefined}
              aria-describedby={describedBy(newId, { hint: true, error: errors.newPassword?.message })}
              {...register('newPassword')}
            />
          </FormField>
          <FormField id={confirmId} label="Repeat the new password" error={errors.confirmPassword?.message}>
            <PasswordInput
              id={confirmId}
              autoComplete="new-password"
              aria-invalid={errors.confirmPassword ? true : undefined}
              aria-describedby={describedBy(confirmId, { error: errors.confirmPassword?.message })}
              {...register('confirmPassword')}
            />
          </FormField>
          {formError && <FormAlert tone="error">{formError}</FormAlert>}
          <button type="submit" disabled={isSubmitting} className={`${primaryButtonClass} w-full`}>
            <KeyRound aria-hidden="true" className="size-4" />
            {isSubmitting ? 'Saving...' : 'Save new password'}
          </button>
        </form>
      )}
    </AuthLayout>
  );
}
