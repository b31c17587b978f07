import type { APIRequest, Page } from '@playwright/test';
import { sameOrigin, signInWithSession, type Account } from './support/accounts';
import { expect, testOnShopOfItsOwn as test, type OwnShop } from './support/admin';
import { expectNoAxeViolations } from './support/axe';
import type { Shoe } from './support/catalog';
import { fillDropCardForm } from './support/drops';
import { linkIn, newestMailTo } from './support/mail';
import { expectPath, main, toast } from './support/shop';

/**
 * A first-come drop (issue 36 item 2b), on a shop of the file's own: a live drop sells its shoe by
 * the drop alone and the pair bought takes stock, which the shared shop's tests must not see. The
 * shopper confirms their address by the mailed link (drops need a confirmed email).
 */

// One after the other on one shop: starting a second shop costs more than the tests take.
test.describe.configure({ mode: 'default' });

const CONFIRM_SUBJECT = /^Confirm your Sneaker Street email address$/;

const waitingRoom = (page: Page) => main(page).getByRole('region', { name: 'Waiting room', exact: true });
const buyForm = (page: Page) => page.getByRole('form', { name: 'It’s your turn' });
const announced = (page: Page, text: string) => main(page).getByRole('status').filter({ hasText: text });

interface Sale {
  dropId: string;
  shoe: Shoe;
  size: string;
}

/**
 * Staff schedule, through the API, a first-come sale of a shoe opening in `opensInMs`, letting 600
 * shoppers in a minute; `pick` chooses among the shoes with 2 pairs of a size (a shoe has one drop
 * at a time). The shopper signs in on `page` and confirms their address by the mailed link.
 */
async function saleForConfirmedShopper(
  {
    page,
    requests,
    ownShop,
    account,
  }: { page: Page; requests: APIRequest; ownShop: OwnShop; account: Account },
  { opensInMs, pick }: { opensInMs: number; pick: (shoes: Shoe[]) => Shoe },
): Promise<Sale> {
  const { baseURL } = ownShop;
  const staff = await requests.newContext({
    baseURL,
    storageState: { cookies: ownShop.adminCookies, origins: [] },
  });
  const shoes = (await (await staff.get('/api/shoes?limit=20')).json()) as Shoe[];
  const shoe = pick(shoes.filter((candidate) => candidate.stock.some((entry) => entry.quantity >= 2)));
  const size = shoe.stock.find((entry) => entry.quantity >= 2)!.size;
  const scheduled = await staff.post('/api/admin/drops', {
    headers: sameOrigin(baseURL),
    data: {
      shoeId: shoe._id,
      mode: 'first_come',
      opensAt: new Date(Date.now() + opensInMs).toISOString(),
      closesAt: new Date(Date.now() + 3_600_000).toISOString(),
      sizes: [{ size, pairs: 2 }],
      admitPerMinute: 600,
      minutesToPay: 5,
    },
  });
  expect(scheduled.status(), await scheduled.text()).toBe(201);
  const dropId = ((await scheduled.json()) as { _id: string })._id;
  await staff.dispose();

  await signInWithSession(page.context(), account);
  await page.goto(linkIn(await newestMailTo(account.email, CONFIRM_SUBJECT), '/verify-email').href);
  await expect(main(page).getByRole('status')).toContainText('Your email address is confirmed');
  return { dropId, shoe, size };
}

test('a confirmed shopper joins a first-come drop’s waiting room, is let in and buys a pair @phone', async ({
  page,
  playwright,
  ownShop,
  account,
}) => {
  // Staff through the API, a shopper through several pages, on a shop of its own.
  test.slow();
  const { dropId, shoe, size } = await saleForConfirmedShopper(
    { page, requests: playwright.request, ownShop, account },
    { opensInMs: 0, pick: (shoes) => shoes[0]! },
  );

  // The server's page, before any script: the room and an inert Join button (who is asking, and
  // whether they have a place, are the browser's to find out).
  const html = await (await page.request.get(`/drops/${dropId}`)).text();
  expect(html).toContain('How the waiting room works');
  expect(html).toMatch(/<button type="button" disabled=""[^>]*>(?:(?!<\/button>).)*Join the waiting room/s);

  await page.goto(`/drops/${dropId}`);
  const room = waitingRoom(page);
  await expect(main(page).getByRole('region', { name: 'How the waiting room works' })).toBeVisible();
  await room.getByRole('button', { name: 'Join the waiting room' }).click();

  // First in line and let in at once: the buy form, with the time to pay counting down.
  const form = buyForm(page);
  // The focus goes from the Join button, gone, to what took its place.
  await expect(form.getByRole('heading', { name: 'It’s your turn' })).toBeFocused();
  await expect(form.getByText(/^Pay before \d{1,2}:\d{2} [AP]M$/)).toBeVisible();
  await expect(form.getByRole('timer')).toBeVisible();
  await expect(room).toHaveCount(0);
  const place = await page.request.get(`/api/drops/${dropId}/queue`);
  expect(place.status()).toBe(200);
  expect(await place.json()).toMatchObject({ status: 'admitted', place: 1, ahead: 0 });

  // A reload keeps the place: the page reads it from the shopper's cookie.
  await page.goto(`/drops/${dropId}`);
  await expect(form.getByRole('timer')).toBeVisible();
  await expect(form.getByLabel('Size', { exact: true }).locator('option')).toHaveText(['Choose size', size]);
  await expectNoAxeViolations(page);

  await fillDropCardForm(form, size);
  // Shipped as the shopper chooses among the shop's methods, priced as the order will be.
  const shipping = form.getByRole('group', { name: 'Shipping' });
  await shipping.getByRole('radio', { name: /^Express/ }).check();
  const price = form.getByRole('status').filter({ hasText: 'You pay' });
  await expect(price).toContainText('shipping $19.95');
  await expect(price).toHaveAttribute('aria-busy', 'false');
  await form.getByRole('button', { name: 'Buy now' }).click();

  // The server's message, and the order the purchase became.
  const bought = `You got a pair in size ${size}: your order is placed.`;
  await expect(toast(page, bought)).toBeVisible();
  const pair = main(page).getByRole('region', { name: 'Your pair' });
  await expect(pair).toContainText(bought);
  await expect(pair).toContainText('Card ending 4242');
  await expect(pair.getByRole('heading', { name: 'Your pair' })).toBeFocused();
  await expect(form).toHaveCount(0);

  // Reloaded, the page still shows the pair bought.
  await page.goto(`/drops/${dropId}`);
  await expect(pair).toContainText(bought);
  await pair.getByRole('link', { name: 'View your order' }).click();
  await expect(page).toHaveURL(/\/order\/[^/]+$/);
  await expect(main(page)).toContainText(shoe.name);
  await expect(main(page)).toContainText('Express');

  // The account lists it among the shopper's drops, with its order.
  await page.goto('/account');
  const entries = main(page).getByRole('region', { name: 'Your drop entries' });
  await expect(entries).toContainText(shoe.name);
  await expect(entries).toContainText('You got a pair');
  await expect(entries.getByRole('link', { name: 'View your order' })).toBeVisible();
  await entries.getByRole('link', { name: 'View the drop' }).click();
  await expectPath(page, `/drops/${dropId}`);
  await expect(pair).toContainText(bought);

  // Staff see a sale: on sale, who joined, and the purchase bought, in a sale's words, not a draw's.
  const staff = await page.context().browser()!.newContext({ baseURL: ownShop.baseURL });
  try {
    await staff.addCookies(ownShop.adminCookies);
    const admin = await staff.newPage();
    await admin.goto(`/managedrops?drop=${dropId}`);
    const detail = admin.getByRole('region', { name: `Drop of ${shoe.name}` });
    await expect(detail.getByText('On sale', { exact: true })).toBeVisible();
    await expect(detail).toContainText('1 joined · let in 600 a minute, 5 minutes to pay');
    const purchases = detail.getByRole('region', { name: 'Purchases' });
    const purchase = purchases.getByRole('listitem').filter({ hasText: account.email });
    await expect(purchase.getByText(`Size ${size}`, { exact: true })).toBeVisible();
    await expect(purchase.getByText('bought', { exact: true })).toBeVisible();
    await expect(detail.getByText('Entries', { exact: true })).toHaveCount(0);
  } finally {
    await staff.close();
  }
});

test('a shopper who joins before the opening waits for it, and is let in when it opens', async ({
  page,
  playwright,
  ownShop,
  account,
}) => {
  test.slow();
  const { dropId } = await saleForConfirmedShopper(
    { page, requests: playwright.request, ownShop, account },
    // Not the other test’s shoe, as both run on one shop; 40 s leave a loaded machine time to join first.
    { opensInMs: 40_000, pick: (shoes) => shoes.at(-1)! },
  );
  await page.goto(`/drops/${dropId}`);
  const room = waitingRoom(page);
  await room.getByRole('button', { name: 'Join the waiting room' }).click();

  // In early: no place yet, no need to rush, a countdown to the opening.
  await expect(room).toContainText('Your place is drawn at random when the drop opens');
  await expect(room.getByText('The drop opens in')).toBeVisible();
  await expect(announced(page, 'You are in the waiting room')).toBeAttached();

  // The page asks again as the server says; at the opening the place is drawn, and it is let in.
  await expect(buyForm(page).getByRole('timer')).toBeVisible({ timeout: 70_000 });
  await expect(announced(page, 'It’s your turn')).toBeAttached();
  const place = await page.request.get(`/api/drops/${dropId}/queue`);
  expect(await place.json()).toMatchObject({ status: 'admitted', place: 1 });
});
