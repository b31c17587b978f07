import { lazy, Suspense, useRef, useState, type RefObject } from 'react';
import type { Control, FieldErrors } from 'react-hook-form';
import { usePaymentsConfig } from '../../api/use-payments-config';
import { CardFieldLoading, CardFieldUnavailable } from './card-field-placeholder';
import { CardFields } from './card-fields';
import type { PaymentFormInput, PaymentFormValues } from './card-input';
import { cardModeOf, type CardMode, type StripeCardHandle } from './card-mode';

// Stripe's card field and Stripe.js come in their own chunk, only for a shop that uses Stripe.
const StripeCardField = lazy(() => import('./stripe-card-field'));

/**
 * Which card field the shop takes (ours in test mode, Stripe's otherwise), Stripe's field once it is
 * mounted, and whether a card can be typed yet: what every form that takes a card needs.
 */
export function usePaymentCard() {
  const cardMode = cardModeOf(usePaymentsConfig());
  const stripeCard = useRef<StripeCardHandle | null>(null);
  const [stripeCardReady, setStripeCardReady] = useState(false);
  // Our own card fields are there at once; Stripe's once Stripe.js has loaded and shown it.
  const cardReady = cardMode.kind === 'test' || (cardMode.kind === 'stripe' && stripeCardReady);
  return { cardMode, stripeCard, cardReady, setStripeCardReady };
}

interface CardInputsProps {
  idPrefix: string;
  cardMode: CardMode;
  control: Control<PaymentFormInput, unknown, PaymentFormValues>;
  errors: FieldErrors<PaymentFormInput>;
  stripeCard: RefObject<StripeCardHandle | null>;
  onStripeReadyChange: (ready: boolean) => void;
}

/** The card as the shop takes it: our fields in test mode, Stripe's field, or why there is none. */
export function CardInputs({
  idPrefix,
  cardMode,
  control,
  errors,
  stripeCard,
  onStripeReadyChange,
}: CardInputsProps) {
  return (
    <>
      {cardMode.kind === 'test' && <CardFields idPrefix={idPrefix} control={control} errors={errors} />}
      {cardMode.kind === 'pending' && <CardFieldLoading />}
      {cardMode.kind === 'unavailable' && <CardFieldUnavailable />}
      {cardMode.kind === 'stripe' && (
        <Suspense fallback={<CardFieldLoading />}>
          <StripeCardField
            ref={stripeCard}
            idPrefix={idPrefix}
            publishableKey={cardMode.publishableKey}
            onReadyChange={onStripeReadyChange}
          />
        </Suspense>
      )}
    </>
  );
}
