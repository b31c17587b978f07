import { ArrowLeft, KeyRound } from 'lucide-react';
import { useState } from 'react';
import { NOTICE_MS } from '../../../domain/constants';
import { MESSAGES } from '../../../domain/messages';
import { twoFactorCodeSchema, type TwoFactorKind } from '../../../domain/two-factor';
import { ApiError } from '../../api/http';
import { useSignInWithCode } from '../../api/sign-in-with-code';
import { textLinkClass } from '../../components/forms/button-class';
import { InputField } from '../../components/forms/input-field';
import { useSchemaForm } from '../../components/forms/use-schema-form';
import { toast } from '../../lib/toast';
import { AuthForm } from './auth-form';

const KINDS: Record<
  TwoFactorKind,
  { label: string; hint: string; switchTo: TwoFactorKind; switchLabel: string }
> = {
  authenticator: {
    label: 'Code from your authenticator app',
    hint: 'The 6 digits the app shows for Sneaker Street.',
    switchTo: 'recovery',
    switchLabel: 'Use a recovery code instead',
  },
  recovery: {
    label: 'Recovery code',
    hint: 'One of the codes you saved when you set two-step sign-in up; each works once.',
    switchTo: 'authenticator',
    switchLabel: 'Use the authenticator app instead',
  },
};

/**
 * The sign-in's second step: a code from the authenticator app, or a recovery code. A sign-in that
 * took too long (or used its five codes) goes back to the password.
 */
export function TwoFactorStep({ onRestart }: { onRestart: (reason?: string) => void }) {
  const [kind, setKind] = useState<TwoFactorKind>('authenticator');
  const signIn = useSignInWithCode();
  const { register, field, setValue, clearErrors, busy, formError, submit } = useSchemaForm(
    twoFactorCodeSchema,
    {
      defaultValues: { code: '', kind: 'authenticator' },
      codes: { wrong_code: 'code' },
    },
  );
  const text = KINDS[kind];

  const onSubmit = submit(async (input) => {
    try {
      await signIn.mutateAsync(input);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'sign_in_expired') return onRestart(error.message);
      throw error;
    }
    toast.success(MESSAGES.identity.welcomeBack, { duration: NOTICE_MS.success });
  });

  function switchKind() {
    setKind(text.switchTo);
    setValue('kind', text.switchTo);
    setValue('code', '');
    clearErrors();
  }

  return (
    <div className="space-y-4">
      <p className="text-sm text-gray-700">Two-step sign-in is on for this account.</p>
      {/* Above the field: its message, shown when it loses focus, must not move them under the pointer. */}
      <div className="flex flex-wrap justify-between gap-3 text-sm">
        <button
          type="button"
          onClick={() => onRestart()}
          className={`${textLinkClass} inline-flex items-center gap-1`}
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to the password
        </button>
        <button type="button" onClick={switchKind} className={textLinkClass}>
          {text.switchLabel}
        </button>
      </div>
      <AuthForm
        label="Two-step sign-in"
        onSubmit={onSubmit}
        error={formError}
        action={{ label: 'Sign in', busyLabel: 'Checking...', icon: KeyRound }}
        busy={busy}
      >
        <input type="hidden" {...register('kind')} />
        <InputField
          key={kind}
          label={text.label}
          hint={text.hint}
          inputMode={kind === 'authenticator' ? 'numeric' : 'text'}
          autoComplete="one-time-code"
          autoCapitalize="off"
          spellCheck={false}
          // The field the step is about: the person just came from the password.
          autoFocus
          {...field('code')}
        />
      </AuthForm>
    </div>
  );
}
