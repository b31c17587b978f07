import type { FormEventHandler, ReactNode } from 'react';
import { FormProvider, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { FormSubmit, type FormAction } from '../../components/forms/form-submit';
import { useAdminPageTitle } from './admin-form-layout';

interface AdminFormProps<Values extends FieldValues, Output> {
  /** The form's state; its fields (TextField...) find it through the context. */
  form: UseFormReturn<Values, unknown, Output>;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The button: the spec's label, another while the request runs, and its icon. */
  action: FormAction;
  /** Why the request failed, when no field says it (useSchemaForm's `formError`): above the button. */
  error?: string;
  /** The fields, and what the form has to say above its button. */
  children: ReactNode;
}

/** The frame of an admin form: its fields, then its button (spec §2 "Admin forms"). */
export function AdminForm<Values extends FieldValues, Output>({
  form,
  onSubmit,
  action,
  error,
  children,
}: AdminFormProps<Values, Output>) {
  // The page's title names the form: "Create Shoes", "Modify Shoes"...
  const label = useAdminPageTitle();
  return (
    <FormProvider {...form}>
      <form method="post" onSubmit={onSubmit} noValidate aria-label={label} className="space-y-5">
        {children}
        <FormSubmit
          error={error}
          action={action}
          busy={form.formState.isSubmitting}
          className="w-full sm:w-auto sm:min-w-40"
        />
      </form>
    </FormProvider>
  );
}
