import type { Locator, Page } from '@playwright/test';
import { TEST_CARD_CVC, TEST_CARD_NUMBER_TYPED, testCardExpiry } from '../fixtures/payment';
import { emailField, passwordField, signInForm, signInWithSession } from './support/accounts';
import type { Catalog, Shoe } from './support/catalog';
import { expect, test } from './support/fixtures';
import { payButton, paymentForm } from './support/payment';
import { addToCartFromDetail, expectPath, main, toast } from './support/shop';

/**
 * The order knows where to go (issue 31 items 1 and 2): the cart's form is the delivery address,
 * with a billing address of its own when the box is unticked; the order page shows both. A visitor
 * is told before typing that paying needs an account, and finds what they typed after signing in.
 */

/**
 * A shoe with plenty of one size, a few from the end of the catalogue: the checkout and discount
 * specs buy the last ones, and the start is for the specs that only look.
 */
function shoeToBuy(catalog: Catalog, skip: number): { shoe: Shoe; size: string } {
  const plenty = (shoe: Shoe) => shoe.stock.find((entry) => entry.quantity >= 4)?.size;
  const shoe = [...catalog.shoes].reverse().filter((candidate) => plenty(candidate))[skip];
  if (!shoe) throw new Error('the catalogue has no shoe with 4 pairs of a size');
  return { shoe, size: plenty(shoe)! };
}

/** Real people's addresses (docs/decisions/019): the spec's rules alone would refuse them. */
const DELIVERY = {
  name: "Sam O'Brien",
  line1: '1600 Pennsylvania Ave. NW',
  line2: 'Apt 4B',
  city: 'Winston-Salem',
  state: 'NC',
  postalCode: '27101-1234',
  phone: '(336) 555-0134',
};
const BILLING = {
  name: 'Ana Lima',
  line1: 'Main St 12',
  city: 'San Diego',
  state: 'California',
  postalCode: '92101',
};

const group = (page: Page, name: string): Locator => paymentForm(page).getByRole('group', { name });
const field = (scope: Locator, label: string): Locator => scope.getByLabel(label, { exact: true });
const sameBillingBox = (page: Page): Locator =>
  paymentForm(page).getByRole('checkbox', { name: 'Billing address is the same' });

/** Unticks "Billing address is the same" and types both addresses; the delivery name is the recipient's. */
async function fillAddresses(page: Page): Promise<void> {
  await sameBillingBox(page).uncheck();
  const delivery = group(page, 'Delivery address');
  await field(delivery, 'Full name').fill(DELIVERY.name);
  await field(delivery, 'Line 1').fill(DELIVERY.line1);
  await field(delivery, 'Line 2 (apartment, suite, unit)').fill(DELIVERY.line2);
  await field(delivery, 'City').fill(DELIVERY.city);
  await field(delivery, 'State').fill(DELIVERY.state);
  await field(delivery, 'Postal code').fill(DELIVERY.postalCode);
  await field(delivery, 'Phone (for the carrier)').fill(DELIVERY.phone);
  const billing = group(page, 'Billing address');
  await field(billing, 'Name on card').fill(BILLING.name);
  await field(billing, 'Line 1').fill(BILLING.line1);
  await field(billing, 'City').fill(BILLING.city);
  await field(billing, 'State').fill(BILLING.state);
  await field(billing, 'Postal code').fill(BILLING.postalCode);
}

async function fillCard(page: Page): Promise<void> {
  const card = group(page, 'Card');
  await field(card, 'Card number').fill(TEST_CARD_NUMBER_TYPED);
  await field(card, 'Expiry (MM/YY)').fill(testCardExpiry());
  await field(card, 'CVC').fill(TEST_CARD_CVC);
}

/** Both addresses are in the form as typed, the box unticked. */
async function expectAddressesTyped(page: Page): Promise<void> {
  await expect(sameBillingBox(page)).not.toBeChecked();
  const delivery = group(page, 'Delivery address');
  await expect(field(delivery, 'Full name')).toHaveValue(DELIVERY.name);
  await expect(field(delivery, 'Line 1')).toHaveValue(DELIVERY.line1);
  await expect(field(delivery, 'Line 2 (apartment, suite, unit)')).toHaveValue(DELIVERY.line2);
  await expect(field(delivery, 'City')).toHaveValue(DELIVERY.city);
  await expect(field(delivery, 'State')).toHaveValue(DELIVERY.state);
  await expect(field(delivery, 'Postal code')).toHaveValue(DELIVERY.postalCode);
  await expect(field(delivery, 'Phone (for the carrier)')).toHaveValue(DELIVERY.phone);
  const billing = group(page, 'Billing address');
  await expect(field(billing, 'Name on card')).toHaveValue(BILLING.name);
  await expect(field(billing, 'Line 1')).toHaveValue(BILLING.line1);
  await expect(field(billing, 'City')).toHaveValue(BILLING.city);
  await expect(field(billing, 'State')).toHaveValue(BILLING.state);
  await expect(field(billing, 'Postal code')).toHaveValue(BILLING.postalCode);
}

/** What the tab's sessionStorage holds, every key and value as one text. */
const sessionStorageText = (page: Page): Promise<string> =>
  page.evaluate(() => JSON.stringify(Object.entries(window.sessionStorage)));

test('a shopper pays with a delivery address and another billing address, and sees both on the order page', async ({
  page,
  account,
  catalog,
}) => {
  const { shoe, size } = shoeToBuy(catalog, 4);
  await signInWithSession(page.context(), account);
  await addToCartFromDetail(page, shoe, size);
  await page.goto('/cart');
  // Signed in: nothing about needing an account.
  await expect(paymentForm(page).getByText('Paying needs an account')).toHaveCount(0);
  // The box is ticked at first: one name, the card's and the parcel's, and no billing form.
  await expect(sameBillingBox(page)).toBeChecked();
  await expect(field(group(page, 'Delivery address'), 'Name on card')).toBeVisible();
  await expect(group(page, 'Billing address')).toHaveCount(0);
  // The states are offered to pick from.
  const states = await field(group(page, 'Delivery address'), 'State').evaluate((input: HTMLInputElement) =>
    [...(input.list?.options ?? [])].map((option) => option.value),
  );
  expect(states).toEqual(expect.arrayContaining(['North Carolina', 'California', 'District of Columbia']));

  await fillAddresses(page);
  await fillCard(page);
  const method = page.waitForRequest('**/api/payments/methods');
  const checkout = page.waitForRequest('**/api/cart/checkout');
  await payButton(page).click();

  // The card is billed to the billing address; the order goes to the delivery one.
  expect((await method).postDataJSON()).toMatchObject({
    billing_details: {
      name: BILLING.name,
      line1: BILLING.line1,
      city: BILLING.city,
      state: BILLING.state,
      postal_code: BILLING.postalCode,
    },
  });
  expect((await checkout).postDataJSON()).toMatchObject({
    deliveryAddress: {
      name: DELIVERY.name,
      line1: DELIVERY.line1,
      line2: DELIVERY.line2,
      city: DELIVERY.city,
      state: DELIVERY.state,
      postal_code: DELIVERY.postalCode,
      phone: DELIVERY.phone,
    },
    billingAddress: { name: BILLING.name, postal_code: BILLING.postalCode },
  });
  await expect(toast(page, 'Payment successful!')).toBeVisible();

  // Paid, the order's page (its confirmation) shows where it goes.
  await expect(page).toHaveURL(/\/order\/[^/]+$/);
  const delivery = main(page).getByRole('region', { name: 'Delivery address' });
  await expect(delivery.locator('address')).toHaveText(
    [
      DELIVERY.name,
      DELIVERY.line1,
      DELIVERY.line2,
      `${DELIVERY.city}, NC ${DELIVERY.postalCode}`,
      `Phone: ${DELIVERY.phone}`,
    ].join(''),
  );
  const billing = main(page).getByRole('region', { name: 'Billing address' });
  await expect(billing.locator('address')).toHaveText(
    [BILLING.name, BILLING.line1, `${BILLING.city}, CA ${BILLING.postalCode}`].join(''),
  );
});

test('a visitor is told paying needs an account, and finds the addresses typed after signing in (never the card)', async ({
  page,
  account,
  catalog,
}) => {
  const { shoe, size } = shoeToBuy(catalog, 5);
  await addToCartFromDetail(page, shoe, size);
  await page.goto('/cart');
  // Said before typing, with a way to sign in.
  const notice = paymentForm(page).getByText('Paying needs an account');
  await expect(notice).toBeVisible();
  await expect(notice.getByRole('link', { name: 'sign in' })).toHaveAttribute('href', '/signin');

  await fillAddresses(page);
  await fillCard(page);
  await payButton(page).click();
  // Spec §8: the message, then off to sign in.
  await expect(toast(page, 'create your user for pay')).toBeVisible();
  await expectPath(page, '/signin');
  const kept = await sessionStorageText(page);
  expect(kept).toContain(DELIVERY.line2);
  expect(kept).toContain(BILLING.line1);
  for (const card of [TEST_CARD_NUMBER_TYPED, TEST_CARD_NUMBER_TYPED.replace(/ /g, ''), testCardExpiry()]) {
    expect(kept).not.toContain(card);
  }
  expect(kept).not.toMatch(/cvc|cardNumber|expiry/i);

  const form = signInForm(page);
  await emailField(form).fill(account.email);
  await passwordField(form).fill(account.password);
  await form.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(toast(page, 'Welcome again!')).toBeVisible();

  // Back on the cart, with everything typed but the card.
  await expectPath(page, '/cart');
  await expect(paymentForm(page).getByText('Paying needs an account')).toHaveCount(0);
  await expectAddressesTyped(page);
  const card = group(page, 'Card');
  await expect(field(card, 'Card number')).toHaveValue('');
  await expect(field(card, 'Expiry (MM/YY)')).toHaveValue('');
  await expect(field(card, 'CVC')).toHaveValue('');

  // Paid, the addresses are on the order and no longer kept in the tab.
  await fillCard(page);
  await payButton(page).click();
  await expect(toast(page, 'Payment successful!')).toBeVisible();
  expect(await sessionStorageText(page)).not.toContain(DELIVERY.line1);
});
