import { zodResolver } from '@hookform/resolvers/zod';
import { Save } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../lib/toast';
import { DISPLAY_NAME_MAX, displayNameSchema, type User } from '../../../domain/account';
import { NOTICE_MS } from '../../../domain/constants';
import { useUpdateName } from './api/update-name';
import { primaryButtonClass } from '../../components/forms/button-class';
import { FormAlert } from '../../components/forms/form-alert';
import { describedBy, FormField, inputClass } from '../../components/forms/form-field';
import { applyServerError } from '../../components/forms/server-error';
import { AccountSection } from './account-section';

/** The read-only email and the display name the user may change ('Name Updated'). */
export function ProfileForm({ user }: { user: User }) {
  const id = useId();
  const emailId = `${id}-email`;
  const nameId = `${id}-name`;
  const updateName = useUpdateName();
  const [formError, setFormError] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(displayNameSchema),
    mode: 'onTouched',
    defaultValues: { name: user.name },
  });

  const onSubmit = handleSubmit(async (input) => {
    setFormError(undefined);
    try {
      const { message, user: updated } = await updateName.mutateAsync(input);
      toast.success(message, { duration: NOTICE_MS.success });
      reset({ name: updated.name });
    } catch (error) {
      setFormError(applyServerError(error, setError, { fields: ['name'] }));
    }
  });

  return (
    <AccountSection title="Profile" description="Your display name is how the shop greets you.">
      <form method="post" onSubmit={onSubmit} noValidate aria-label="Profile" className="space-y-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField id={emailId} label="Email" error={undefined}>
            <input
              id={emailId}
              type="email"
              value={user.email}
              readOnly
              autoComplete="username"
              className={`${inputClass} cursor-default border-dashed bg-paper text-gray-700`}
            />
          </FormField>
          <FormField
            id={nameId}
            label="Display name"
            error={errors.name?.message}
            hint={`Up to ${DISPLAY_NAME_MAX} characters.`}
          >
            <input
              id={nameId}
              type="text"
              autoComplete="nickname"
              maxLength={DISPLAY_NAME_MAX}
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={describedBy(nameId, { hint: true, error: errors.name?.message })}
              className={inputClass}
              {...register('name')}
            />
          </FormField>
        </div>
        {formError && <FormAlert tone="error">{formError}</FormAlert>}
        <button type="submit" disabled={isSubmitting} className={`${primaryButtonClass} w-full sm:w-auto`}>
          <Save aria-hidden="true" className="size-4" />
          {isSubmitting ? 'Saving...' : 'Update name'}
        </button>
      </form>
    </AccountSection>
  );
}
