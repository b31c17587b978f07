import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircle, Lock } from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { formatPrice, type CartLine } from '../../../domain/cart-lines';
import type { CartPricing } from './api/use-cart-quote';
import type { Shoe } from '../../../domain/catalog';
import { MESSAGES } from '../../../domain/messages';
import type { Order } from '../../../domain/payment';
import { primaryButtonClass } from '../../components/forms/button-class';
import { FormAlert } from '../../components/forms/form-alert';
import { AccountNeeded } from './account-needed';
import { keepAddressDraft, restoreAddressDraft } from './address-draft';
import { DeliveryAddressFields } from '../../components/payment/address-fields';
import { CardAndBilling, PAYMENT_FIRST_LEGEND_CLASS } from '../../components/payment/card-and-billing';
import { usePaymentCard } from '../../components/payment/card-inputs';
import {
  EMPTY_PAYMENT_FORM,
  paymentFormSchema,
  type PaymentFormInput,
  type PaymentFormValues,
} from '../../components/payment/card-input';
import { stripePaymentFormSchema } from '../../components/payment/card-mode';
import { usePayCart } from './use-pay-cart';
import { SaveAddressBox } from './save-address-box';
import { SavedAddressPicker } from './saved-address-picker';
import { useSavedAddressChoice } from './use-saved-address-choice';

interface PaymentFormProps {
  lines: CartLine[];
  /** Some line cannot be bought as it is (sold out, gone, more than in stock). */
  blocked: boolean;
  /** Reads the cart's shoes again; resolves with the fresh ones by id. */
  refreshShoes: () => Promise<Map<string, Shoe>>;
  onPaid: (order: Order) => void;
  /** What the cart costs, with its discount code when one applies. */
  pricing: CartPricing;
  /** The shipping methods to choose from (issue 31), shown after the delivery address. */
  shippingChoice?: ReactNode;
  /** The delivery state as the shopper types it, for the sales tax the cart shows. */
  onDeliveryStateChange?: (state: string) => void;
}

/**
 * The payment form of the cart (spec §2, §4, §5, §8; issue 31): the delivery address, the card,
 * its billing address when it is not the delivery address, PAY $<total>. It only renders: paying
 * (the payment method, the checkout, retries and refusals) is usePayCart's.
 */
export function PaymentForm({
  lines,
  blocked,
  refreshShoes,
  onPaid,
  pricing,
  shippingChoice,
  onDeliveryStateChange,
}: PaymentFormProps) {
  const id = useId();
  const headingId = `${id}-heading`;
  const statesId = `${id}-states`;
  const { cardMode, stripeCard, cardReady, setStripeCardReady } = usePaymentCard();

  // What a visitor typed before going to sign in is back (address-draft.ts); the card never is.
  const [initialValues] = useState(() => ({ ...EMPTY_PAYMENT_FORM, ...restoreAddressDraft() }));
  const form = useForm<PaymentFormInput, unknown, PaymentFormValues>({
    resolver:
      cardMode.kind === 'stripe' ? zodResolver(stripePaymentFormSchema) : zodResolver(paymentFormSchema),
    // Spec §5: errors show only for fields the shopper has touched (or after a submit attempt).
    mode: 'onTouched',
    defaultValues: initialValues,
  });
  const {
    register,
    control,
    formState: { errors, isSubmitting },
  } = form;
  const sameBilling = useWatch({ control, name: 'sameBilling' });
  // A signed-in shopper's saved addresses fill the delivery fields; a new one may be saved once paid.
  const savedAddresses = useSavedAddressChoice(form);
  const deliveryState = useWatch({ control, name: 'state' });
  useEffect(() => onDeliveryStateChange?.(deliveryState), [deliveryState, onDeliveryStateChange]);

  const cents = pricing.total;
  // Spec §4: Pay is disabled when the cart is empty or the total is zero; and while a code is priced.
  const cannotPay = lines.length === 0 || cents <= 0 || pricing.pending;
  const { submit, failure, signedOut } = usePayCart({
    lines,
    pricing,
    refreshShoes,
    onPaid: (order) => {
      savedAddresses.afterPaid(order);
      onPaid(order);
    },
    form,
    cardMode,
    stripeCard,
    disabled: cannotPay || blocked || !cardReady || isSubmitting,
  });

  // A visitor leaving (to sign in, by the notice's links or the header's) finds the addresses again.
  const { getValues } = form;
  useEffect(() => {
    if (!signedOut) return;
    return () => keepAddressDraft(getValues());
  }, [signedOut, getValues]);

  const fieldsProps = { idPrefix: id, register, errors, statesId };

  return (
    <form
      method="post"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-labelledby={headingId}
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-black/5 sm:p-6"
    >
      <h2 id={headingId} className="flex items-center gap-2 text-xl font-black tracking-tight">
        <Lock aria-hidden="true" className="size-5 text-accent-dark" />
        Payment
      </h2>

      {signedOut && <AccountNeeded />}

      <fieldset className="mt-5 min-w-0">
        <legend className={PAYMENT_FIRST_LEGEND_CLASS}>Delivery address</legend>
        <SavedAddressPicker {...savedAddresses.picker} />
        <DeliveryAddressFields sameBilling={sameBilling} {...fieldsProps} />
        <SaveAddressBox {...savedAddresses.box} />
      </fieldset>

      {shippingChoice}

      <CardAndBilling
        idPrefix={id}
        statesId={statesId}
        cardMode={cardMode}
        control={control}
        register={register}
        errors={errors}
        stripeCard={stripeCard}
        onStripeReadyChange={setStripeCardReady}
        sameBilling={sameBilling}
      />

      <div className="mt-6 space-y-4">
        {failure && (
          <FormAlert tone="error">
            <p className="font-bold">{MESSAGES.payment.failed}</p>
            <p>{failure}</p>
          </FormAlert>
        )}
        {blocked && !cannotPay && (
          <FormAlert tone="error">
            Some pairs in your cart are no longer in stock: lower their quantity or remove them to pay.
          </FormAlert>
        )}
        {/* aria-disabled while paying, not disabled: the focus stays on the button meanwhile. */}
        <button
          type="submit"
          disabled={cannotPay || blocked || !cardReady}
          aria-disabled={isSubmitting ? true : undefined}
          className={`${primaryButtonClass} w-full text-base tracking-wide aria-disabled:cursor-wait aria-disabled:opacity-70`}
        >
          {isSubmitting ? (
            <>
              <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
              {MESSAGES.payment.processing}
            </>
          ) : (
            <>
              <Lock aria-hidden="true" className="size-4" />
              PAY {formatPrice(cents / 100)}
            </>
          )}
        </button>
      </div>
    </form>
  );
}
