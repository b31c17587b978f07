import { CircleAlert, CircleCheck, Send } from 'lucide-react';
import { useId, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { CONTACT_MESSAGE_LENGTH } from '../../../domain/constants';
import { contactSchema } from '../../../domain/forms';
import { MESSAGES } from '../../../domain/messages';
import { errorMessage } from '../../api/http';
import { CountedHint } from '../../components/forms/counted-hint';
import { fieldAria, FormField, inputClass } from '../../components/forms/form-field';
import { InputField } from '../../components/forms/input-field';
import { useSchemaForm } from '../../components/forms/use-schema-form';
import { sendContactMessage } from './api/send-contact-message';

const { min: MESSAGE_MIN, max: MESSAGE_MAX } = CONTACT_MESSAGE_LENGTH;
const SENT = MESSAGES.contact.received;

type Outcome = { kind: 'idle' } | { kind: 'sent' } | { kind: 'failed'; message: string };

/** The Contact Us form (spec §2, §5): name, email, message, posted to the mail endpoint. */
export function ContactForm() {
  const id = useId();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const {
    register,
    field,
    handleSubmit,
    reset,
    control,
    formState: { errors, isSubmitting },
  } = useSchemaForm(contactSchema, { defaultValues: { name: '', email: '', message: '' } });

  // The schema trims, so the counter counts what will actually be sent.
  const length = useWatch({ control, name: 'message' }).trim().length;

  const onSubmit = handleSubmit(async (input) => {
    setOutcome({ kind: 'idle' });
    try {
      await sendContactMessage(input);
      setOutcome({ kind: 'sent' });
      reset();
    } catch (error) {
      setOutcome({ kind: 'failed', message: errorMessage(error) });
    }
  });

  const messageId = `${id}-message`;

  return (
    <form method="post" onSubmit={onSubmit} noValidate aria-label="Contact form" className="space-y-6">
      <div className="grid gap-6 sm:grid-cols-2">
        <InputField label="Name" type="text" autoComplete="name" {...field('name')} />
        <InputField label="Email" type="email" autoComplete="email" {...field('email')} />
      </div>

      <FormField
        id={messageId}
        label="Message"
        error={errors.message?.message}
        hint={
          <CountedHint
            text={`Between ${MESSAGE_MIN} and ${MESSAGE_MAX} characters.`}
            count={length}
            max={MESSAGE_MAX}
          />
        }
      >
        <textarea
          id={messageId}
          rows={6}
          {...fieldAria(messageId, { hint: true, error: errors.message?.message })}
          className={`${inputClass} resize-y`}
          {...register('message')}
        />
      </FormField>

      {outcome.kind === 'failed' && (
        <p
          role="alert"
          className="flex items-start gap-2 rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800"
        >
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {outcome.message}
        </p>
      )}
      {/* Always rendered so screen readers announce the confirmation when it appears. */}
      <div role="status">
        {outcome.kind === 'sent' && (
          <p className="flex items-start gap-2 rounded-xl bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-800">
            <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {SENT}
          </p>
        )}
      </div>

      <button
        type="submit"
        disabled={isSubmitting}
        className="inline-flex w-full items-center justify-center gap-2 rounded-full bg-ink px-6 py-3 font-bold text-paper transition-colors hover:bg-accent-dark disabled:cursor-wait disabled:opacity-70 sm:w-auto"
      >
        <Send aria-hidden="true" className="size-4" />
        {isSubmitting ? 'Sending...' : 'Send message'}
      </button>
    </form>
  );
}
