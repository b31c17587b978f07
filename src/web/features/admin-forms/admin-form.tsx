import type { FormEventHandler, ReactNode } from 'react';
import { FormProvider, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { FormSubmit, type FormAction } from '../../components/forms/form-submit';
import { useAdminPageTitle } from './admin-form-layout';

interface AdminFormProps<Values extends FieldValues, Output> {
  /**
   * The form's state; its fields (TextField...) find it through the context. A useSchemaForm's
   * `formError` (why the request failed, when no field says it) shows above the button.
   */
  form: UseFormReturn<Values, unknown, Output> & { formError?: string };
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The button: the spec's label, another while the request runs, and its icon. */
  action: FormAction;
  /** The fields, and what the form has to say above its button. */
  children: ReactNode;
}

/** The frame of an admin form: its fields, then its button (spec §2 "Admin forms"). */
export function AdminForm<Values extends FieldValues, Output>({
  form,
  onSubmit,
  action,
  children,
}: AdminFormProps<Values, Output>) {
  // The page's title names the form: "Create Shoes", "Modify Shoes"...
  const label = useAdminPageTitle();
  return (
    <FormProvider {...form}>
      <form method="post" onSubmit={onSubmit} noValidate aria-label={label} className="space-y-5">
        {children}
        <FormSubmit
          error={form.formError}
          action={action}
          busy={form.formState.isSubmitting}
          className="w-full sm:w-auto sm:min-w-40"
        />
      </form>
    </FormProvider>
  );
}
