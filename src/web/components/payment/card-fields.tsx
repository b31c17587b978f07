import { CreditCard, Info } from 'lucide-react';
import type { ChangeEvent, ReactNode } from 'react';
import { Controller, type Control, type FieldErrors } from 'react-hook-form';
import { describedBy, FormField, inputClass } from '../forms/form-field';
import {
  caretAfterDigits,
  countDigits,
  formatCardNumber,
  formatCvc,
  formatExpiry,
  type PaymentFormInput,
  type PaymentFormValues,
} from './card-input';

export const TEST_MODE_HINT = 'Test mode: use 4242 4242 4242 4242, any future date and any CVC.';

/**
 * Reformats a card input as the shopper types and keeps the caret after the digit it followed.
 * Deleting a separator (Backspace on the space in `4242 |4242`) deletes the digit before it,
 * otherwise the reformatting would put the separator straight back and Backspace would seem stuck.
 */
function reformat(
  event: ChangeEvent<HTMLInputElement>,
  previous: string,
  format: (raw: string) => string,
): string {
  const input = event.target;
  let raw = input.value;
  let caret = input.selectionStart ?? raw.length;
  const { inputType } = event.nativeEvent as Partial<InputEvent>;
  if (
    inputType === 'deleteContentBackward' &&
    raw.length < previous.length &&
    countDigits(raw) === countDigits(previous)
  ) {
    const before = raw.slice(0, caret).replace(/\d(?=\D*$)/, '');
    raw = before + raw.slice(caret);
    caret = before.length;
  }
  const atEnd = caret >= raw.length;
  const next = format(raw);
  // Setting the DOM value first means React finds nothing to change and leaves the caret alone.
  input.value = next;
  const position = atEnd ? next.length : caretAfterDigits(next, countDigits(raw.slice(0, caret)));
  if (document.activeElement === input) input.setSelectionRange(position, position);
  return next;
}

interface CardInputProps {
  control: Control<PaymentFormInput, unknown, PaymentFormValues>;
  name: 'cardNumber' | 'expiry' | 'cvc';
  id: string;
  label: string;
  error: string | undefined;
  format: (raw: string) => string;
  autoComplete: string;
  maxLength: number;
  placeholder: string;
  describedBy: string | undefined;
  className?: string;
  children?: ReactNode;
}

/** One digits-only card input, reformatted as the shopper types. */
function CardInput({
  control,
  name,
  id,
  label,
  error,
  format,
  describedBy: description,
  className = '',
  children,
  ...input
}: CardInputProps) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormField id={id} label={label} error={error}>
          <div className="relative">
            <input
              id={id}
              ref={field.ref}
              // No name: a card field is never part of a native form submission, whatever happens.
              value={field.value}
              onBlur={field.onBlur}
              onChange={(event) => field.onChange(reformat(event, field.value, format))}
              type="text"
              inputMode="numeric"
              autoCorrect="off"
              spellCheck={false}
              aria-invalid={error ? true : undefined}
              aria-describedby={description}
              className={`${inputClass} tabular-nums ${className}`}
              {...input}
            />
            {children}
          </div>
        </FormField>
      )}
    />
  );
}

interface CardFieldsProps {
  idPrefix: string;
  control: Control<PaymentFormInput, unknown, PaymentFormValues>;
  errors: FieldErrors<PaymentFormInput>;
}

/** The card field: number (spaced as typed), expiry MM/YY and CVC, with the test-mode hint. */
export function CardFields({ idPrefix, control, errors }: CardFieldsProps) {
  const numberId = `${idPrefix}-card-number`;
  const expiryId = `${idPrefix}-card-expiry`;
  const cvcId = `${idPrefix}-card-cvc`;
  const hintId = `${idPrefix}-card-hint`;
  const withHint = (id: string, error: string | undefined) =>
    [describedBy(id, { error }), hintId].filter(Boolean).join(' ');

  return (
    <div className="space-y-4">
      <CardInput
        control={control}
        name="cardNumber"
        id={numberId}
        label="Card number"
        error={errors.cardNumber?.message}
        format={formatCardNumber}
        autoComplete="cc-number"
        maxLength={23}
        placeholder="1234 1234 1234 1234"
        describedBy={withHint(numberId, errors.cardNumber?.message)}
        className="pr-12"
      >
        <CreditCard
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-4 size-5 -translate-y-1/2 text-gray-500"
        />
      </CardInput>
      <div className="grid grid-cols-2 gap-4">
        <CardInput
          control={control}
          name="expiry"
          id={expiryId}
          label="Expiry (MM/YY)"
          error={errors.expiry?.message}
          format={formatExpiry}
          autoComplete="cc-exp"
          maxLength={5}
          placeholder="MM/YY"
          describedBy={describedBy(expiryId, { error: errors.expiry?.message })}
        />
        <CardInput
          control={control}
          name="cvc"
          id={cvcId}
          label="CVC"
          error={errors.cvc?.message}
          format={formatCvc}
          autoComplete="cc-csc"
          maxLength={4}
          placeholder="123"
          describedBy={describedBy(cvcId, { error: errors.cvc?.message })}
        />
      </div>
      <p id={hintId} className="flex items-start gap-2 rounded-xl bg-paper px-3 py-2.5 text-sm text-gray-700">
        <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent-dark" />
        {TEST_MODE_HINT}
      </p>
    </div>
  );
}
