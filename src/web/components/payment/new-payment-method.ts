import { createPaymentMethod } from '../../api/create-payment-method';
import { billingAddressOf } from './address-input';
import { paymentMethodRequest, type PaymentFormValues } from './card-input';
import { stripeBillingDetails, type StripeCardHandle } from './card-mode';

/**
 * The card of a payment form made into a payment method (`pm_...`): through our test processor
 * (`POST /api/payments/methods`), or through Stripe.js in Stripe's own card field when there is one.
 */
export function newPaymentMethod(
  values: PaymentFormValues,
  stripeCardField: StripeCardHandle | null,
): Promise<string> {
  return stripeCardField
    ? stripeCardField.createPaymentMethod(stripeBillingDetails(billingAddressOf(values)))
    : createPaymentMethod(paymentMethodRequest(values));
}
