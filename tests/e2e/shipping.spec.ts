import { expect, placeOrder, requestAs, signInAsAdminWithSession, test } from './support/admin';
import { signInWithSession } from './support/accounts';
import { formatPrice, inStockSizes, loadCatalog, shoeWithSizes } from './support/catalog';
import { newestMailTo, linkIn } from './support/mail';
import { main, toast } from './support/shop';

/**
 * After the payment (issue 19): the administrator ships an order from its admin view, the shopper
 * is mailed the tracking link and sees the delivery timeline on the order page; the admin view keeps
 * the order's history. On the admin tests' own shop (support/admin.ts).
 */
test('the administrator ships an order; the shopper gets the tracking link by mail and on the order page', async ({
  page,
  browser,
  ownShop,
  account,
  playwright,
}) => {
  const catalog = await loadCatalog(await playwright.request.newContext({ baseURL: ownShop.baseURL }));
  const shoe = shoeWithSizes(catalog, 1);
  const shopperRequests = await requestAs(playwright.request, ownShop.baseURL, account);
  const idPayment = await placeOrder(shopperRequests, ownShop.baseURL, shoe, inStockSizes(shoe)[0]!);
  await shopperRequests.dispose();

  await signInAsAdminWithSession(page.context(), ownShop);
  await page.goto(`/orders?order=${encodeURIComponent(idPayment)}`);
  const shipping = main(page).getByRole('region', { name: 'Shipping' });
  await shipping.getByLabel('Carrier').selectOption('FedEx');
  await shipping.getByLabel('Tracking number').fill('449044304137821');
  await shipping.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(toast(page, `Order ${idPayment} shipped with FedEx`)).toBeVisible();
  await expect(shipping.getByRole('button', { name: 'Update shipping' })).toBeVisible();
  const history = main(page).getByRole('region', { name: 'History' });
  await expect(history.getByRole('listitem')).toHaveCount(1);
  await expect(history.getByRole('listitem')).toContainText('Shipped FedEx 449044304137821');

  const mail = await newestMailTo(account.email, /is on its way/);
  const tracking = linkIn(mail, '/fedextrack/');
  expect(tracking.href).toBe('https://www.fedex.com/fedextrack/?trknbr=449044304137821');
  const orderLink = linkIn(mail, `/order/${idPayment}`);

  const shopperContext = await browser.newContext({ baseURL: ownShop.baseURL });
  await signInWithSession(shopperContext, account);
  const shopper = await shopperContext.newPage();
  await shopper.goto(orderLink.pathname);
  // The spec's status stays Pending until it is received; the shipment stands beside it.
  const status = main(shopper).locator('dd', { has: shopper.getByText('Pending', { exact: true }) });
  await expect(status).toHaveText('PendingShipped · FedEx');
  const delivery = main(shopper).getByRole('region', { name: 'Delivery' });
  await expect(delivery.getByRole('listitem')).toHaveText([
    /Paid \(done\)/,
    /Shipped \(done\).*FedEx/,
    /Received \(not yet\)/,
  ]);
  await expect(delivery.getByRole('link', { name: /Track your parcel/ })).toHaveAttribute(
    'href',
    tracking.href,
  );
  await shopperContext.close();
});

test('the administrator refunds a pair with an internal reason and a message; the shopper sees the refund and the message only', async ({
  page,
  browser,
  ownShop,
  account,
  playwright,
}) => {
  const catalog = await loadCatalog(await playwright.request.newContext({ baseURL: ownShop.baseURL }));
  const shoe = shoeWithSizes(catalog, 1);
  const shopperRequests = await requestAs(playwright.request, ownShop.baseURL, account);
  const size = inStockSizes(shoe)[0]!;
  const idPayment = await placeOrder(shopperRequests, ownShop.baseURL, shoe, size, 2);
  await shopperRequests.dispose();

  await signInAsAdminWithSession(page.context(), ownShop);
  await page.goto(`/orders?order=${encodeURIComponent(idPayment)}`);
  const refunds = main(page).getByRole('region', { name: 'Refunds' });
  // Nothing chosen, nothing to give back: no "Refund $0" to press.
  await expect(refunds.getByRole('button', { name: 'Refund $0' })).toBeDisabled();
  await refunds.getByLabel(new RegExp(`^Pairs of ${shoe.name}`)).fill('1');
  await refunds.getByLabel('Internal reason').fill('Wrong size');
  await refunds
    .getByLabel('Message to the buyer (optional)')
    .fill('Sorry about the size: one pair is refunded.');
  const pair = formatPrice(shoe.price);
  // Money leaves only once the dialog naming the amount and the pairs is confirmed: Cancel gives nothing back.
  await refunds.getByRole('button', { name: `Refund ${pair}` }).click();
  const confirm = page.getByRole('alertdialog', { name: `Refund ${pair}?` });
  await expect(confirm).toContainText(`1 × ${shoe.name}, size ${size}`);
  await expect(confirm).toContainText(`Back to the card of ${account.email}.`);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(refunds).toContainText('refunded $0');
  await expect(refunds.getByRole('listitem')).toHaveCount(0);
  await refunds.getByRole('button', { name: `Refund ${pair}` }).click();
  await confirm.getByRole('button', { name: `Refund ${pair}` }).click();
  await expect(toast(page, `Refunded ${pair}`)).toBeVisible();
  await expect(refunds.getByRole('listitem')).toContainText([
    `${pair}Wrong sizeTo the buyer: “Sorry about the size: one pair is refunded.”succeeded`,
  ]);
  await expect(main(page).getByRole('region', { name: 'History' }).getByRole('listitem')).toContainText([
    `Refund of ${pair} (Wrong size, told the buyer “Sorry about the size: one pair is refunded.”)`,
  ]);

  const mail = await newestMailTo(account.email, /A refund/);
  expect(mail.text).toContain(`We have refunded ${pair}`);
  // The buyer reads the message meant for them, never the staff's internal reason.
  expect(mail.text).toContain('Sorry about the size: one pair is refunded.');
  expect(mail.text).not.toContain('Wrong size');

  const shopperContext = await browser.newContext({ baseURL: ownShop.baseURL });
  await signInWithSession(shopperContext, account);
  const shopper = await shopperContext.newPage();
  await shopper.goto(`/order/${encodeURIComponent(idPayment)}`);
  const table = main(shopper).getByRole('table', { name: /Shoes in this order/ });
  // The refunded pair is named on its line, and the total is followed by what was finally paid.
  await expect(table.getByRole('row', { name: new RegExp(shoe.name) })).toContainText('1 of 2 refunded');
  await expect(table.getByRole('row').nth(-2)).toHaveText(`Refunded${pair}`);
  const total = Number((await table.getByRole('row').nth(-3).textContent())!.replace(/[^0-9.]/g, ''));
  await expect(table.getByRole('row').last()).toHaveText(
    `Paid after refunds${formatPrice(Math.round((total - shoe.price) * 100) / 100)}`,
  );
  const shown = main(shopper).getByRole('region', { name: 'Refunds' });
  await expect(shown).toContainText('Sorry about the size: one pair is refunded.');
  await expect(shown).not.toContainText('Wrong size');
  await shopperContext.close();
});

test('after the payment service refuses a refund, the next press is a new refund with a new key, not the refused one', async ({
  page,
  ownShop,
  account,
  playwright,
}) => {
  const catalog = await loadCatalog(await playwright.request.newContext({ baseURL: ownShop.baseURL }));
  const shoe = shoeWithSizes(catalog, 1);
  const shopperRequests = await requestAs(playwright.request, ownShop.baseURL, account);
  const idPayment = await placeOrder(shopperRequests, ownShop.baseURL, shoe, inStockSizes(shoe)[0]!);
  await shopperRequests.dispose();

  // The first press gets the shop's answer to a refusal from the payment service (issue 29 item 3);
  // the presses after it reach the shop. Every press's Idempotency-Key is noted.
  const keys: string[] = [];
  await page.route(/\/api\/cart\/order\/[^/]+\/refunds$/, async (route) => {
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    if (keys.length > 1) return route.continue();
    return route.fulfill({
      status: 409,
      contentType: 'application/json',
      // The shop's answer when the provider refuses (fulfilment/service.ts), word for word.
      body: JSON.stringify({
        error: {
          code: 'refund_refused',
          message: 'The payment service refused the refund; nothing was given back. Refund declined.',
        },
      }),
    });
  });
  await signInAsAdminWithSession(page.context(), ownShop);
  await page.goto(`/orders?order=${encodeURIComponent(idPayment)}`);
  const refunds = main(page).getByRole('region', { name: 'Refunds' });
  await refunds.getByLabel(new RegExp(`^Pairs of ${shoe.name}`)).fill('1');
  await refunds.getByLabel('Internal reason').fill('Scuffed box');
  const pair = formatPrice(shoe.price);
  const press = async () => {
    await refunds.getByRole('button', { name: `Refund ${pair}` }).click();
    await page
      .getByRole('alertdialog', { name: `Refund ${pair}?` })
      .getByRole('button', { name: `Refund ${pair}` })
      .click();
  };
  await press();
  await expect(refunds).toContainText('The payment service refused the refund; nothing was given back.');
  await expect(toast(page, `Refunded ${pair}`)).toHaveCount(0);
  await expect(refunds.getByRole('listitem')).toHaveCount(0);

  await press();
  await expect(toast(page, `Refunded ${pair}`)).toBeVisible();
  expect(keys).toHaveLength(2);
  // A new request: the refused refund's key would be refused again (or, before issue 29, answered
  // as if it had gone through).
  expect(keys[1]).toMatch(/\S/);
  expect(keys[1]).not.toBe(keys[0]);
  await expect(refunds.getByRole('listitem')).toHaveCount(1);
});
