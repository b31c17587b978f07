import type { RefObject } from 'react';
import type { Control, FieldErrors, UseFormRegister } from 'react-hook-form';
import { BillingAddressFields, StateSuggestions } from './address-fields';
import type { PaymentFormInput, PaymentFormValues } from './card-input';
import { CardInputs } from './card-inputs';
import type { CardMode, StripeCardHandle } from './card-mode';

const legendClass = 'mb-4 text-xs font-bold tracking-widest text-gray-700 uppercase';
/** A section of a payment form after its first, under a rule. */
export const PAYMENT_SECTION_CLASS = 'mt-6 min-w-0 border-t border-gray-200 pt-5';
/** A legend cannot be a grid's or flex box's child: floated, the fieldset's content flows under it. */
export const PAYMENT_LEGEND_CLASS = `${legendClass} float-left w-full`;
/** The first section's legend, which needs no float. */
export const PAYMENT_FIRST_LEGEND_CLASS = legendClass;

/**
 * The card, "Billing address is the same" and, when it is not, the billing address, with the states'
 * suggestions: the end of every form that takes a card (the cart's payment, a drop's entry).
 */
export function CardAndBilling(props: {
  idPrefix: string;
  statesId: string;
  cardMode: CardMode;
  control: Control<PaymentFormInput, unknown, PaymentFormValues>;
  register: UseFormRegister<PaymentFormInput>;
  errors: FieldErrors<PaymentFormInput>;
  stripeCard: RefObject<StripeCardHandle | null>;
  onStripeReadyChange: (ready: boolean) => void;
  sameBilling: boolean;
}) {
  const { idPrefix, statesId, register, errors, sameBilling } = props;
  return (
    <>
      <fieldset className={PAYMENT_SECTION_CLASS}>
        <legend className={PAYMENT_LEGEND_CLASS}>Card</legend>
        <div className="clear-left space-y-4">
          <CardInputs
            idPrefix={idPrefix}
            cardMode={props.cardMode}
            control={props.control}
            errors={errors}
            stripeCard={props.stripeCard}
            onStripeReadyChange={props.onStripeReadyChange}
          />
          <label className="flex min-h-11 items-center gap-3 text-sm font-semibold">
            <input type="checkbox" className="size-5 shrink-0 accent-ink" {...register('sameBilling')} />
            Billing address is the same
          </label>
        </div>
      </fieldset>
      {!sameBilling && (
        <fieldset className={PAYMENT_SECTION_CLASS}>
          <legend className={PAYMENT_LEGEND_CLASS}>Billing address</legend>
          <div className="clear-left">
            <BillingAddressFields
              idPrefix={idPrefix}
              register={register}
              errors={errors}
              statesId={statesId}
            />
          </div>
        </fieldset>
      )}
      <StateSuggestions id={statesId} />
    </>
  );
}
