import type { Locator } from '@playwright/test';
import { TEST_CARD_CVC, TEST_CARD_NUMBER_TYPED, testCardExpiry } from '../../fixtures/payment';

/**
 * Fills a drop's card form (a draw's entry, a first-come sale's purchase): the size, the delivery
 * address and the test card that pays, as a shopper types them.
 */
export async function fillDropCardForm(form: Locator, size: string): Promise<void> {
  await form.getByLabel('Size', { exact: true }).selectOption(size);
  await form.getByLabel('Name on card').fill('Ana Lima');
  await form.getByLabel('Line 1').fill('12 Main St');
  await form.getByLabel('City').fill('San Diego');
  await form.getByLabel('State').fill('California');
  await form.getByLabel('Postal code').fill('92101');
  await form.getByLabel('Card number').fill(TEST_CARD_NUMBER_TYPED);
  await form.getByLabel('Expiry (MM/YY)').fill(testCardExpiry());
  await form.getByLabel('CVC').fill(TEST_CARD_CVC);
}
