import fs from 'node:fs';
import { pdfPlainText } from '../api/support/pdf-text';
import { signInWithSession } from './support/accounts';
import { expect, placeOrder, requestAs, signInAsAdminWithSession, test } from './support/admin';
import { inStockSizes, loadCatalog, shoeWithSizes } from './support/catalog';
import { main } from './support/shop';

/**
 * An order's PDFs (issue 31 item 8): the shopper downloads the invoice from the order page, and the
 * administrator's order view links the packing slip, which has no prices. Headless Chromium has no
 * PDF viewer, so the slip's link is checked and its PDF read through the page's own session.
 */
test('the shopper downloads the invoice from the order page; staff open the packing slip from the order view', async ({
  page,
  browser,
  ownShop,
  account,
  playwright,
}) => {
  // Two sessions and two pages, the admin panel the heaviest: on a busy machine it passed 30 s once.
  test.setTimeout(90_000);
  const catalog = await loadCatalog(await playwright.request.newContext({ baseURL: ownShop.baseURL }));
  const shoe = shoeWithSizes(catalog, 1);
  const shopperRequests = await requestAs(playwright.request, ownShop.baseURL, account);
  const idPayment = await placeOrder(shopperRequests, ownShop.baseURL, shoe, inStockSizes(shoe)[0]!, 2);
  const order = (await (await shopperRequests.get(`/api/cart/order/${idPayment}`)).json()) as {
    number: string;
    amount: number;
  };
  await shopperRequests.dispose();

  const shopperContext = await browser.newContext({ baseURL: ownShop.baseURL, acceptDownloads: true });
  await signInWithSession(shopperContext, account);
  const shopper = await shopperContext.newPage();
  await shopper.goto(`/order/${idPayment}`);
  const link = main(shopper).getByRole('link', { name: 'Download invoice (PDF)' });
  await expect(link).toBeVisible();
  const [download] = await Promise.all([shopper.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe(`invoice-${order.number}.pdf`);
  const pdf = fs.readFileSync(await download.path());
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const invoice = pdfPlainText(pdf);
  expect(invoice).toContain(`Order  ${order.number}`);
  expect(invoice).toContain(shoe.name);
  const total = (order.amount / 100).toLocaleString('en-US', { minimumFractionDigits: 2 });
  expect(invoice).toContain(`Total\n$${total}`);
  // The shopper stayed on the order page.
  await expect(main(shopper).getByRole('heading', { name: 'Your order' })).toBeVisible();
  await shopperContext.close();

  await signInAsAdminWithSession(page.context(), ownShop);
  await page.goto(`/orders?order=${encodeURIComponent(idPayment)}`);
  const slipLink = main(page).getByRole('link', { name: /Print packing slip/ });
  await expect(slipLink).toHaveAttribute('target', '_blank');
  const href = await slipLink.getAttribute('href');
  expect(href).toBe(`/api/cart/order/${idPayment}/packing-slip.pdf`);
  const slip = await page.request.get(href!);
  expect(slip.status()).toBe(200);
  expect(slip.headers()['content-type']).toBe('application/pdf');
  const slipText = pdfPlainText(await slip.body());
  expect(slipText).toContain('Packing slip');
  expect(slipText).toContain(`Order  ${order.number}`);
  expect(slipText).toContain(shoe.name);
  expect(slipText).not.toContain('$');
});
