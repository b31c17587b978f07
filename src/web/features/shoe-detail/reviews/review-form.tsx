import { Send, X } from 'lucide-react';
import { useId } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { RATING } from '../../../../domain/constants';
import { REVIEW_LENGTH, reviewInputSchema, reviewUpdateSchema } from '../../../../domain/review';
import { secondaryButtonClass } from '../../../components/forms/button-class';
import { FormAlert } from '../../../components/forms/form-alert';
import { fieldAria, FormField, inputClass } from '../../../components/forms/form-field';
import { SubmitButton } from '../../../components/forms/submit-button';
import { useSchemaForm } from '../../../components/forms/use-schema-form';
import { RatingPicker } from './rating-picker';
import type { ReviewFormProps } from './review-form-props';

/** Adding and editing differ in the too-short message (spec §5). */
const SCHEMAS = {
  add: reviewInputSchema.pick({ review: true, rating: true }),
  edit: reviewUpdateSchema,
} as const;

/**
 * The review text and its 1-5 stars (spec §5). Errors show for touched fields, and the submit
 * button is hidden while one shows.
 */
export function ReviewForm({
  kind,
  title,
  textLabel,
  submitLabel,
  pendingLabel,
  initial,
  onSubmit,
  cancelLabel,
  onCancel,
}: ReviewFormProps) {
  const id = useId();
  const textId = `${id}-review`;
  const {
    register,
    control,
    formState: { errors, isSubmitting },
    formError,
    submit,
  } = useSchemaForm(SCHEMAS[kind], { defaultValues: initial ?? { review: '', rating: RATING.default } });
  const length = useWatch({ control, name: 'review' }).length;
  const fieldError = errors.review?.message ?? errors.rating?.message;

  return (
    <form method="post" onSubmit={submit(onSubmit)} noValidate aria-label={title} className="space-y-4">
      <FormField
        id={textId}
        label={textLabel}
        error={errors.review?.message}
        hint={`${length} / ${REVIEW_LENGTH.max} characters, at least ${REVIEW_LENGTH.min}.`}
      >
        <textarea
          id={textId}
          rows={4}
          maxLength={REVIEW_LENGTH.max}
          {...fieldAria(textId, { hint: true, error: errors.review?.message })}
          className={`${inputClass} resize-y`}
          {...register('review')}
        />
      </FormField>
      <Controller
        control={control}
        name="rating"
        render={({ field }) => (
          <RatingPicker
            name={`${id}-rating`}
            value={Number(field.value)}
            onChange={field.onChange}
            onBlur={field.onBlur}
            disabled={isSubmitting}
          />
        )}
      />
      {errors.rating?.message && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {errors.rating.message}
        </p>
      )}
      {formError && <FormAlert tone="error">{formError}</FormAlert>}
      <div className="flex flex-wrap gap-3">
        {/* Spec §5: no submit while an error shows. */}
        {!fieldError && (
          <SubmitButton label={submitLabel} busyLabel={pendingLabel} busy={isSubmitting} icon={Send} />
        )}
        {onCancel && cancelLabel && (
          <button type="button" onClick={onCancel} disabled={isSubmitting} className={secondaryButtonClass}>
            <X aria-hidden="true" className="size-4" />
            {cancelLabel}
          </button>
        )}
      </div>
    </form>
  );
}
