import { Fingerprint, Trash2 } from 'lucide-react';
import type { User } from '../../../domain/account';
import { NOTICE_MS } from '../../../domain/constants';
import { addPasskeyFormSchema, PASSKEY_NAME_MAX, type Passkey } from '../../../domain/passkeys';
import { ApiError, errorMessage } from '../../api/http';
import { useAddPasskey } from '../../api/add-passkey';
import { browserPasskeyFailure } from '../../api/passkey-failure';
import { useRemovePasskey } from '../../api/remove-passkey';
import { usePasskeys } from '../../api/use-passkeys';
import { AccountUsername } from '../../components/forms/account-username';
import { FormSubmit } from '../../components/forms/form-submit';
import { InputField } from '../../components/forms/input-field';
import { PasswordField } from '../../components/forms/password-field';
import { useSchemaForm } from '../../components/forms/use-schema-form';
import { LoadStatus } from '../../components/load-status';
import { toast } from '../../lib/toast';
import { AccountSection } from './account-section';

/** Passkeys on /account (issue 20): listed, added after the password, removed. */
export function PasskeysSection({ user }: { user: User }) {
  const passkeys = usePasskeys();
  return (
    <AccountSection
      title="Passkeys"
      description={`Sign in with your device's fingerprint, face or screen lock instead of a password.${
        user.role === 'user' ? '' : ' For staff a passkey counts as two-step sign-in.'
      }`}
    >
      {passkeys.isPending || passkeys.isError ? (
        <LoadStatus failed={passkeys.isError} className="py-4" />
      ) : passkeys.data.length === 0 ? (
        <p className="text-sm text-gray-700">No passkey yet.</p>
      ) : (
        <ul aria-label="Your passkeys" className="divide-y divide-gray-100">
          {passkeys.data.map((passkey) => (
            <PasskeyRow key={passkey._id} passkey={passkey} />
          ))}
        </ul>
      )}
      <AddPasskeyForm email={user.email} />
    </AccountSection>
  );
}

function PasskeyRow({ passkey }: { passkey: Passkey }) {
  const remove = useRemovePasskey();
  function onRemove() {
    remove
      .mutateAsync(passkey._id)
      .then((message) => toast.success(message, { duration: NOTICE_MS.success }))
      .catch((error: unknown) => toast.error(errorMessage(error), { duration: NOTICE_MS.error }));
  }
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 gap-3 text-sm">
        <Fingerprint aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-gray-600" />
        <div className="min-w-0">
          <p className="font-bold break-words">{passkey.name}</p>
          <p className="text-gray-700">
            Added {passkey.createdAt.slice(0, 10)} ·{' '}
            {passkey.synced ? 'synced across your devices' : 'on one device'}
          </p>
        </div>
      </div>
      <button
        type="button"
        onClick={onRemove}
        disabled={remove.isPending}
        className="inline-flex min-h-10 items-center gap-1.5 self-start rounded-full border border-gray-300 px-4 text-sm font-bold transition-colors hover:border-ink hover:bg-ink hover:text-white disabled:opacity-50 sm:self-center"
      >
        <Trash2 aria-hidden="true" className="size-4" />
        Remove<span className="sr-only"> {passkey.name}</span>
      </button>
    </li>
  );
}

function AddPasskeyForm({ email }: { email: string }) {
  const add = useAddPasskey();
  const { field, reset, busy, formError, submit } = useSchemaForm(addPasskeyFormSchema, {
    defaultValues: { name: '', password: '' },
    codes: { wrong_password: 'password' },
  });
  const onSubmit = submit(async (input) => {
    try {
      const { message } = await add.mutateAsync(input);
      toast.success(message, { duration: NOTICE_MS.success });
      reset();
    } catch (error) {
      // The API's refusals land on their field; the browser's own say what happened.
      if (error instanceof ApiError) throw error;
      throw new Error(browserPasskeyFailure(error, 'add'), { cause: error });
    }
  });
  return (
    <form
      method="post"
      onSubmit={onSubmit}
      noValidate
      aria-label="Add a passkey"
      className="mt-5 space-y-4 border-t border-gray-200 pt-5"
    >
      <AccountUsername email={email} />
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField
          label="Name (optional)"
          hint="Which device or password manager holds it."
          maxLength={PASSKEY_NAME_MAX}
          {...field('name')}
        />
        <PasswordField label="Your password" autoComplete="current-password" {...field('password')} />
      </div>
      <FormSubmit
        error={formError}
        action={{ label: 'Add a passkey', busyLabel: 'Waiting for your device...', icon: Fingerprint }}
        busy={busy}
        className="w-full sm:w-auto"
      />
    </form>
  );
}
