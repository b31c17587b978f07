import type { Locator, Page } from '@playwright/test';
import { TEST_CARD_CVC, TEST_CARD_NUMBER_TYPED, testCardExpiry } from '../fixtures/payment';
import { deliveryRange } from '../../src/web/lib/delivery-display';
import { formatPrice } from '../../src/domain/cart-lines';
import { sameOrigin, signInAsAdmin, signInWithSession } from './support/accounts';
import type { Catalog, Shoe } from './support/catalog';
import { expect, test } from './support/fixtures';
import { payButton, paymentForm } from './support/payment';
import { addToCartFromDetail, expectCartCount, main, storedCart, toast } from './support/shop';

/**
 * Shipping and sales tax as a shopper meets them (issue 31 items 3, 5, 6): the cart offers the ways to
 * ship with their prices and dates, the summary adds the chosen one and the delivery state's tax as the
 * address is typed, PAY charges all of it, and the order's page confirms it and keeps saying it.
 *
 * The tax is set for Tennessee, a state no other browser test delivers to: the shop is shared, and a
 * rate elsewhere would change their totals.
 */

const STATE = { name: 'Tennessee', code: 'TN' };
const RATE = { percent: '9.25', milliPercent: 9250 };
const EXPRESS_CENTS = 1995;

const DELIVERY = {
  name: 'Dolly Parton-Dean',
  line1: '1 Music Sq. W',
  city: 'Nashville',
  postalCode: '37203',
};

/** A shoe with plenty of one size, away from the ends of the catalogue the other buying specs use. */
function shoeToBuy(catalog: Catalog): { shoe: Shoe; size: string } {
  const plenty = (shoe: Shoe) => shoe.stock.find((entry) => entry.quantity >= 4)?.size;
  const candidates = catalog.shoes.filter((candidate) => plenty(candidate));
  const shoe = candidates[Math.floor(candidates.length / 2)];
  if (!shoe) throw new Error('the catalogue has no shoe with 4 pairs of a size');
  return { shoe, size: plenty(shoe)! };
}

const money = (cents: number) => formatPrice(cents / 100);
/** Sales tax as the shop computes it: the rate on the pairs, rounded half up to the cent. */
const taxOf = (cents: number) => Math.floor((cents * RATE.milliPercent + 50_000) / 100_000);

const summary = (page: Page): Locator => page.getByRole('region', { name: 'Order summary' });
/** The amount of one line of the cart's summary ("Shipping (Express)", "Sales tax (9.25%)", "Total"). */
const summaryAmount = (page: Page, term: string | RegExp): Locator =>
  summary(page)
    .locator('dl > div')
    .filter({ has: page.getByRole('term').filter({ hasText: term }) })
    .getByRole('definition');
const shippingChoice = (page: Page): Locator => paymentForm(page).getByRole('group', { name: 'Shipping' });
const delivery = (page: Page): Locator => paymentForm(page).getByRole('group', { name: 'Delivery address' });
const field = (scope: Locator, label: string): Locator => scope.getByLabel(label, { exact: true });
const totalsRow = (page: Page, name: string | RegExp): Locator =>
  main(page).getByRole('table', { name: 'Shoes in this order' }).getByRole('row', { name });

test('a shopper ships by Express to a taxed state, pays it all, and the confirmation and order page say so', async ({
  page,
  account,
  catalog,
  request,
  baseURL,
}) => {
  // The staff set a sales tax for the state (the admin API; shipping untaxed there).
  await signInAsAdmin(request, baseURL!);
  const set = await request.put(`/api/admin/tax-rates/${STATE.code}`, {
    data: { rate: RATE.percent, taxShipping: false },
    headers: sameOrigin(baseURL!),
  });
  expect(set.status(), await set.text()).toBe(200);

  try {
    const { shoe, size } = shoeToBuy(catalog);
    const subtotal = Math.round(shoe.price * 100);
    const tax = taxOf(subtotal);
    const total = subtotal + EXPRESS_CENTS + tax;
    await signInWithSession(page.context(), account);
    await addToCartFromDetail(page, shoe, size);
    await page.goto('/cart');

    // The ways to ship, Standard (free) chosen; the total is the pairs' until a state is typed.
    const standard = shippingChoice(page).getByRole('radio', { name: /^Standard/ });
    const express = shippingChoice(page).getByRole('radio', { name: /^Express/ });
    await expect(standard).toBeChecked();
    await expect(standard).toHaveAccessibleName(
      /^Standard — Free — Arrives \w{3}, \w{3} \d+ – \w{3}, \w{3} \d+$/,
    );
    await expect(express).toHaveAccessibleName(/^Express — \$19\.95 — Arrives /);
    await expect(summaryAmount(page, 'Shipping (Standard)')).toHaveText('Free');
    await expect(payButton(page)).toHaveText(`PAY ${money(subtotal)}`);
    await expect(summaryAmount(page, /^Sales tax/)).toHaveCount(0);

    await express.check();
    await expect(express).toBeChecked();
    await expect(summaryAmount(page, 'Shipping (Express)')).toHaveText('$19.95');
    await expect(payButton(page)).toHaveText(`PAY ${money(subtotal + EXPRESS_CENTS)}`);

    // A new address in the taxed state: the tax shows as the state is typed.
    // With the billing address the same, the delivery name is the card's.
    await field(delivery(page), 'Name on card').fill(DELIVERY.name);
    await field(delivery(page), 'Line 1').fill(DELIVERY.line1);
    await field(delivery(page), 'City').fill(DELIVERY.city);
    await field(delivery(page), 'State').fill(STATE.name);
    await field(delivery(page), 'Postal code').fill(DELIVERY.postalCode);
    await expect(summaryAmount(page, `Sales tax (${RATE.percent}%)`)).toHaveText(money(tax));
    await expect(summaryAmount(page, /^Total$/)).toHaveText(money(total));
    await expect(payButton(page)).toHaveText(`PAY ${money(total)}`);

    const card = paymentForm(page).getByRole('group', { name: 'Card' });
    await field(card, 'Card number').fill(TEST_CARD_NUMBER_TYPED);
    await field(card, 'Expiry (MM/YY)').fill(testCardExpiry());
    await field(card, 'CVC').fill(TEST_CARD_CVC);
    const expressId = await express.getAttribute('value');
    const checkout = page.waitForRequest('**/api/cart/checkout');
    await payButton(page).click();
    // PAY sends the method and the whole total the summary showed.
    expect((await checkout).postDataJSON()).toMatchObject({ amount: total, shippingMethod: expressId });

    // The confirmation: the order's own page, its number, how it ships and when, what it cost.
    await expect(toast(page, 'Payment successful! Your order is confirmed.')).toBeVisible();
    const thanks = main(page).getByRole('heading', { name: /^Thank you! Order SS-\d+ is confirmed$/ });
    await expect(thanks).toBeVisible();
    await expect(page).toHaveURL(/\/order\/[^/]+$/);
    const idPayment = decodeURIComponent(new URL(page.url()).pathname).replace(/^\/order\//, '');
    const answer = await page.request.get(`/api/cart/order/${encodeURIComponent(idPayment)}`);
    const order = (await answer.json()) as {
      number: string;
      amount: number;
      tax: number;
      shipping: { method: string; amount: number; estimate: { from: string; to: string } };
    };
    expect(order).toMatchObject({
      amount: total,
      tax,
      shipping: { method: 'Express', amount: EXPRESS_CENTS },
    });
    const confirmation = main(page).getByRole('region', { name: /^Thank you!/ });
    await expect(thanks).toHaveText(`Thank you! Order ${order.number} is confirmed`);
    await expect(confirmation).toContainText(`Payment id ${idPayment}`);
    await expect(confirmation).toContainText(
      `Express shipping: arrives ${deliveryRange(order.shipping.estimate, { weekday: true })}`,
    );
    await expect(confirmation).toContainText('What happens next');
    await expect(totalsRow(page, 'Shipping (Express)')).toContainText('$19.95');
    await expect(totalsRow(page, `Sales tax (${RATE.percent}%)`)).toContainText(money(tax));
    await expect(totalsRow(page, 'Total')).toContainText(money(total));
    // The cart was emptied (spec §7).
    await expectCartCount(page, 0);
    expect(await storedCart(page)).toEqual([]);

    // A reload keeps the confirmation.
    await page.reload();
    await expect(thanks).toBeVisible();

    // The order's page, opened again later: where it goes, how it ships, when it arrives, its tax.
    // My Orders names it by its number beside its id.
    await page.goto('/account');
    const orders = page.getByRole('region', { name: 'My Orders' });
    await orders.getByRole('button', { name: 'SHOW ORDERS' }).click();
    const listed = orders.getByRole('listitem').filter({ has: page.getByRole('link', { name: idPayment }) });
    await expect(listed).toContainText(order.number);
    await listed.getByRole('link', { name: idPayment }).click();
    await expect(totalsRow(page, 'Total')).toContainText(money(total));
    await expect(thanks).toHaveCount(0);
    await expect(main(page).getByText(order.number, { exact: true })).toBeVisible();
    await expect(main(page).getByRole('region', { name: 'Delivery address' }).locator('address')).toHaveText(
      [DELIVERY.name, DELIVERY.line1, `${DELIVERY.city}, ${STATE.code} ${DELIVERY.postalCode}`].join(''),
    );
    const timeline = main(page).getByRole('region', { name: 'Delivery', exact: true });
    await expect(timeline).toContainText('By Express');
    await expect(timeline).toContainText(`Arrives ${deliveryRange(order.shipping.estimate)}`);
    await expect(totalsRow(page, 'Shipping (Express)')).toContainText('$19.95');
    await expect(totalsRow(page, `Sales tax (${RATE.percent}%)`)).toContainText(money(tax));
  } finally {
    await request.delete(`/api/admin/tax-rates/${STATE.code}`, { headers: sameOrigin(baseURL!) });
  }
});

test('a method no longer offered when paying: the shopper is told and the cart is priced again', async ({
  page,
  account,
  catalog,
}) => {
  const { shoe, size } = shoeToBuy(catalog);
  await signInWithSession(page.context(), account);
  await addToCartFromDetail(page, shoe, size);
  await page.goto('/cart');
  await shippingChoice(page)
    .getByRole('radio', { name: /^Express/ })
    .check();
  await expect(summaryAmount(page, 'Shipping (Express)')).toHaveText('$19.95');
  await field(delivery(page), 'Name on card').fill(DELIVERY.name);
  await field(delivery(page), 'Line 1').fill(DELIVERY.line1);
  await field(delivery(page), 'City').fill(DELIVERY.city);
  await field(delivery(page), 'State').fill('Kentucky');
  await field(delivery(page), 'Postal code').fill('40202');
  const card = paymentForm(page).getByRole('group', { name: 'Card' });
  await field(card, 'Card number').fill(TEST_CARD_NUMBER_TYPED);
  await field(card, 'Expiry (MM/YY)').fill(testCardExpiry());
  await field(card, 'CVC').fill(TEST_CARD_CVC);

  // Staff retired Express meanwhile: the checkout refuses it, as the server does (409).
  const message = 'This shipping method is no longer offered. Choose another and pay again.';
  let quoteAgain: Promise<unknown> | undefined;
  await page.route('**/api/cart/checkout', async (route) => {
    // Only a quote asked after this answer counts.
    quoteAgain = page.waitForRequest('**/api/cart/quote');
    await route.fulfill({ status: 409, json: { error: { code: 'shipping_method_gone', message } } });
  });
  await payButton(page).click();
  await expect(paymentForm(page).getByText(message)).toBeVisible();
  expect(quoteAgain).toBeDefined();
  await quoteAgain;
  await expect(page).toHaveURL(/\/cart$/);
  await expect(payButton(page)).toBeEnabled();
});
