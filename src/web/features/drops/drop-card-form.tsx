import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useForm, useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { MyEntry } from '../../../domain/contracts/drops';
import { NOTICE_MS } from '../../../domain/constants';
import type { DropEntryForm } from '../../../domain/drops';
import { usStateCode } from '../../../domain/us-states';
import { ApiError, errorMessage, isAccountDisabled } from '../../api/http';
import { dropKeys, sessionKey, userKeys } from '../../api/query-keys';
import { useSession } from '../../api/use-session';
import { FieldError } from '../../components/forms/field-error';
import { FormAlert } from '../../components/forms/form-alert';
import { fieldAria } from '../../components/forms/form-field';
import type { SignInRedirectState } from '../../components/guards/require-user';
import { DeliveryAddressFields } from '../../components/payment/address-fields';
import { deliveryAddressOf } from '../../components/payment/address-input';
import {
  CardAndBilling,
  PAYMENT_LEGEND_CLASS,
  PAYMENT_SECTION_CLASS,
} from '../../components/payment/card-and-billing';
import { usePaymentCard } from '../../components/payment/card-inputs';
import {
  CARD_FIELDS,
  formFieldOf,
  type PaymentFormInput,
  type PaymentFormValues,
} from '../../components/payment/card-input';
import { CardFieldError } from '../../components/payment/card-mode';
import { newPaymentMethod } from '../../components/payment/new-payment-method';
import { ShippingChoice } from '../../components/shipping-choice';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { toast } from '../../lib/toast';
import { paths } from '../../paths';
import { useDropQuote } from './api/drop-quote';
import { DropActionButton } from './drop-action-button';
import { DropPrice } from './drop-price';
import {
  EMPTY_ENTRY,
  entryFormSchema,
  stripeEntryFormSchema,
  type EntryFormInput,
  type EntryFormValues,
} from './entry-form-schema';

const selectClass =
  'block h-12 w-full cursor-pointer rounded-xl border border-gray-300 bg-white px-4 text-base text-ink shadow-sm focus:border-accent-dark aria-invalid:border-red-700';

interface DropCardFormProps {
  dropId: string;
  /** The drop's shoe: the pair is priced with its shipping and tax as its order will be. */
  shoeId: string;
  /** What the total is called: charged if the entry wins, or paid now. */
  totalLabel: string;
  heading: string;
  icon: LucideIcon;
  /** Under the heading: what the form does (and, for a draw, how to sign in). */
  intro: ReactNode;
  /** The sizes to offer: a draw's every size, a first-come sale's sizes with a pair left. */
  sizes: readonly string[];
  submitLabel: string;
  busyLabel: string;
  /** The sign-in page's message for a signed-out shopper who presses the button. */
  signInMessage: string;
  /** Sends the form: a draw's entry or a first-come purchase; the server's message and the entry. */
  send: (form: DropEntryForm) => Promise<{ message: string; entry: MyEntry }>;
  /** After the server took it (the entry is in the shopper's entries by then). */
  onTaken?: (answer: { message: string; entry: MyEntry }) => void;
  /** After a refusal: what the page should read again (the drop, the waiting room). */
  onRefused?: (error: ApiError) => void;
}

/**
 * The form that takes a pair of a drop (issue 36): a size of the drop's, the delivery address and
 * the card, with the cart's own fields. The card is made a payment method as the checkout makes
 * one; the server saves it for the draw or charges it at once for a first-come purchase. Every
 * refusal is the server's message, in the form's alert and a toast; the entry or purchase it
 * answers joins the shopper's entries, which the drop's page then shows.
 */
export function DropCardForm(props: DropCardFormProps) {
  const { dropId, heading, icon: Icon, sizes } = props;
  const id = useId();
  const headingId = `${id}-heading`;
  const statesId = `${id}-states`;
  const sizeId = `${id}-size`;
  const toastId = `drop-form-${dropId}`;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  const [failure, setFailure] = useState<string | null>(null);
  const { cardMode, stripeCard, cardReady, setStripeCardReady } = usePaymentCard();
  const form = useForm<EntryFormInput, unknown, EntryFormValues>({
    resolver: zodResolver(cardMode.kind === 'stripe' ? stripeEntryFormSchema : entryFormSchema),
    mode: 'onTouched',
    defaultValues: EMPTY_ENTRY,
  });
  const {
    register,
    control,
    handleSubmit,
    setError,
    resetField,
    getValues,
    formState: { errors, isSubmitting },
  } = form;
  const sameBilling = useWatch({ control, name: 'sameBilling' });
  // The pair priced as its order will be: the method chosen, and the sales tax of the delivery state
  // once typing pauses on a real one (any size prices the same until one is chosen).
  const [shippingMethod, setShippingMethod] = useState<string | null>(null);
  const size = useWatch({ control, name: 'size' }) || (sizes[0] ?? '');
  const state = usStateCode(useDebouncedValue(useWatch({ control, name: 'state' }), 400));
  const quote = useDropQuote(props.shoeId, size, { shippingMethod, state });
  const offers = quote.data?.shippingMethods ?? [];
  const priced = quote.data?.shippingMethod ?? null;
  const backHere: SignInRedirectState = { from: paths.drop(dropId) };
  // The card and address inputs are the cart's: they take the payment form's part of this form.
  const paymentControl = control as unknown as Control<PaymentFormInput, unknown, PaymentFormValues>;
  const paymentRegister = register as unknown as UseFormRegister<PaymentFormInput>;
  const paymentErrors = errors as FieldErrors<PaymentFormInput>;
  const fieldsProps = { idPrefix: id, register: paymentRegister, errors: paymentErrors, statesId };

  function explain(error: unknown): void {
    if (isAccountDisabled(error)) return;
    if (error instanceof ApiError && error.status === 401) {
      void queryClient.invalidateQueries({ queryKey: sessionKey });
      void navigate(paths.signIn, { state: backHere });
      return;
    }
    if (error instanceof ApiError) {
      let focused = false;
      for (const [path, message] of Object.entries(error.fields)) {
        const field = path === 'size' ? 'size' : formFieldOf(path, getValues('sameBilling'));
        if (!field) continue;
        setError(field, { type: 'server', message }, { shouldFocus: !focused });
        focused = true;
      }
      props.onRefused?.(error);
    }
    toast.error(errorMessage(error), { id: toastId, duration: NOTICE_MS.error });
    setFailure(errorMessage(error));
  }

  async function take(values: EntryFormValues): Promise<void> {
    setFailure(null);
    try {
      const paymentMethodId = await newPaymentMethod(
        values,
        cardMode.kind === 'stripe' ? stripeCard.current : null,
      );
      const method = offers.some((offer) => offer._id === shippingMethod) ? shippingMethod : priced;
      const answer = await props.send({
        size: values.size,
        paymentMethodId,
        deliveryAddress: deliveryAddressOf(values),
        ...(method ? { shippingMethod: method } : {}),
      });
      for (const field of CARD_FIELDS) resetField(field);
      stripeCard.current?.clear();
      toast.success(answer.message, { id: toastId, duration: NOTICE_MS.payment });
      queryClient.setQueryData<MyEntry[]>(userKeys.dropEntries, (entries) => [
        answer.entry,
        ...(entries ?? []).filter((entry) => entry._id !== answer.entry._id),
      ]);
      void queryClient.invalidateQueries({ queryKey: userKeys.dropEntries });
      void queryClient.invalidateQueries({ queryKey: dropKeys.all });
      props.onTaken?.(answer);
    } catch (error) {
      // Stripe's card field refused the card before sending it and shows why at the field.
      if (error instanceof CardFieldError) return;
      explain(error);
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (!cardReady || isSubmitting) return;
    const user = session.data !== undefined ? session.data : ((await session.refetch()).data ?? null);
    if (!user) {
      toast.error(props.signInMessage, { id: toastId, duration: NOTICE_MS.error });
      void navigate(paths.signIn, { state: backHere });
      return;
    }
    await handleSubmit(take)(event);
  }

  const sizeError = errors.size?.message;
  return (
    <form
      method="post"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-labelledby={headingId}
      className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-black/5 sm:p-8"
    >
      {/* Focusable by the page (not by Tab): where the focus goes when the form replaces a control. */}
      <h2 id={headingId} tabIndex={-1} className="flex items-center gap-2 text-2xl font-black tracking-tight">
        <Icon aria-hidden="true" className="size-6 text-accent-dark" />
        {heading}
      </h2>
      {props.intro}

      <div className="mt-5 max-w-xs">
        <label htmlFor={sizeId} className="mb-1.5 block text-sm font-semibold text-ink">
          Size
        </label>
        <select
          id={sizeId}
          className={selectClass}
          {...fieldAria(sizeId, { error: sizeError })}
          {...register('size')}
        >
          <option value="">Choose size</option>
          {sizes.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
        <FieldError id={`${sizeId}-error`} message={sizeError} />
      </div>

      <fieldset className={PAYMENT_SECTION_CLASS}>
        <legend className={PAYMENT_LEGEND_CLASS}>Delivery address</legend>
        <div className="clear-left">
          <DeliveryAddressFields sameBilling={sameBilling} {...fieldsProps} />
        </div>
      </fieldset>

      <ShippingChoice
        offers={offers}
        priced={priced}
        pending={quote.isPending}
        chosen={shippingMethod}
        onChoose={setShippingMethod}
      />

      <CardAndBilling
        idPrefix={id}
        statesId={statesId}
        cardMode={cardMode}
        control={paymentControl}
        register={paymentRegister}
        errors={paymentErrors}
        stripeCard={stripeCard}
        onStripeReadyChange={setStripeCardReady}
        sameBilling={sameBilling}
      />

      <div className="mt-6 space-y-4">
        {quote.data && (
          <DropPrice label={props.totalLabel} quote={quote.data} pending={quote.isPlaceholderData} />
        )}
        {failure && <FormAlert tone="error">{failure}</FormAlert>}
        <DropActionButton
          type="submit"
          disabled={!cardReady}
          busy={isSubmitting}
          icon={Icon}
          label={props.submitLabel}
          busyLabel={props.busyLabel}
        />
      </div>
    </form>
  );
}
