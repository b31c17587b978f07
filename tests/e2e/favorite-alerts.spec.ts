import { createAccount, signInWithSession } from './support/accounts';
import {
  dashboardTable,
  expect,
  searchTable,
  signInAsAdminWithSession,
  testOnShopWithSettings,
} from './support/admin';
import { formatPrice, loadCatalog } from './support/catalog';
import { gotoWaitsForTakeover } from './support/fixtures';
import { linkIn, newestMailTo } from './support/mail';
import { main, toast } from './support/shop';

/**
 * Favorite alerts (issue 35 item 3): the shopper turns them on from the favorites page, the staff
 * lower a favorite's price with the Modify form, the mail arrives, and its link opens the shoe. On a
 * shop of the file's own whose window is 0 s: the digest is due as soon as the change is taken.
 */
const test = testOnShopWithSettings({ FAVORITE_ALERT_WINDOW: '0s' });

test('the shopper turns favorite alerts on, the staff lower the price, the mail arrives and opens the shoe', async ({
  page,
  browser,
  ownShop,
  playwright,
}) => {
  // A shopper's journey and the staff's, on two pages, with a mail between them.
  test.slow();
  const catalog = await loadCatalog(await playwright.request.newContext({ baseURL: ownShop.baseURL }));
  const shoe = catalog.shoes.find((candidate) => candidate.price >= 20 && candidate.stock.length > 0)!;
  const account = await createAccount(playwright.request, ownShop.baseURL, 'favalert');

  const shopperContext = await browser.newContext({ baseURL: ownShop.baseURL });
  await signInWithSession(shopperContext, account);
  const shopper = await shopperContext.newPage();
  gotoWaitsForTakeover(shopper);
  await shopper.goto(`/shoes/${shoe._id}`);
  await main(shopper).getByRole('button', { name: 'Add to favorites' }).click();
  await expect(main(shopper).getByRole('button', { name: 'Remove from favorites' })).toBeVisible();

  await shopper.goto('/favorites');
  const alerts = main(shopper).getByRole('switch', {
    name: 'Email me when a favorite goes on sale or its price drops',
  });
  // Enabled once the setting is read from the server.
  await expect(alerts).toBeEnabled();
  await expect(alerts).not.toBeChecked();
  await alerts.click();
  await expect(alerts).toBeChecked();
  await expect(main(shopper).getByText('We will email you when a favorite goes on sale')).toBeVisible();
  // Saved on the server: still on after a reload.
  await shopper.goto('/favorites');
  await expect(alerts).toBeEnabled();
  await expect(alerts).toBeChecked();

  const lower = shoe.price - 10;
  await signInAsAdminWithSession(page.context(), ownShop);
  await page.goto('/admin');
  const row = await searchTable(dashboardTable(page, 'Shoes'), 'Shoes', shoe.name);
  await row.getByRole('link', { name: `Modify ${shoe.name}` }).click();
  const modifyForm = page.getByRole('form', { name: 'Modify Shoes' });
  await modifyForm.getByLabel('Price', { exact: true }).fill(String(lower));
  await modifyForm.getByLabel('Size', { exact: true }).selectOption(shoe.stock[0]!.size);
  await modifyForm.getByRole('button', { name: 'Modify', exact: true }).click();
  await expect(toast(page, 'Your modified shoe was added to store')).toBeVisible();

  const mail = await newestMailTo(account.email, /at Sneaker Street$/);
  expect(mail.subject).toBe(
    `${shoe.name}: ${formatPrice(shoe.price)} → ${formatPrice(lower)} at Sneaker Street`,
  );
  const unsubscribe = linkIn(mail, '/api/favorite-alerts/unsubscribe');
  // A mail program offers its own one-click unsubscribe from the headers, to the same link.
  expect(mail.listUnsubscribe).toEqual({ link: `<${unsubscribe.href}>`, post: 'List-Unsubscribe=One-Click' });
  const link = linkIn(mail, `/shoes/${shoe._id}`);
  await shopper.goto(link.pathname);
  await expect(main(shopper).getByRole('heading', { level: 1 })).toHaveText(shoe.name);
  await shopperContext.close();
});
