import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { LoaderCircle, Lock } from 'lucide-react';
import { lazy, Suspense, useId, useRef, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import type { User } from '../../../domain/account';
import { formatPrice, subtotalCents, type CartLine } from '../../../domain/cart-lines';
import type { Shoe } from '../../../domain/catalog';
import { NOTICE_MS } from '../../../domain/constants';
import { MESSAGES } from '../../../domain/messages';
import type { Order } from '../../../domain/payment';
import { checkout, newIdempotencyKey } from '../../api/checkout';
import { createPaymentMethod } from '../../api/create-payment-method';
import { ApiError, errorMessage, isAccountDisabled } from '../../api/http';
import { catalogKeys, sessionKey, userKeys } from '../../api/query-keys';
import { usePaymentsConfig } from '../../api/use-payments-config';
import { useSession } from '../../api/use-session';
import { primaryButtonClass } from '../../components/forms/button-class';
import { FormAlert } from '../../components/forms/form-alert';
import { describedBy, FormField, inputClass } from '../../components/forms/form-field';
import { cartActions } from '../../lib/cart/cart-store';
import { paths } from '../../paths';
import { CardFieldLoading, CardFieldUnavailable } from './card-field-placeholder';
import { CardFields } from './card-fields';
import {
  CARD_FIELDS,
  formFieldOf,
  paymentFormSchema,
  paymentMethodRequest,
  type PaymentFormInput,
  type PaymentFormValues,
} from './card-input';
import {
  cardModeOf,
  CardFieldError,
  stripeBillingDetails,
  stripePaymentFormSchema,
  type StripeCardHandle,
} from './card-mode';

// Stripe's card field and Stripe.js come in their own chunk, only for a shop that uses Stripe.
const StripeCardField = lazy(() => import('./stripe-card-field'));

/**
 * A checkout whose answer never arrived (network failure, 5xx). Paying again with the same
 * cart and card is the same attempt: it reuses the payment method and the Idempotency-Key,
 * so the server answers with the first outcome instead of charging twice.
 */
interface UnansweredAttempt {
  fingerprint: string;
  paymentMethodId: string;
  idempotencyKey: string;
}

interface PaymentFormProps {
  lines: CartLine[];
  /** Some line cannot be bought as it is (sold out, gone, more than in stock). */
  blocked: boolean;
  /** Reads the cart's shoes again; resolves with the fresh ones by id. */
  refreshShoes: () => Promise<Map<string, Shoe>>;
  onPaid: (order: Order) => void;
}

type AddressField = 'name' | 'state' | 'city' | 'line1' | 'postal_code';

const ADDRESS_FIELDS: { name: Exclude<AddressField, 'name'>; label: string; autoComplete: string }[] = [
  { name: 'line1', label: 'Line 1', autoComplete: 'billing address-line1' },
  { name: 'city', label: 'City', autoComplete: 'billing address-level2' },
  { name: 'state', label: 'State', autoComplete: 'billing address-level1' },
  { name: 'postal_code', label: 'Postal code', autoComplete: 'billing postal-code' },
];

const legendClass = 'mb-4 text-xs font-bold tracking-widest text-gray-700 uppercase';

/**
 * The payment form of the cart (spec §2, §4, §5, §8): card and billing address, PAY $<subtotal>.
 * The card becomes a one-use payment method (through our test processor, or through Stripe.js in
 * Stripe's own card field when the server uses Stripe), then the checkout charges it; the server prices
 * the cart and takes the stock, so every refusal it gives is shown as it says it.
 */
export function PaymentForm({ lines, blocked, refreshShoes, onPaid }: PaymentFormProps) {
  const id = useId();
  const headingId = `${id}-heading`;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  const [failure, setFailure] = useState<string | null>(null);
  const unanswered = useRef<UnansweredAttempt | null>(null);
  const cardMode = cardModeOf(usePaymentsConfig());
  const stripeCard = useRef<StripeCardHandle | null>(null);
  const [stripeCardReady, setStripeCardReady] = useState(false);
  // Our own card fields are there at once; Stripe's once Stripe.js has loaded and shown it.
  const cardReady = cardMode.kind === 'test' || (cardMode.kind === 'stripe' && stripeCardReady);

  const {
    register,
    control,
    handleSubmit,
    setError,
    resetField,
    formState: { errors, isSubmitting },
  } = useForm<PaymentFormInput, unknown, PaymentFormValues>({
    resolver:
      cardMode.kind === 'stripe' ? zodResolver(stripePaymentFormSchema) : zodResolver(paymentFormSchema),
    // Spec §5: errors show only for fields the shopper has touched (or after a submit attempt).
    mode: 'onTouched',
    defaultValues: {
      name: '',
      state: '',
      city: '',
      line1: '',
      postal_code: '',
      cardNumber: '',
      expiry: '',
      cvc: '',
    },
  });

  const cents = subtotalCents(lines);
  // Spec §4: Pay is disabled when the cart is empty or the total is zero.
  const cannotPay = lines.length === 0 || cents <= 0;

  function sendToAccount(): void {
    toast.error(MESSAGES.payment.signInFirst, { id: 'sign-in-to-pay', duration: NOTICE_MS.error });
    void navigate(paths.account);
  }

  async function explainFailure(error: unknown): Promise<void> {
    // The app's account-disabled handler already warns and signs out.
    if (isAccountDisabled(error)) return;
    if (error instanceof ApiError && error.status === 401) {
      void queryClient.invalidateQueries({ queryKey: sessionKey });
      sendToAccount();
      return;
    }
    if (error instanceof ApiError) {
      let focused = false;
      for (const [path, message] of Object.entries(error.fields)) {
        const field = formFieldOf(path);
        if (!field) continue;
        setError(field, { type: 'server', message }, { shouldFocus: !focused });
        focused = true;
      }
      // Prices changed, a size sold out, a shoe left the catalogue: show the cart as it is now.
      if (error.status === 409 || error.status === 404) {
        const fresh = await refreshShoes();
        cartActions.reprice(new Map([...fresh].map(([shoeId, shoe]) => [shoeId, shoe.price])));
      }
    }
    toast.error(MESSAGES.payment.failed, { id: 'payment-failed', duration: NOTICE_MS.error });
    setFailure(errorMessage(error));
  }

  async function pay(user: User, values: PaymentFormValues): Promise<void> {
    setFailure(null);
    toast.dismiss('payment-failed');
    const shoes = lines.map(({ _id, name, image, quantity, price, size }) => ({
      _id,
      name,
      image,
      quantity,
      price,
      size,
    }));
    const amount = subtotalCents(lines);
    const methodRequest = paymentMethodRequest(values);
    // With Stripe's card field the card cannot be read: the count of its edits stands for it.
    const stripeCardField = cardMode.kind === 'stripe' ? stripeCard.current : null;
    const billing = stripeBillingDetails(values);
    const fingerprint = JSON.stringify([
      stripeCardField ? [billing, stripeCardField.edits()] : methodRequest,
      shoes,
      amount,
    ]);
    try {
      let attempt = unanswered.current?.fingerprint === fingerprint ? unanswered.current : null;
      if (!attempt) {
        attempt = {
          fingerprint,
          paymentMethodId: stripeCardField
            ? await stripeCardField.createPaymentMethod(billing)
            : await createPaymentMethod(methodRequest),
          idempotencyKey: newIdempotencyKey(),
        };
      }
      unanswered.current = attempt;
      const answer = await checkout(
        { id: attempt.paymentMethodId, email: user.email, uid: user.idUser, shoes, amount },
        attempt.idempotencyKey,
      );
      unanswered.current = null;
      toast.success(answer.message, { id: 'payment', duration: NOTICE_MS.payment });
      // Stock went down and a new order exists.
      void queryClient.invalidateQueries({ queryKey: catalogKeys.all });
      void queryClient.invalidateQueries({ queryKey: userKeys.orders });
      for (const field of CARD_FIELDS) resetField(field);
      stripeCardField?.clear();
      onPaid(answer.order);
      cartActions.clear();
    } catch (error) {
      // Only a checkout that got no answer may be the same attempt again; any answer ends it.
      const noAnswer = error instanceof ApiError && (error.status === 0 || error.status >= 500);
      if (!noAnswer) unanswered.current = null;
      // Stripe's card field refused the card before sending it and shows why, as a field error.
      if (error instanceof CardFieldError) return;
      await explainFailure(error);
    }
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (cannotPay || blocked || !cardReady || isSubmitting) return;
    // Spec §8: nobody signed in -> 'create your user for pay', then /account (which leads to /signin).
    const user = session.data !== undefined ? session.data : ((await session.refetch()).data ?? null);
    if (!user) {
      sendToAccount();
      return;
    }
    await handleSubmit((values) => pay(user, values))(event);
  }

  const addressInput = (name: AddressField, label: string, autoComplete: string) => {
    const inputId = `${id}-${name}`;
    const error = errors[name]?.message;
    return (
      <FormField id={inputId} label={label} error={error}>
        <input
          id={inputId}
          type="text"
          autoComplete={autoComplete}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(inputId, { error })}
          className={inputClass}
          {...register(name)}
        />
      </FormField>
    );
  };

  return (
    <form
      method="post"
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-labelledby={headingId}
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-black/5 sm:p-6"
    >
      <h2 id={headingId} className="flex items-center gap-2 text-xl font-black tracking-tight">
        <Lock aria-hidden="true" className="size-5 text-accent-dark" />
        Payment
      </h2>

      <fieldset className="mt-5 min-w-0">
        <legend className={legendClass}>Card</legend>
        <div className="space-y-4">
          {addressInput('name', 'Name on card', 'cc-name')}
          {cardMode.kind === 'test' && <CardFields idPrefix={id} control={control} errors={errors} />}
          {cardMode.kind === 'pending' && <CardFieldLoading />}
          {cardMode.kind === 'unavailable' && <CardFieldUnavailable />}
          {cardMode.kind === 'stripe' && (
            <Suspense fallback={<CardFieldLoading />}>
              <StripeCardField
                ref={stripeCard}
                idPrefix={id}
                publishableKey={cardMode.publishableKey}
                onReadyChange={setStripeCardReady}
              />
            </Suspense>
          )}
        </div>
      </fieldset>

      <fieldset className="mt-6 min-w-0 border-t border-gray-200 pt-5">
        <legend className={`${legendClass} float-left w-full`}>Billing address</legend>
        <div className="clear-left grid gap-4 sm:grid-cols-2">
          {ADDRESS_FIELDS.map(({ name, label, autoComplete }) => (
            <div key={name} className={name === 'line1' ? 'sm:col-span-2' : undefined}>
              {addressInput(name, label, autoComplete)}
            </div>
          ))}
        </div>
      </fieldset>

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
        {session.data === null && (
          <p className="text-sm text-gray-700">You need an account to pay: we will take you to sign in.</p>
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
