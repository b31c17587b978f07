import { Save } from 'lucide-react';
import { useId } from 'react';
import { toast } from '../../lib/toast';
import { DISPLAY_NAME_MAX, displayNameSchema, type User } from '../../../domain/account';
import { NOTICE_MS } from '../../../domain/constants';
import { useUpdateName } from './api/update-name';
import { inputClass } from '../../components/forms/form-field';
import { InputField } from '../../components/forms/input-field';
import { useSchemaForm } from '../../components/forms/use-schema-form';
import { AccountForm } from './account-form';

/** The read-only email and the display name the user may change ('Name Updated'). */
export function ProfileForm({ user }: { user: User }) {
  const id = useId();
  const updateName = useUpdateName();
  const { field, reset, busy, formError, submit } = useSchemaForm(displayNameSchema, {
    defaultValues: { name: user.name },
  });

  const onSubmit = submit(async (input) => {
    const { message, user: updated } = await updateName.mutateAsync(input);
    toast.success(message, { duration: NOTICE_MS.success });
    reset({ name: updated.name });
  });

  return (
    <AccountForm
      title="Profile"
      description="Your display name is how the shop greets you."
      onSubmit={onSubmit}
      error={formError}
      action={{ label: 'Update name', busyLabel: 'Saving...', icon: Save }}
      busy={busy}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField
          id={`${id}-email`}
          label="Email"
          error={undefined}
          type="email"
          value={user.email}
          readOnly
          autoComplete="username"
          className={`${inputClass} cursor-default border-dashed bg-paper text-gray-700`}
        />
        <InputField
          label="Display name"
          hint={`Up to ${DISPLAY_NAME_MAX} characters.`}
          type="text"
          autoComplete="nickname"
          maxLength={DISPLAY_NAME_MAX}
          {...field('name')}
        />
      </div>
    </AccountForm>
  );
}
