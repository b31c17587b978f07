import { useFormField } from './use-form-field';

interface CheckboxFieldProps {
  /** The form value it edits (inside a FormProvider): true when ticked. */
  name: string;
  label: string;
}

/** A yes-or-no choice of an admin form ("Offered to shoppers"), its label beside the box. */
export function CheckboxField({ name, label }: CheckboxFieldProps) {
  const { register } = useFormField(name);
  return (
    <label className="flex items-center gap-2 text-sm font-semibold">
      <input type="checkbox" {...register(name)} className="size-4 accent-ink" />
      {label}
    </label>
  );
}
