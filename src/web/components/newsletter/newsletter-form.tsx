import { Send } from 'lucide-react';
import { useId } from 'react';
import { toast } from '../../lib/toast';
import { NOTICE_MS } from '../../../domain/constants';
import { newsletterSchema } from '../../../domain/forms';
import { MESSAGES } from '../../../domain/messages';
import { FieldError } from '../forms/field-error';
import { useSchemaForm } from '../forms/use-schema-form';
import { errorMessage } from '../../api/http';
import { subscribeNewsletter } from '../../api/subscribe-newsletter';

/** Footer newsletter sign-up (spec §2, §5): one email field, toast on success. */
export function NewsletterForm() {
  const fieldId = useId();
  const errorId = `${fieldId}-error`;
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useSchemaForm(newsletterSchema, { defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async (input) => {
    try {
      await subscribeNewsletter(input);
      toast.success(MESSAGES.newsletter.thanks, { duration: NOTICE_MS.success });
      reset();
    } catch (error) {
      toast.error(errorMessage(error), { duration: NOTICE_MS.error });
    }
  });

  const emailError = errors.email?.message;

  return (
    <form method="post" onSubmit={onSubmit} noValidate aria-label="Newsletter sign-up">
      <label htmlFor={fieldId} className="block text-sm text-gray-300">
        Email for our newsletter
      </label>
      <div className="mt-2 flex gap-2">
        <input
          id={fieldId}
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          aria-invalid={emailError ? true : undefined}
          aria-describedby={emailError ? errorId : undefined}
          className="min-w-0 flex-1 rounded-full border border-white/20 bg-white/10 px-4 py-2.5 text-sm text-paper placeholder:text-gray-400 focus:border-accent aria-invalid:border-orange-300"
          {...register('email')}
        />
        <button
          type="submit"
          disabled={isSubmitting}
          className="inline-flex shrink-0 items-center gap-2 rounded-full bg-accent px-4 py-2.5 text-sm font-bold text-ink transition-colors hover:bg-orange-400 disabled:cursor-wait disabled:opacity-70"
        >
          <Send aria-hidden="true" className="size-4" />
          Subscribe
        </button>
      </div>
      <FieldError id={errorId} message={emailError} tone="light" />
    </form>
  );
}
