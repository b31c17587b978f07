import { Mail } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../lib/toast';
import { forgetPasswordSchema } from '../../../domain/account';
import { NOTICE_MS } from '../../../domain/constants';
import { MESSAGES } from '../../../domain/messages';
import { useRequestPasswordReset } from './api/request-password-reset';
import { FormAlert } from '../../components/forms/form-alert';
import { useSchemaForm } from '../../components/forms/use-schema-form';
import { paths } from '../../paths';
import { AuthForm } from './auth-form';
import { AuthLayout } from './auth-layout';
import { AuthSwitchLink } from './auth-switch-link';
import { EmailField } from './email-field';

/** `/forget` (spec §2): 'Recover your password', an email field, 'Send Email', 'Back Home'. */
export default function ForgetPage() {
  const heading = MESSAGES.identity.recoverHeading;
  const requestReset = useRequestPasswordReset();
  const [sentTo, setSentTo] = useState<string>();
  const { field, busy, formError, submit } = useSchemaForm(forgetPasswordSchema, {
    defaultValues: { email: '' },
    codes: { user_not_found: 'email' },
  });

  const onSubmit = submit(async (input) => {
    setSentTo(undefined);
    const message = await requestReset.mutateAsync(input);
    toast.success(message, { duration: NOTICE_MS.success });
    setSentTo(input.email);
  });

  return (
    <AuthLayout
      title={heading}
      intro="Type the email of your account and we will send you a link to choose a new password."
      footer={<AuthSwitchLink question="Remembered it?" to={paths.signIn} label="Sign in" />}
    >
      <AuthForm
        label={heading}
        onSubmit={onSubmit}
        error={formError}
        action={{ label: MESSAGES.identity.sendEmail, busyLabel: 'Sending...', icon: Mail }}
        busy={busy}
        notice={
          // Always rendered so screen readers announce the confirmation when it appears.
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
        }
      >
        <EmailField {...field('email')} />
      </AuthForm>
    </AuthLayout>
  );
}
