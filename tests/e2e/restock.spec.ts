import { expect, placeOrder, requestAs, signInAsAdminWithSession, test } from './support/admin';
import { signInWithSession } from './support/accounts';
import { loadCatalog, type Shoe } from './support/catalog';
import { newestMailTo, linkIn } from './support/mail';
import { main, toast } from './support/shop';

/**
 * Honest stock and restock alerts (issue 17), on the admin tests' own shop (support/admin.ts): a
 * size sold out is shown and announced as such, the shopper asks to be told when it is back, the
 * administrator adds pairs with the Create size form, and the mail arrives; a size with few pairs
 * says how many are left.
 */
test('a sold-out size is shown, waited for, restocked by the administrator, and the mail arrives', async ({
  page,
  browser,
  ownShop,
  account,
  playwright,
}) => {
  const catalog = await loadCatalog(await playwright.request.newContext({ baseURL: ownShop.baseURL }));
  // A size with few pairs, all of which the shopper buys: it is sold out.
  const pick = catalog.shoes
    .flatMap((shoe: Shoe) =>
      shoe.stock
        .filter((entry) => entry.quantity > 0 && entry.quantity <= 5)
        .map((entry) => ({ shoe, entry })),
    )
    .at(-1)!;
  const { shoe, entry } = pick;
  const shopperRequests = await requestAs(playwright.request, ownShop.baseURL, account);
  await placeOrder(shopperRequests, ownShop.baseURL, shoe, entry.size, entry.quantity);
  await shopperRequests.dispose();

  const shopperContext = await browser.newContext({ baseURL: ownShop.baseURL });
  await signInWithSession(shopperContext, account);
  const shopper = await shopperContext.newPage();
  await shopper.goto(`/shoes/${shoe._id}`);
  const sizePicker = main(shopper).getByRole('combobox', { name: 'Size' }).first();
  const soldOut = sizePicker.getByRole('option', { name: `${entry.size} — sold out` });
  await expect(soldOut).toBeDisabled();

  const alert = main(shopper).getByRole('form', { name: "Email me when it's back" });
  await alert.getByLabel('Sold-out size').selectOption(entry.size);
  // Signed in: their own address, filled in.
  await expect(alert.getByLabel('Your email')).toHaveValue(account.email);
  await alert.getByRole('button', { name: 'Notify me' }).click();
  await expect(alert.getByRole('status')).toHaveText(`We will email you when size ${entry.size} is back.`);

  await signInAsAdminWithSession(page.context(), ownShop);
  await page.goto(`/createsize?shoe=${shoe._id}`);
  const sizeForm = page.getByRole('form', { name: 'Create size' });
  await sizeForm.getByLabel('Size', { exact: true }).fill(entry.size);
  await sizeForm.getByLabel('Quantity', { exact: true }).fill('2');
  await sizeForm.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(toast(page, `Size ${entry.size} now has 2 pairs`)).toBeVisible();

  const mail = await newestMailTo(account.email, /is back at/);
  expect(mail.subject).toBe(`${shoe.name} in size ${entry.size} is back at Sneaker Street`);
  const link = linkIn(mail, `/shoes/${shoe._id}`);
  // Its last word: nothing to unsubscribe from, so no link for it and no list headers.
  expect(mail.text).not.toContain('unsubscribe');
  expect(mail.listUnsubscribe).toBeUndefined();

  // Back in stock, two pairs: the shoe page says so when the size is chosen.
  await shopper.goto(link.pathname);
  const picker = main(shopper).getByRole('combobox', { name: 'Size' }).first();
  await expect(picker.getByRole('option', { name: entry.size, exact: true })).toBeEnabled();
  await picker.selectOption(entry.size);
  await expect(main(shopper).getByText('Only 2 left')).toBeVisible();
  await shopperContext.close();
});
