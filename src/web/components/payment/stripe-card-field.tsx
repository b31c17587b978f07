import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { StripeCardElementOptions } from '@stripe/stripe-js';
// The pure entry adds Stripe.js to the page only when loadStripe is called, not on import.
import { loadStripe } from '@stripe/stripe-js/pure';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { FormField } from '../forms/form-field';
import { CardFieldLoading, CardFieldUnavailable } from './card-field-placeholder';
import { CardFieldError, stripeFailure, withTimeout, type StripeCardHandle } from './card-mode';

/** A connection that neither loads nor fails Stripe.js (a captive portal, say) counts as offline after this. */
const STRIPE_LOAD_MS = 15_000;
/** Placeholders and error messages in English, as the rest of the shop. */
const LOCALE = 'en';
const CARD_REFUSED = 'Check your card details.';

const cardOptions: StripeCardElementOptions = {
  // Spec §7: the postal code is asked in the billing address, not in the card field.
  hidePostalCode: true,
  style: {
    base: {
      color: '#111827',
      fontFamily: 'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
      fontSize: '16px',
      lineHeight: '24px',
      '::placeholder': { color: '#6b7280' },
    },
    invalid: { color: '#b91c1c', iconColor: '#b91c1c' },
  },
};

// Looks like our inputs; Stripe adds the --focus and --invalid classes to the container.
const containerClass =
  'block w-full rounded-xl border border-gray-300 bg-white px-4 py-3 shadow-sm [&.StripeElement--focus]:border-accent-dark [&.StripeElement--focus]:outline-3 [&.StripeElement--focus]:outline-offset-2 [&.StripeElement--focus]:outline-accent [&.StripeElement--invalid]:border-red-700';

interface StripeCardFieldProps {
  ref?: Ref<StripeCardHandle>;
  idPrefix: string;
  publishableKey: string;
  /** True once the card field can take a card, false when it goes away. */
  onReadyChange: (ready: boolean) => void;
}

/**
 * Stripe Elements' card field, for a server that takes payments with Stripe. Loaded with its own
 * chunk only then: Stripe.js comes from Stripe's servers, and when it cannot (offline) a message
 * with Try again stands in its place.
 */
export default function StripeCardField({
  ref,
  idPrefix,
  publishableKey,
  onReadyChange,
}: StripeCardFieldProps) {
  const stripe = useQuery({
    queryKey: ['stripe-js', publishableKey],
    queryFn: async () => {
      const loading = loadStripe(publishableKey, { locale: LOCALE });
      const loaded = await withTimeout(loading, STRIPE_LOAD_MS, 'Stripe.js took too long to load');
      if (!loaded) throw new Error('Stripe.js is not available');
      return loaded;
    },
    // One Stripe object for the whole visit; loadStripe already tries twice before failing.
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });

  if (stripe.isError) {
    return <CardFieldUnavailable onRetry={() => void stripe.refetch()} retrying={stripe.isFetching} />;
  }
  if (!stripe.data) return <CardFieldLoading />;
  return (
    <Elements stripe={stripe.data} options={{ locale: LOCALE }}>
      <StripeCardInput ref={ref} idPrefix={idPrefix} onReadyChange={onReadyChange} />
    </Elements>
  );
}

interface StripeCardInputProps {
  ref?: Ref<StripeCardHandle>;
  idPrefix: string;
  onReadyChange: (ready: boolean) => void;
}

function StripeCardInput({ ref, idPrefix, onReadyChange }: StripeCardInputProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [error, setError] = useState<string | undefined>();
  const edits = useRef(0);
  const cardId = `${idPrefix}-stripe-card`;

  useEffect(() => () => onReadyChange(false), [onReadyChange]);

  useImperativeHandle(
    ref,
    () => ({
      edits: () => edits.current,
      async createPaymentMethod(billing) {
        const card = elements?.getElement(CardElement);
        if (!stripe || !card) throw new CardFieldError('The card field is still loading.');
        const result = await stripe.createPaymentMethod({ type: 'card', card, billing_details: billing });
        if (result.error) {
          // Stripe.js found the card incomplete or invalid without sending it: say so at the field.
          if (result.error.type === 'validation_error') {
            const message = result.error.message ?? CARD_REFUSED;
            setError(message);
            card.focus();
            throw new CardFieldError(message);
          }
          throw stripeFailure(result.error);
        }
        return result.paymentMethod.id;
      },
      clear() {
        elements?.getElement(CardElement)?.clear();
        setError(undefined);
      },
    }),
    [stripe, elements],
  );

  return (
    <FormField id={cardId} label="Card details" error={error}>
      <CardElement
        id={cardId}
        className={containerClass}
        options={cardOptions}
        onReady={() => onReadyChange(true)}
        onChange={(event) => {
          edits.current += 1;
          setError(event.error?.message);
        }}
      />
    </FormField>
  );
}
