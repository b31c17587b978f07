import { KeyRound, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import type { TwoFactorSetup as Setup } from '../../../domain/contracts/two-factor';
import { NOTICE_MS } from '../../../domain/constants';
import { confirmTwoFactorSchema } from '../../../domain/two-factor';
import { useConfirmTwoFactor } from '../../api/confirm-two-factor';
import { useStartTwoFactor } from '../../api/start-two-factor';
import { toast } from '../../lib/toast';
import { FormSubmit } from '../forms/form-submit';
import { InputField } from '../forms/input-field';
import { PasswordAgainForm } from '../forms/password-again-form';
import { useSchemaForm } from '../forms/use-schema-form';
import { RecoveryCodes } from './recovery-codes';

/**
 * Turning two-step sign-in on: the password again, then a QR code (and its secret as text) for an
 * authenticator app with the ten recovery codes, then the app's first code. Used on /account and,
 * for staff who have not set it up, in place of the admin panel.
 */
export function TwoFactorSetup({ email }: { email: string }) {
  const [setup, setSetup] = useState<Setup>();
  return setup ? (
    <ConfirmStep setup={setup} email={email} />
  ) : (
    <PasswordStep email={email} onStarted={setSetup} />
  );
}

function PasswordStep({ email, onStarted }: { email: string; onStarted: (setup: Setup) => void }) {
  const start = useStartTwoFactor();
  return (
    <PasswordAgainForm
      email={email}
      label="Set up two-step sign-in"
      busyLabel="Starting..."
      icon={ShieldCheck}
      passwordLabel="Type your password to begin"
      send={async (input) => onStarted(await start.mutateAsync(input))}
    />
  );
}

function ConfirmStep({ setup, email }: { setup: Setup; email: string }) {
  const confirm = useConfirmTwoFactor();
  const { field, busy, formError, submit } = useSchemaForm(confirmTwoFactorSchema, {
    defaultValues: { code: '' },
    codes: { wrong_code: 'code' },
  });
  const onSubmit = submit(async (input) => {
    const { message } = await confirm.mutateAsync(input);
    toast.success(message, { duration: NOTICE_MS.success });
  });

  return (
    <div className="space-y-6">
      <ol className="space-y-6">
        <li className="space-y-3">
          <p className="font-semibold">1. Scan this QR code with your authenticator app</p>
          <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
            <img
              src={setup.qrCode}
              alt="QR code for your authenticator app"
              width={176}
              height={176}
              className="size-44 shrink-0 rounded-xl bg-white ring-1 ring-black/10"
            />
            <div className="min-w-0 text-sm text-gray-700">
              <p>Cannot scan? Type this key into the app instead:</p>
              <p
                className="mt-2 font-mono text-base font-semibold tracking-wider break-all text-ink"
                aria-label="Secret key"
              >
                {setup.secret.match(/.{1,4}/g)?.join(' ')}
              </p>
            </div>
          </div>
        </li>
        <li className="space-y-3">
          <p className="font-semibold">2. Save your recovery codes</p>
          <RecoveryCodes codes={setup.recoveryCodes} email={email} />
        </li>
        <li>
          <form
            method="post"
            onSubmit={onSubmit}
            noValidate
            aria-label="Confirm two-step sign-in"
            className="space-y-4"
          >
            <InputField
              label="3. Enter the 6-digit code the app shows"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              {...field('code')}
            />
            <FormSubmit
              error={formError}
              action={{ label: 'Turn on two-step sign-in', busyLabel: 'Checking...', icon: KeyRound }}
              busy={busy}
              className="w-full sm:w-auto"
            />
          </form>
        </li>
      </ol>
    </div>
  );
}
