import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent, type RefObject } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { User } from '../../../domain/account';
import { cartLineFields, type CartLine } from '../../../domain/cart-lines';
import type { Shoe } from '../../../domain/catalog';
import { NOTICE_MS } from '../../../domain/constants';
import { MESSAGES } from '../../../domain/messages';
import type { Order } from '../../../domain/payment';
import { checkout } from './api/checkout';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import { newPaymentMethod } from '../../components/payment/new-payment-method';
import { ApiError, errorMessage, isAccountDisabled } from '../../api/http';
import { cartQuoteKeys, catalogKeys, sessionKey, userKeys } from '../../api/query-keys';
import { useSession } from '../../api/use-session';
import { cartActions } from '../../lib/cart/cart-store';
import { setDiscountCode } from '../../lib/cart/discount-code-store';
import type { CartPricing } from './api/use-cart-quote';
import { toast } from '../../lib/toast';
import { paths } from '../../paths';
import {
  CARD_FIELDS,
  formFieldOf,
  paymentMethodRequest,
  type PaymentFormInput,
  type PaymentFormValues,
} from '../../components/payment/card-input';
import {
  CardFieldError,
  stripeBillingDetails,
  type CardMode,
  type StripeCardHandle,
} from '../../components/payment/card-mode';
import { BACK_TO_CART } from './account-needed';
import { forgetAddressDraft, keepAddressDraft } from './address-draft';
import { billingAddressOf, checkoutAddresses } from '../../components/payment/address-input';

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

export interface PayCartOptions {
  lines: CartLine[];
  /** The total to pay, and the discount code it was priced with. */
  pricing: CartPricing;
  /** Reads the cart's shoes again; resolves with the fresh ones by id. */
  refreshShoes: () => Promise<Map<string, Shoe>>;
  onPaid: (order: Order) => void;
  /** The payment form: server refusals become its field errors, and the card is cleared once paid. */
  form: Pick<
    UseFormReturn<PaymentFormInput, unknown, PaymentFormValues>,
    'handleSubmit' | 'setError' | 'resetField' | 'getValues'
  >;
  cardMode: CardMode;
  /** Stripe's card field, when the shop pays through Stripe. */
  stripeCard: RefObject<StripeCardHandle | null>;
  /** Paying is not possible now (empty cart, blocked lines, card not ready, already paying). */
  disabled: boolean;
}

/**
 * Paying for the cart (spec §2, §8): the card becomes a one-use payment method (through our test
 * processor, or through Stripe.js in Stripe's own card field), then the checkout charges it. A
 * checkout that got no answer is retried as the same attempt; every refusal the server gives is
 * shown as it says it, on its field when it names one; once paid, the cart is emptied.
 */
export function usePayCart({
  lines,
  pricing,
  refreshShoes,
  onPaid,
  form,
  cardMode,
  stripeCard,
  disabled,
}: PayCartOptions) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  const [failure, setFailure] = useState<string | null>(null);
  const unanswered = useRef<UnansweredAttempt | null>(null);
  const { handleSubmit, setError, resetField, getValues } = form;

  /**
   * Spec §8: 'create your user for pay', then to /account, which leads a visitor to sign in; signed
   * in, they come back to the cart and find the addresses they typed.
   */
  function sendToSignIn(): void {
    keepAddressDraft(getValues());
    toast.error(MESSAGES.payment.signInFirst, { id: 'sign-in-to-pay', duration: NOTICE_MS.error });
    void navigate(paths.account, { state: BACK_TO_CART });
  }

  async function explainFailure(error: unknown): Promise<void> {
    // The app's account-disabled handler already warns and signs out.
    if (isAccountDisabled(error)) return;
    if (error instanceof ApiError && error.status === 401) {
      void queryClient.invalidateQueries({ queryKey: sessionKey });
      sendToSignIn();
      return;
    }
    if (error instanceof ApiError) {
      let focused = false;
      const sameBilling = getValues('sameBilling');
      for (const [path, message] of Object.entries(error.fields)) {
        const field = formFieldOf(path, sameBilling);
        if (!field) continue;
        setError(field, { type: 'server', message }, { shouldFocus: !focused });
        focused = true;
      }
      // Prices changed, a size sold out, a shoe left the catalogue, a code was used up: show the cart
      // as it is now, its code priced again.
      if (error.status === 409 || error.status === 404) {
        void queryClient.invalidateQueries({ queryKey: cartQuoteKeys.all });
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
    const shoes = lines.map(cartLineFields);
    const amount = pricing.total;
    const code = pricing.code ?? undefined;
    // The method the total was priced with (issue 31): the server prices it again and must agree.
    const shippingMethod = pricing.shippingMethod ?? undefined;
    const methodRequest = paymentMethodRequest(values);
    // With Stripe's card field the card cannot be read: the count of its edits stands for it.
    const stripeCardField = cardMode.kind === 'stripe' ? stripeCard.current : null;
    const billing = stripeBillingDetails(billingAddressOf(values));
    const addresses = checkoutAddresses(values);
    const fingerprint = JSON.stringify([
      stripeCardField ? [billing, stripeCardField.edits()] : methodRequest,
      shoes,
      amount,
      code,
      addresses,
      shippingMethod,
    ]);
    try {
      let attempt = unanswered.current?.fingerprint === fingerprint ? unanswered.current : null;
      if (!attempt) {
        attempt = {
          fingerprint,
          paymentMethodId: await newPaymentMethod(values, stripeCardField),
          idempotencyKey: newIdempotencyKey(),
        };
      }
      unanswered.current = attempt;
      const answer = await checkout(
        {
          id: attempt.paymentMethodId,
          email: user.email,
          uid: user.idUser,
          shoes,
          amount,
          code,
          ...addresses,
          shippingMethod,
        },
        attempt.idempotencyKey,
      );
      unanswered.current = null;
      toast.success(answer.message, { id: 'payment', duration: NOTICE_MS.payment });
      // Stock went down and a new order exists.
      void queryClient.invalidateQueries({ queryKey: catalogKeys.all });
      void queryClient.invalidateQueries({ queryKey: userKeys.orders });
      for (const field of CARD_FIELDS) resetField(field);
      stripeCardField?.clear();
      forgetAddressDraft();
      onPaid(answer.order);
      cartActions.clear();
      setDiscountCode('');
    } catch (error) {
      // Only a checkout that got no answer may be the same attempt again; any answer ends it.
      const noAnswer = error instanceof ApiError && (error.status === 0 || error.status >= 500);
      if (!noAnswer) unanswered.current = null;
      // Stripe's card field refused the card before sending it and shows why, as a field error.
      if (error instanceof CardFieldError) return;
      await explainFailure(error);
    }
  }

  /** The form's submit: sign-in first (spec §8), then the form's own checks, then paying. */
  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (disabled) return;
    // Spec §8: nobody signed in -> 'create your user for pay', then sign in.
    const user = session.data !== undefined ? session.data : ((await session.refetch()).data ?? null);
    if (!user) {
      sendToSignIn();
      return;
    }
    await handleSubmit((values) => pay(user, values))(event);
  }

  return {
    submit,
    /** Why the last payment failed, as the server or the card processor said it. */
    failure,
    /** Known to be signed out (not merely not known yet). */
    signedOut: session.data === null,
  };
}
