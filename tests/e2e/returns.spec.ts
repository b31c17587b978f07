import {
  expect,
  dashboardTable,
  placeOrder,
  requestAs,
  searchTable,
  signInAsAdminWithSession,
  test,
} from './support/admin';
import { signInWithSession } from './support/accounts';
import { formatPrice, inStockSizes, loadCatalog, shoeWithSizes } from './support/catalog';
import { linkIn, newestMailTo } from './support/mail';
import { main, toast } from './support/shop';

/**
 * The after-sale path end to end (issue 19): the administrator ships an order and marks it
 * received; the shopper follows the tracking link from the mail, asks to return a pair from the
 * order page; the administrator finds the request in the dashboard's Returns table and approves it
 * with a refund; the shopper sees the refund on the order page and gets the mail.
 */
test('ship, track, ask a return, approve it, receive the pairs with a refund, see the refund', async ({
  page,
  browser,
  ownShop,
  account,
  playwright,
}) => {
  // A journey of several pages and roles: 45-56 s on a busy 2-core machine, near the 60 s default.
  test.slow();
  const catalog = await loadCatalog(await playwright.request.newContext({ baseURL: ownShop.baseURL }));
  const shoe = shoeWithSizes(catalog, 1);
  const size = inStockSizes(shoe)[0]!;
  const shopperRequests = await requestAs(playwright.request, ownShop.baseURL, account);
  const idPayment = await placeOrder(shopperRequests, ownShop.baseURL, shoe, size, 2);
  await shopperRequests.dispose();
  const pair = formatPrice(shoe.price);

  // The administrator ships it, then marks it received.
  await signInAsAdminWithSession(page.context(), ownShop);
  await page.goto(`/orders?order=${encodeURIComponent(idPayment)}`);
  const shipping = main(page).getByRole('region', { name: 'Shipping' });
  await shipping.getByLabel('Carrier').selectOption('UPS');
  await shipping.getByLabel('Tracking number').fill('1Z999AA10123456784');
  await shipping.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(toast(page, `Order ${idPayment} shipped with UPS`)).toBeVisible();
  await main(page).getByRole('button', { name: 'Mark Received' }).click();
  await expect(toast(page, 'Order marked Received')).toBeVisible();

  // The shopper follows the tracking link from the mail (the carrier's site is stood in for).
  const shipped = await newestMailTo(account.email, /is on its way/);
  const tracking = linkIn(shipped, '/track');
  const shopperContext = await browser.newContext({ baseURL: ownShop.baseURL });
  await shopperContext.route(`${tracking.origin}/**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>UPS tracking</title><h1>In transit</h1>' }),
  );
  await signInWithSession(shopperContext, account);
  const shopper = await shopperContext.newPage();
  await shopper.goto(tracking.href);
  await expect(shopper.getByRole('heading', { name: 'In transit' })).toBeVisible();
  expect(new URL(shopper.url()).searchParams.get('tracknum')).toBe('1Z999AA10123456784');

  // ... and asks to return one pair from the order page.
  await shopper.goto(linkIn(shipped, `/order/${idPayment}`).pathname);
  const returns = main(shopper).getByRole('region', { name: 'Returns' });
  await returns.getByRole('button', { name: 'Return items' }).click();
  const form = returns.getByRole('form', { name: 'Return items' });
  await form.getByRole('button', { name: 'Ask for a return' }).click();
  await expect(form.getByRole('alert')).toHaveText('Choose the pairs to return');
  await form.getByLabel(`Pairs of ${shoe.name}, size ${size}, to return`).selectOption('1');
  await form.getByRole('radio', { name: 'Wrong size' }).check();
  await form.getByLabel(/Anything we should know/).fill('Half a size too small');
  await form.getByRole('button', { name: 'Ask for a return' }).click();
  await expect(toast(shopper, 'Return requested: we will mail you our answer')).toBeVisible();
  await expect(returns.getByRole('listitem')).toContainText(['Waiting for an answer']);
  await expect(returns.getByRole('listitem')).toContainText([`1 × ${shoe.name}, size ${size}`]);
  expect((await newestMailTo(account.email, /We received your return request/)).text).toContain(
    `1 x ${shoe.name}, size ${size}`,
  );

  // The administrator finds it in the Returns table, waiting, and approves it: the shopper sends the pairs.
  await page.goto('/admin');
  const table = dashboardTable(page, 'Returns');
  const row = await searchTable(table, 'Returns', idPayment);
  await expect(row).toContainText('requested');
  await row.getByRole('link', { name: /Decide/ }).click();
  const decisions = main(page).getByRole('region', { name: 'Returns' });
  await expect(decisions.getByRole('listitem')).toContainText(['Half a size too small']);
  await decisions.getByRole('button', { name: 'Approve: the shopper sends them back' }).click();
  await expect(
    toast(page, 'Return approved; the shopper is mailed how to send the pairs back'),
  ).toBeVisible();
  await expect(decisions.getByRole('listitem')).toContainText(['Approved']);
  expect((await newestMailTo(account.email, /send the pairs back/)).text).toContain(idPayment);

  // The shopper reads that the return is approved and nothing is refunded yet.
  await shopper.reload();
  await expect(returns.getByRole('listitem')).toContainText(['we refund them when they arrive']);

  // The pairs arrive: the administrator marks them received, which refunds them.
  await decisions.getByRole('button', { name: `Pairs received: refund ${pair}` }).click();
  await expect(toast(page, `Pairs received: ${pair} refunded`)).toBeVisible();
  await expect(decisions.getByRole('listitem')).toContainText(['Received and refunded']);
  await expect(main(page).getByRole('region', { name: 'History' }).getByRole('listitem')).toContainText([
    'Return asked by the shopper',
    'Return approved',
    `Refund of ${pair} (Return: Wrong size)`,
    'Return received: its pairs are back',
  ]);

  // The shopper sees the refund on the order page, and is mailed.
  await shopper.reload();
  await expect(returns.getByRole('listitem')).toContainText(['Received and refunded']);
  await expect(returns.getByRole('listitem')).toContainText([`Refunded ${pair}`]);
  const lines = main(shopper).getByRole('table', { name: /Shoes in this order/ });
  await expect(lines.getByRole('row').nth(-2)).toHaveText(`Refunded${pair}`);
  await expect(lines.getByRole('row', { name: new RegExp(shoe.name) })).toContainText('1 of 2 refunded');
  expect((await newestMailTo(account.email, /is refunded/)).text).toContain(`refunded ${pair}`);
  await shopperContext.close();
});
