import type { Locator, Page } from '@playwright/test';
import { BILLING_DETAILS, TEST_CARD_CVC, testCardExpiry } from '../../fixtures/payment';

/** The cart page's payment form, and what pays with it. */
export const paymentForm = (page: Page): Locator => page.getByRole('form', { name: 'Payment' });
export const payButton = (page: Page): Locator =>
  paymentForm(page).getByRole('button', { name: /^(PAY|Proccesading)/ });
export const cartLines = (page: Page): Locator =>
  page.getByRole('region', { name: 'Items in your cart' }).getByRole('listitem');

export interface Billing {
  name: string;
  state: string;
  city: string;
  line1: string;
  postalCode: string;
}

/** The shared billing details, as the payment form's fields take them. */
export const ANA: Billing = {
  name: BILLING_DETAILS.name,
  state: BILLING_DETAILS.state,
  city: BILLING_DETAILS.city,
  line1: BILLING_DETAILS.line1,
  postalCode: BILLING_DETAILS.postal_code,
};

export async function fillPayment(page: Page, card: string, billing: Billing = ANA): Promise<void> {
  const form = paymentForm(page);
  await form.getByLabel('Name on card').fill(billing.name);
  await form.getByLabel('Card number').fill(card);
  await form.getByLabel('Expiry (MM/YY)').fill(testCardExpiry());
  await form.getByLabel('CVC').fill(TEST_CARD_CVC);
  await form.getByLabel('Line 1').fill(billing.line1);
  await form.getByLabel('City').fill(billing.city);
  await form.getByLabel('State').fill(billing.state);
  await form.getByLabel('Postal code').fill(billing.postalCode);
}
