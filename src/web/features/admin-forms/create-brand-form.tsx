import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../lib/toast';
import { createBrandSchema } from '../../../domain/admin';
import { NOTICE_MS } from '../../../domain/constants';
import { MESSAGES } from '../../../domain/messages';
import { useCreateBrand } from './api/create-brand';
import { ApiError, isAccountDisabled } from '../../api/http';
import { FormAlert } from '../../components/forms/form-alert';
import { applyServerError } from '../../components/forms/server-error';
import { TextField } from './text-field';
import { AdminForm } from './admin-form';

/** Create Brand (spec §2, §5): a name; the server's message is the success toast. */
export function CreateBrandForm() {
  const [formError, setFormError] = useState<string>();
  const createBrand = useCreateBrand();
  const form = useForm({
    resolver: zodResolver(createBrandSchema),
    mode: 'onTouched',
    defaultValues: { name: '' },
  });

  const onSubmit = form.handleSubmit(async (input) => {
    setFormError(undefined);
    try {
      const { message } = await createBrand.mutateAsync(input);
      toast.success(message, { duration: NOTICE_MS.admin });
      form.reset({ name: '' });
    } catch (error) {
      if (isAccountDisabled(error)) return;
      toast.error(MESSAGES.admin.brandCreateFailed, { duration: NOTICE_MS.admin });
      // A duplicate (409) is about the name the admin typed: said under it.
      if (error instanceof ApiError && error.status === 409) {
        form.setError('name', { type: 'server', message: error.message }, { shouldFocus: true });
        return;
      }
      setFormError(applyServerError(error, form.setError, { fields: ['name'] }));
    }
  });

  return (
    <AdminForm
      form={form}
      onSubmit={onSubmit}
      action={{ label: 'Create', busyLabel: 'Creating...', icon: Plus }}
    >
      <TextField name="name" label="Name of brand" maxLength={40} hint="Letters and spaces." />
      {formError && <FormAlert tone="error">{formError}</FormAlert>}
    </AdminForm>
  );
}
