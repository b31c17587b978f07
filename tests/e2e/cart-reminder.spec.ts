import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { TEST_CARD_NUMBER_TYPED } from '../fixtures/payment';
import {
  createAccount,
  emailField,
  passwordField,
  signInForm,
  signInThroughUi,
  type Account,
} from './support/accounts';
import { expect, signInAsAdminWithSession, testOnShopWithSettings } from './support/admin';
import { loadCatalog, type Shoe } from './support/catalog';
import { gotoWaitsForTakeover } from './support/fixtures';
import { linkIn, newestMailTo } from './support/mail';
import { cartLines, fillPayment, payButton } from './support/payment';
import { addToCartFromDetail, main, toast } from './support/shop';

/**
 * A cart left behind (issue 35 item 2): a signed-in shopper leaves two pairs in the cart, the reminder
 * arrives, the cart is emptied meanwhile, and the mail's link, opened on another device signed out,
 * asks to sign in and brings the pairs back; paid, the dashboard counts the cart recovered with its
 * revenue. On a shop of the file's own whose reminder comes after 2 s untouched, scanned every second.
 */
const test = testOnShopWithSettings({ CART_REMINDER_AFTER: '2s', CART_REMINDER_SCAN_EVERY: '1s' });

async function openPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  gotoWaitsForTakeover(page);
  return page;
}

/** The account's saved cart, as the server holds it. */
async function savedCart(request: APIRequestContext, account: Account) {
  const headers = { Cookie: account.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ') };
  return (await (await request.get('/api/account/cart', { headers })).json()) as {
    version: number;
    lines: unknown[];
  };
}

test('a reminder’s link brings an emptied cart back after signing in, and the paid cart counts as recovered', async ({
  browser,
  page,
  ownShop,
  playwright,
}, testInfo) => {
  // Two devices, a mail between them, a payment and the dashboard.
  test.slow();
  const shop = await playwright.request.newContext({ baseURL: ownShop.baseURL });
  const catalog = await loadCatalog(shop);
  const shoe: Shoe = catalog.shoes.find((candidate) => candidate.stock.some((entry) => entry.quantity >= 3))!;
  const size = shoe.stock.find((entry) => entry.quantity >= 3)!.size;
  const account = await createAccount(playwright.request, ownShop.baseURL, 'reminder');

  // The phone: two pairs in the cart, then the shopper signs in (the cart is saved in one write, so the
  // reminder, due 2 s after it, can only tell of both pairs) and goes away.
  const phone = await browser.newContext({ baseURL: ownShop.baseURL, viewport: { width: 390, height: 844 } });
  const a = await openPage(phone);
  await addToCartFromDetail(a, shoe, size);
  await addToCartFromDetail(a, shoe, size);
  await signInThroughUi(a, account);
  await expect.poll(async () => (await savedCart(shop, account)).lines).toMatchObject([{ quantity: 2 }]);

  const mail = await newestMailTo(account.email, /cart/i);
  expect(mail.text).toContain(`${shoe.name}, size ${size}, qty 2`);
  const unsubscribe = linkIn(mail, '/api/cart-reminders/unsubscribe');
  // A mail program offers its own one-click unsubscribe from the headers, to the same link.
  expect(mail.listUnsubscribe).toEqual({ link: `<${unsubscribe.href}>`, post: 'List-Unsubscribe=One-Click' });
  const restore = linkIn(mail, '/cart');
  expect(restore.searchParams.get('restore')).toBeTruthy();

  // Meanwhile the cart is emptied on the phone.
  await a.goto('/cart');
  await cartLines(a).getByRole('button', { name: 'Remove' }).click();
  await expect(cartLines(a)).toHaveCount(0);
  await expect.poll(async () => (await savedCart(shop, account)).lines.length).toBe(0);
  await phone.close();

  // The laptop, signed out, opens the mail's link: sign in first, then the cart is back.
  const laptop = await browser.newContext({
    baseURL: ownShop.baseURL,
    viewport: { width: 1280, height: 900 },
  });
  const b = await openPage(laptop);
  await b.goto(`${restore.pathname}${restore.search}`);
  await expect(main(b).getByText('to bring back the cart from your reminder.')).toBeVisible();
  await main(b).getByRole('link', { name: 'Sign in' }).click();
  const form = signInForm(b);
  await emailField(form).fill(account.email);
  await passwordField(form).fill(account.password);
  await form.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(toast(b, 'Welcome again!')).toBeVisible();
  await expect(main(b).getByRole('status').filter({ hasText: 'Your cart is back' })).toHaveText(
    'Your cart is back, at today’s prices.',
  );
  // The token is taken out of the address once used.
  await expect(b).toHaveURL(/\/cart$/);
  await expect(cartLines(b)).toHaveCount(1);
  await expect(
    cartLines(b).getByRole('group', { name: `Quantity of ${shoe.name}, size ${size}` }),
  ).toHaveText('2');
  await b.screenshot({ path: testInfo.outputPath('cart-restored-1280.png'), fullPage: true });

  await fillPayment(b, TEST_CARD_NUMBER_TYPED);
  await payButton(b).click();
  await expect(toast(b, 'Payment successful!')).toBeVisible();
  await expect(b).toHaveURL(/\/order\/[^/]+$/);
  const total = await main(b)
    .getByRole('table', { name: 'Shoes in this order' })
    .getByRole('row')
    .last()
    .innerText();

  // The owner's dashboard: one cart reminded, one recovered, with the order's revenue.
  await signInAsAdminWithSession(page.context(), ownShop);
  await page.goto('/admin');
  const card = page.getByRole('region', { name: 'Cart reminders' });
  await expect(card.getByRole('definition')).toHaveText(['1', '1', total.replace(/^Total\s*/, '')]);

  await Promise.all([laptop.close(), shop.dispose()]);
});
