import { CreditCard, Info } from 'lucide-react';
import type { ChangeEvent } from 'react';
import { Controller, type Control, type FieldErrors } from 'react-hook-form';
import { describedBy, FormField, inputClass } from '../../components/forms/form-field';
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
      <Controller
        control={control}
        name="cardNumber"
        render={({ field }) => (
          <FormField id={numberId} label="Card number" error={errors.cardNumber?.message}>
            <div className="relative">
              <input
                id={numberId}
                ref={field.ref}
                name={field.name}
                value={field.value}
                onBlur={field.onBlur}
                onChange={(event) => field.onChange(reformat(event, field.value, formatCardNumber))}
                type="text"
                inputMode="numeric"
                autoComplete="cc-number"
                autoCorrect="off"
                spellCheck={false}
                maxLength={23}
                placeholder="1234 1234 1234 1234"
                aria-invalid={errors.cardNumber ? true : undefined}
                aria-describedby={withHint(numberId, errors.cardNumber?.message)}
                className={`${inputClass} pr-12 tabular-nums`}
              />
              <CreditCard
                aria-hidden="true"
                className="pointer-events-none absolute top-1/2 right-4 size-5 -translate-y-1/2 text-gray-500"
              />
            </div>
          </FormField>
        )}
      />
      <div className="grid grid-cols-2 gap-4">
        <Controller
          control={control}
          name="expiry"
          render={({ field }) => (
            <FormField id={expiryId} label="Expiry (MM/YY)" error={errors.expiry?.message}>
              <input
                id={expiryId}
                ref={field.ref}
                name={field.name}
                value={field.value}
                onBlur={field.onBlur}
                onChange={(event) => field.onChange(reformat(event, field.value, formatExpiry))}
                type="text"
                inputMode="numeric"
                autoComplete="cc-exp"
                autoCorrect="off"
                spellCheck={false}
                maxLength={5}
                placeholder="MM/YY"
                aria-invalid={errors.expiry ? true : undefined}
                aria-describedby={describedBy(expiryId, { error: errors.expiry?.message })}
                className={`${inputClass} tabular-nums`}
              />
            </FormField>
          )}
        />
        <Controller
          control={control}
          name="cvc"
          render={({ field }) => (
            <FormField id={cvcId} label="CVC" error={errors.cvc?.message}>
              <input
                id={cvcId}
                ref={field.ref}
                name={field.name}
                value={field.value}
                onBlur={field.onBlur}
                onChange={(event) => field.onChange(reformat(event, field.value, formatCvc))}
                type="text"
                inputMode="numeric"
                autoComplete="cc-csc"
                autoCorrect="off"
                spellCheck={false}
                maxLength={4}
                placeholder="123"
                aria-invalid={errors.cvc ? true : undefined}
                aria-describedby={describedBy(cvcId, { error: errors.cvc?.message })}
                className={`${inputClass} tabular-nums`}
              />
            </FormField>
          )}
        />
      </div>
      <p id={hintId} className="flex items-start gap-2 rounded-xl bg-paper px-3 py-2.5 text-sm text-gray-700">
        <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent-dark" />
        {TEST_MODE_HINT}
      </p>
    </div>
  );
}
