import { zodResolver } from '@hookform/resolvers/zod';
import { Mail } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from '../../lib/toast';
import { forgetPasswordSchema } from '../../../domain/account';
import { NOTICE_MS } from '../../../domain/constants';
import { MESSAGES } from '../../../domain/messages';
import { useRequestPasswordReset } from './api/request-password-reset';
import { primaryButtonClass, textLinkClass } from '../../components/forms/button-class';
import { FormAlert } from '../../components/forms/form-alert';
import { applyServerError } from '../../components/forms/server-error';
import { paths } from '../../paths';
import { AuthLayout } from './auth-layout';
import { EmailField } from './email-field';

/** `/forget` (spec §2): 'Recover your password', an email field, 'Send Email', 'Back Home'. */
export default function ForgetPage() {
  const heading = MESSAGES.identity.recoverHeading;
  const id = useId();
  const emailId = `${id}-email`;
  const requestReset = useRequestPasswordReset();
  const [sentTo, setSentTo] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(forgetPasswordSchema),
    mode: 'onTouched',
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async (input) => {
    setFormError(undefined);
    setSentTo(undefined);
    try {
      const message = await requestReset.mutateAsync(input);
      toast.success(message, { duration: NOTICE_MS.success });
      setSentTo(input.email);
    } catch (error) {
      setFormError(
        applyServerError(error, setError, { fields: ['email'], codes: { user_not_found: 'email' } }),
      );
    }
  });

  return (
    <AuthLayout
      title={heading}
      intro="Type the email of your account and we will send you a link to choose a new password."
      footer={
        <p>
          Remembered it?{' '}
          <Link to={paths.signIn} className={textLinkClass}>
            Sign in
          </Link>
        </p>
      }
    >
      <form method="post" onSubmit={onSubmit} noValidate aria-label={heading} className="space-y-5">
        <EmailField id={emailId} error={errors.email?.message} registration={register('email')} />
        {formError && <FormAlert tone="error">{formError}</FormAlert>}
        {/* Always rendered so screen readers announce the confirmation when it appears. */}
        <div role="status">
          {sentTo && (
            <FormAlert tone="success">
              <p className="font-bold">{MESSAGES.identity.resetSent}</p>
              <p className="mt-1 break-words">
                Look for a message sent to {sentTo}: its link works once, within the next hour.
              </p>
            </FormAlert>
          )}
        </div>
        <button type="submit" disabled={isSubmitting} className={`${primaryButtonClass} w-full`}>
          <Mail aria-hidden="true" className="size-4" />
          {isSubmitting ? 'Sending...' : MESSAGES.identity.sendEmail}
        </button>
      </form>
    </AuthLayout>
  );
}
