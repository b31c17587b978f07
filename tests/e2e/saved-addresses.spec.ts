import type { Locator, Page } from '@playwright/test';
import { TEST_CARD_CVC, TEST_CARD_NUMBER_TYPED, testCardExpiry } from '../fixtures/payment';
import { newCredentials, signInWithSession, signUpThroughUi } from './support/accounts';
import type { Catalog, Shoe } from './support/catalog';
import { expectNoAxeViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { payButton, paymentForm } from './support/payment';
import { addToCartFromDetail, main, toast } from './support/shop';

/**
 * Saved addresses (issue 31 item 4): kept on /account (added, edited, made default, deleted) and
 * offered at checkout, the default preselected; a new address typed at checkout may be saved.
 */

/** A shoe with plenty of one size, from the end of the catalogue (the start is for specs that only look). */
function shoeToBuy(catalog: Catalog, skip: number): { shoe: Shoe; size: string } {
  const plenty = (shoe: Shoe) => shoe.stock.find((entry) => entry.quantity >= 4)?.size;
  const shoe = [...catalog.shoes].reverse().filter((candidate) => plenty(candidate))[skip];
  if (!shoe) throw new Error('the catalogue has no shoe with 4 pairs of a size');
  return { shoe, size: plenty(shoe)! };
}

const HOME = {
  name: "Sam O'Brien",
  line1: '1600 Pennsylvania Ave. NW',
  line2: 'Apt 4B',
  city: 'Winston-Salem',
  state: 'North Carolina',
  postalCode: '27101',
  phone: '(336) 555-0134',
};
const WORK = {
  name: 'Ana Lima',
  line1: '500 Harbor Dr',
  city: 'San Diego',
  state: 'CA',
  postalCode: '92101',
};

const field = (scope: Locator, label: string): Locator => scope.getByLabel(label, { exact: true });
const addressesSection = (page: Page): Locator => main(page).getByRole('region', { name: 'Addresses' });
const addressCards = (page: Page): Locator => addressesSection(page).getByRole('article');
const deliverTo = (page: Page): Locator => paymentForm(page).getByRole('group', { name: 'Deliver to' });

async function fillAddress(scope: Locator, address: typeof HOME | typeof WORK, nameLabel: string) {
  await field(scope, nameLabel).fill(address.name);
  await field(scope, 'Line 1').fill(address.line1);
  await field(scope, 'Line 2 (apartment, suite, unit)').fill('line2' in address ? address.line2 : '');
  await field(scope, 'City').fill(address.city);
  await field(scope, 'State').fill(address.state);
  await field(scope, 'Postal code').fill(address.postalCode);
  await field(scope, 'Phone (for the carrier)').fill('phone' in address ? address.phone : '');
}

async function addOnAccount(page: Page, address: typeof HOME | typeof WORK): Promise<void> {
  await addressesSection(page).getByRole('button', { name: 'Add an address' }).click();
  const form = addressesSection(page).getByRole('form', { name: 'Add this address' });
  // The form opens where the typing starts.
  await expect(field(form, 'Full name')).toBeFocused();
  await fillAddress(form, address, 'Full name');
  await form.getByRole('button', { name: 'Add this address' }).click();
  // The card is the proof of this save; the toast may sit beside the previous save's.
  await expect(addressCards(page).filter({ hasText: address.name })).toHaveCount(1);
  await expect(toast(page, 'Address saved').last()).toBeVisible();
  await expect(form).toHaveCount(0);
  await expect(addressesSection(page).getByRole('button', { name: 'Add an address' })).toBeFocused();
}

async function payWithCard(page: Page): Promise<void> {
  const card = paymentForm(page).getByRole('group', { name: 'Card' });
  await field(card, 'Card number').fill(TEST_CARD_NUMBER_TYPED);
  await field(card, 'Expiry (MM/YY)').fill(testCardExpiry());
  await field(card, 'CVC').fill(TEST_CARD_CVC);
  await payButton(page).click();
  await expect(toast(page, 'Payment successful!')).toBeVisible();
  await expect(page).toHaveURL(/\/order\/[^/]+$/);
}

test('a new shopper saves addresses on /account, finds the default preselected on /cart, and pays to it', async ({
  page,
  catalog,
}) => {
  // A journey of several pages and roles: 45-56 s on a busy 2-core machine, near the 60 s default.
  test.slow();
  await signUpThroughUi(page, newCredentials('addresses'));
  await expect(addressesSection(page).getByText('No saved address yet.')).toBeVisible();

  // The form is the cart's: its rules and messages.
  await addressesSection(page).getByRole('button', { name: 'Add an address' }).click();
  const form = addressesSection(page).getByRole('form', { name: 'Add this address' });
  await fillAddress(form, { ...WORK, state: 'Narnia', postalCode: '9210' }, 'Full name');
  await form.getByRole('button', { name: 'Add this address' }).click();
  await expect(form.getByText('Enter a US state by its name or its two-letter code')).toBeVisible();
  await expect(form.getByText('Enter a 5-digit ZIP code, or ZIP+4 such as 92101-1234')).toBeVisible();
  await form.getByRole('button', { name: 'Cancel' }).click();

  await addOnAccount(page, WORK);
  await addOnAccount(page, HOME);
  // The first one saved is the default; the other can be made it.
  await expect(addressCards(page)).toHaveCount(2);
  await expect(addressCards(page).first()).toContainText('Ana Lima');
  await expect(addressCards(page).first()).toContainText('Default');
  const home = addressCards(page).filter({ hasText: HOME.name });
  await expect(home).toContainText('Winston-Salem, NC 27101');
  await home.getByRole('button', { name: /^Make default/ }).click();
  await expect(toast(page, 'This is now your default address')).toBeVisible();
  await expect(addressCards(page).first()).toContainText(HOME.name);
  await expect(addressCards(page).first()).toContainText('Default');
  // Cards, a delete being confirmed and the form open: nothing serious for assistive technology.
  await addressCards(page)
    .last()
    .getByRole('button', { name: /^Delete/ })
    .click();
  await addressesSection(page).getByRole('button', { name: 'Add an address' }).click();
  await expectNoAxeViolations(page);

  const { shoe, size } = shoeToBuy(catalog, 6);
  await addToCartFromDetail(page, shoe, size);
  await page.goto('/cart');
  // Offered above the fields, the default picked, its fields filled.
  await expect(deliverTo(page).getByRole('radio')).toHaveCount(3);
  await expect(deliverTo(page).getByRole('radio', { name: /Sam O'Brien/ })).toBeChecked();
  const delivery = paymentForm(page).getByRole('group', { name: 'Delivery address' });
  await expect(field(delivery, 'Line 1')).toHaveValue(HOME.line1);
  await expect(field(delivery, 'State')).toHaveValue(HOME.state);
  await expectNoAxeViolations(page);
  // A saved address is not offered to be saved again; "A new address" empties the fields.
  const saveBox = paymentForm(page).getByRole('checkbox', { name: 'Save this address to my account' });
  await expect(saveBox).toHaveCount(0);
  await deliverTo(page).getByRole('radio', { name: 'A new address' }).check();
  await expect(field(delivery, 'Line 1')).toHaveValue('');
  await expect(saveBox).toBeVisible();
  await deliverTo(page)
    .getByRole('radio', { name: /Ana Lima/ })
    .check();
  await expect(field(delivery, 'City')).toHaveValue(WORK.city);
  await deliverTo(page)
    .getByRole('radio', { name: /Sam O'Brien/ })
    .check();

  const checkout = page.waitForRequest('**/api/cart/checkout');
  await payWithCard(page);
  expect((await checkout).postDataJSON()).toMatchObject({
    deliveryAddress: { name: HOME.name, line1: HOME.line1, line2: HOME.line2, postal_code: HOME.postalCode },
  });
  const where = main(page).getByRole('region', { name: 'Delivery address' });
  await expect(where.locator('address')).toHaveText(
    [HOME.name, HOME.line1, HOME.line2, `${HOME.city}, NC ${HOME.postalCode}`, `Phone: ${HOME.phone}`].join(
      '',
    ),
  );
});

test('a shopper with none types an address at checkout, saves it, then edits and deletes it on /account', async ({
  page,
  account,
  catalog,
}) => {
  await signInWithSession(page.context(), account);
  const { shoe, size } = shoeToBuy(catalog, 7);
  await addToCartFromDetail(page, shoe, size);
  await page.goto('/cart');
  await expect(payButton(page)).toBeVisible();
  await expect(deliverTo(page)).toHaveCount(0);
  await fillAddress(paymentForm(page).getByRole('group', { name: 'Delivery address' }), WORK, 'Name on card');
  await paymentForm(page).getByRole('checkbox', { name: 'Save this address to my account' }).check();
  await payWithCard(page);
  await expect(toast(page, 'Address saved')).toBeVisible();

  await page.goto('/account');
  await expect(addressCards(page)).toHaveCount(1);
  await expect(addressCards(page).first()).toContainText('Default');
  await expect(addressCards(page).first()).toContainText('San Diego, CA 92101');

  await addressCards(page).first().getByRole('button', { name: /^Edit/ }).click();
  const edit = addressesSection(page).getByRole('form', { name: 'Save changes' });
  await field(edit, 'Line 2 (apartment, suite, unit)').fill('Suite 400');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page, 'Address updated')).toBeVisible();
  // The form closed, the focus is back on the card it edited.
  await expect(addressCards(page).first().getByRole('button', { name: /^Edit/ })).toBeFocused();
  await expect(addressCards(page).first()).toContainText('Suite 400');

  // Deleting asks first, the focus on the safe answer; keeping it changes nothing and goes back to Delete.
  const deleteButton = addressCards(page)
    .first()
    .getByRole('button', { name: /^Delete/ });
  await deleteButton.click();
  await expect(addressCards(page).first().getByRole('button', { name: 'Keep it' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(deleteButton).toBeFocused();
  await expect(addressCards(page)).toHaveCount(1);
  await addressCards(page)
    .first()
    .getByRole('button', { name: /^Delete/ })
    .click();
  await addressCards(page).first().getByRole('button', { name: 'Yes, delete it' }).click();
  await expect(toast(page, 'Address deleted')).toBeVisible();
  await expect(addressesSection(page).getByText('No saved address yet.')).toBeVisible();
});
