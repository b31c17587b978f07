// One file because its tests take turns on the admin tests' own shop in one worker, and the first is
// one long story of an administrator's day.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  adminLink,
  adminSecretOf,
  createAccount,
  expectSignedOut,
  profileCard,
  sameOrigin,
  signInWithSession,
} from './support/accounts';
import {
  dashboardTable,
  expect,
  lettersName,
  placeOrder,
  pngImage,
  requestAs,
  searchTable,
  signInAsAdminWithSession,
  test,
} from './support/admin';
import { expectNoAxeViolations } from './support/axe';
import { inStockSizes, loadCatalog, shoeWithSizes, type Shoe } from './support/catalog';
import { ADMIN } from './support/identities';
import { setUpTwoFactor, signInWithCodeThroughUi } from './support/two-factor';
import { brandLinks, brandsButton, cardNames, expectPath, header, main, toast } from './support/shop';

/**
 * The admin panel (spec §2 "Admin dashboard" and "Admin forms", §5, §8). Every test here runs
 * against the admin tests' own shop (support/admin.ts: `baseURL` is overridden), so the brand and
 * shoe they add, and the shoe they put on sale, never show in the shared catalogue the other specs
 * count. The tests share that shop one after the other, in one worker.
 */
test.describe.configure({ mode: 'default' });

const ADMIN_PATHS = [
  '/admin',
  '/orders',
  '/createshoes',
  '/createbrand',
  '/createsize',
  '/modifshoe',
  '/discountcode',
];
const CONFIRM_DELETE = "Are you sure? You won't be able to revert this!";

const form = (page: Page, name: string): Locator => page.getByRole('form', { name });
const field = (scope: Locator, label: string): Locator => scope.getByLabel(label, { exact: true });
const deals = (page: Page): Locator => page.getByRole('region', { name: 'Hot deals' });
const slides = (page: Page): Locator => deals(page).getByRole('group', { name: /^\d+ of \d+$/ });

/** One fact of the /orders page ('Email', 'Payment id', 'Date', 'Amount', 'Status'). */
const orderFact = (page: Page, term: string): Locator =>
  main(page)
    .locator('dl > div')
    .filter({ has: page.getByRole('term').filter({ hasText: term }) })
    .getByRole('definition');

/** A field shows `message` under it (its accessible description) and is marked invalid. */
async function expectFieldError(input: Locator, message: string): Promise<void> {
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await expect(input).toHaveAccessibleDescription(new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
}

async function expectNoFieldError(input: Locator): Promise<void> {
  await expect(input).not.toHaveAttribute('aria-invalid', 'true');
}

/** Opens the dialog of a row's Delete button, checks its question and confirms. */
async function confirmDelete(page: Page, button: Locator): Promise<void> {
  await button.click();
  const dialog = page.getByRole('alertdialog', { name: CONFIRM_DELETE });
  await expect(dialog).toBeVisible();
  // The safe choice has the focus.
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Yes, delete it!' }).click();
  await expect(dialog).toBeHidden();
}

/** Nothing on the page is still loading (page, tables, figures). */
async function expectLoaded(page: Page): Promise<void> {
  await expect(main(page).getByText('LOADING...')).toHaveCount(0);
  await expect(main(page).getByText('Loading', { exact: true })).toHaveCount(0);
}

/** The first shoe of the store's listing, as the API serves it. */
async function firstShoe(request: APIRequestContext): Promise<Shoe> {
  const answer = await request.get('/api/shoes?limit=1');
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as Shoe[])[0]!;
}

test.describe('admin panel', () => {
  test('the administrator adds a brand and a shoe, sells it, ships an order, disables a user and cleans up', async ({
    browser,
    playwright,
    page,
    baseURL,
  }) => {
    // About twenty pages and forms in three browser contexts: 27 s alone, up to 52 s beside the other
    // worker on a busy 2-core machine. The budget is twice that, for the work this test does.
    test.setTimeout(120_000);
    const brand = lettersName('Brand');
    const name = lettersName('Shoe');
    const renamed = `${name} Max`;

    // Beforehand, through the API: a shopper with an order to ship, and one to disable.
    const [buyer, outcast] = await Promise.all([
      createAccount(playwright.request, baseURL!, 'admin-buyer'),
      createAccount(playwright.request, baseURL!, 'admin-outcast'),
    ]);
    const buyerRequest = await requestAs(playwright.request, baseURL!, buyer);
    const catalog = await loadCatalog(buyerRequest);
    const bought = shoeWithSizes(catalog, 1);
    const idPayment = await placeOrder(buyerRequest, baseURL!, bought, inStockSizes(bought)[0]!);
    await buyerRequest.dispose();

    // The administrator signs in through the pages (password, then the authenticator's code) and
    // opens the dashboard from the header.
    await signInWithCodeThroughUi(page, ADMIN, adminSecretOf(baseURL!));
    await adminLink(page).click();
    await expectPath(page, '/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const tools = page.getByRole('navigation', { name: 'Admin tools' });

    // A brand (the server's message is the toast); it joins the BRANDS menu at once.
    await tools.getByRole('link', { name: /^Create Brand/ }).click();
    await expectPath(page, '/createbrand');
    const brandForm = form(page, 'Create Brand');
    await field(brandForm, 'Name of brand').fill(brand);
    await brandForm.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(toast(page, `The brand ${brand} was added to store`)).toBeVisible();
    await expect(field(brandForm, 'Name of brand')).toHaveValue('');
    await expect(page.getByRole('region', { name: 'Brands in the store' })).toContainText(brand);
    await brandsButton(page).click();
    await expect(brandLinks(page).getByText(brand, { exact: true })).toBeVisible();
    await page.keyboard.press('Escape');

    // A shoe of that brand with an image, at $2; the upload shows its progress.
    await page.getByRole('link', { name: 'Back to Admin' }).click();
    await tools.getByRole('link', { name: /^Create Shoes/ }).click();
    await expectPath(page, '/createshoes');
    const shoeForm = form(page, 'Create Shoes');
    await field(shoeForm, 'Brand').selectOption(brand);
    await field(shoeForm, 'Name').fill(name);
    await field(shoeForm, 'Color').fill('Ocean Blue');
    await field(shoeForm, 'Price').fill('2');
    await field(shoeForm, 'Size').fill('9');
    await field(shoeForm, 'Quantity').fill('5');
    await field(shoeForm, 'Description').fill('Light, quick and comfy. Made for long days.');
    await field(shoeForm, 'Image').setInputFiles({
      name: 'new-shoe.png',
      mimeType: 'image/png',
      buffer: await pngImage(),
    });
    await expect(shoeForm.getByRole('img', { name: 'Preview of the chosen image' })).toBeVisible();

    // Hold the upload so its progress bar can be seen.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/shoes', async (route) => {
      if (route.request().method() === 'POST') await released;
      await route.continue();
    });
    await shoeForm.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(shoeForm.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
    await expect(shoeForm.getByRole('button', { name: 'Creating...' })).toBeDisabled();
    release();
    await expect(toast(page, 'Your shoe was added to store')).toBeVisible();
    await page.unroute('**/api/shoes');
    await expect(shoeForm.getByRole('progressbar')).toHaveCount(0);
    const created = shoeForm.getByRole('status');
    await expect(created).toContainText(`Your shoe was added to store: ${name}.`);
    // The form is empty for the next shoe.
    await expect(field(shoeForm, 'Name')).toHaveValue('');
    const shoeId = (await created.getByRole('link', { name: 'View in store' }).getAttribute('href'))!.replace(
      /^\/shoes\//,
      '',
    );
    // The server stored the upload as a WebP and serves it.
    const stored = (await (await page.request.get(`/api/shoes/${shoeId}`)).json()) as Shoe;
    expect(stored).toMatchObject({ name, brand, price: 2, onSale: false });
    const image = await page.request.get(stored.image);
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/webp');

    // A second size, from the notice's link; the server's message is the toast.
    await created.getByRole('link', { name: 'Add sizes' }).click();
    await expectPath(page, '/createsize');
    const selected = page.getByRole('region', { name: 'Selected shoe' });
    await expect(selected).toContainText(name);
    const sizeForm = form(page, 'Create size');
    await field(sizeForm, 'Size').fill('10');
    await field(sizeForm, 'Quantity').fill('3');
    await sizeForm.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(toast(page, 'Size 10 added with 3 pairs')).toBeVisible();
    const sizes = selected.getByRole('list', { name: 'Sizes in stock' }).getByRole('listitem');
    // Each size with its generated SKU (issue 33 item 2).
    await expect(sizes).toHaveText([
      /^9\s*5 pairs\s*SKU SN-[0-9A-F]{12}-090$/,
      /^10\s*3 pairs\s*SKU SN-[0-9A-F]{12}-100$/,
    ]);

    // Modify it from the dashboard: a new name, $1, and 4 pairs of size 10; back to /admin.
    await page.getByRole('link', { name: 'Back to Admin' }).click();
    const shoes = dashboardTable(page, 'Shoes');
    let row = await searchTable(shoes, 'Shoes', name);
    await row.getByRole('link', { name: `Modify ${name}` }).click();
    await expectPath(page, '/modifshoe');
    const modifyForm = form(page, 'Modify Shoes');
    await expect(field(modifyForm, 'Name')).toHaveValue(name);
    await expect(field(modifyForm, 'Brand')).toHaveValue(brand);
    await expect(field(modifyForm, 'Price')).toHaveValue('2');
    await expect(field(modifyForm, 'Size').getByRole('option')).toHaveText(['Choose size', '9', '10']);
    await field(modifyForm, 'Name').fill(renamed);
    await field(modifyForm, 'Price').fill('1');
    await field(modifyForm, 'Size').selectOption('10');
    await expect(field(modifyForm, 'Quantity')).toHaveValue('3');
    await field(modifyForm, 'Quantity').fill('4');
    await modifyForm.getByRole('button', { name: 'Modify', exact: true }).click();
    await expect(toast(page, 'Your modified shoe was added to store')).toBeVisible();
    await expectPath(page, '/admin');

    // On sale, from the dashboard's shoes table.
    row = await searchTable(shoes, 'Shoes', renamed);
    await expect(row.getByRole('cell')).toContainText([brand, '$1', 'Off', '9 pairs']);
    const onSale = row.getByRole('switch', { name: `On sale: ${renamed}` });
    await expect(onSale).not.toBeChecked();
    await onSale.click();
    await expect(toast(page, `${renamed} is now on sale`)).toBeVisible();
    await expect(onSale).toBeChecked();

    // The cheapest deal leads the home carousel and /sale.
    await page.goto('/');
    const lead = slides(page).first();
    await expect(lead.getByText(renamed, { exact: true })).toBeAttached();
    await expect(lead.getByText(brand, { exact: true })).toBeAttached();
    await expect(lead.getByText('SALE $1', { exact: true })).toBeAttached();
    await expect(lead.getByRole('link')).toHaveAttribute('href', `/shoes/${shoeId}`);
    await page.goto('/sale');
    await expect(cardNames(main(page)).first()).toHaveText(renamed);

    // The order, found by the buyer's email, is marked Received.
    await page.goto('/admin');
    const orders = dashboardTable(page, 'Orders');
    row = await searchTable(orders, 'Orders', buyer.email);
    await expect(row.getByRole('rowheader')).toHaveText(idPayment);
    await row.getByRole('button', { name: 'Mark Received' }).click();
    await expect(toast(page, 'Order marked Received')).toBeVisible();
    await expect(row.getByRole('button', { name: 'Mark Pending' })).toBeVisible();
    await row.getByRole('link', { name: `View order ${idPayment}` }).click();
    await expectPath(page, '/orders');
    await expect(page).toHaveURL((url) => url.searchParams.get('order') === idPayment);
    await expect(orderFact(page, 'Payment id')).toHaveText(idPayment);
    await expect(orderFact(page, 'Email')).toHaveText(buyer.email);
    await expect(orderFact(page, 'Status')).toContainText('Received');
    await expect(main(page).getByRole('table', { name: /^Shoes in this order/ })).toContainText(bought.name);
    await expectNoAxeViolations(page, { seriousOnly: false });
    await expect(page.getByRole('link', { name: 'Back to Admin' })).toHaveAttribute('href', '/admin');

    // A shopper signed in elsewhere is disabled, and thrown out on their next visit (spec §4).
    const elsewhere = await browser.newContext({ baseURL: baseURL! });
    try {
      await signInWithSession(elsewhere, outcast);
      const outcastPage = await elsewhere.newPage();
      await outcastPage.goto('/account');
      await expect(profileCard(outcastPage)).toContainText(outcast.email);

      await page.getByRole('link', { name: 'Back to Admin' }).click();
      const users = dashboardTable(page, 'Users');
      row = await searchTable(users, 'Users', outcast.email);
      const enabled = row.getByRole('switch', { name: `Enabled: ${outcast.email}` });
      await expect(enabled).toBeChecked();
      await enabled.click();
      await expect(toast(page, `${outcast.email} is now Disabled`)).toBeVisible();
      await expect(enabled).not.toBeChecked();

      await outcastPage.reload();
      await expect(toast(outcastPage, 'Your account is Disabled or Eliminated')).toBeVisible();
      await expectPath(outcastPage, '/');
      await expectSignedOut(outcastPage);
    } finally {
      await elsewhere.close();
    }

    // The brand cannot go while it has a shoe; the shoe goes, then the brand.
    const brands = dashboardTable(page, 'Brands');
    row = await searchTable(brands, 'Brands', brand);
    await confirmDelete(page, row.getByRole('button', { name: `Delete ${brand}` }));
    await expect(toast(page, 'This brand still has shoes: delete them first')).toBeVisible();
    await expect(row).toBeVisible();

    row = await searchTable(shoes, 'Shoes', renamed);
    await confirmDelete(page, row.getByRole('button', { name: `Delete ${renamed}` }));
    await expect(toast(page, 'Deleted!')).toBeVisible();
    await expect(shoes.getByRole('row').filter({ hasText: renamed })).toHaveCount(0);

    // A fresh dashboard, so the next 'Deleted!' is the brand's own.
    await page.reload();
    row = await searchTable(brands, 'Brands', brand);
    await confirmDelete(page, row.getByRole('button', { name: `Delete ${brand}` }));
    await expect(toast(page, 'Deleted!')).toBeVisible();
    await expect(brands.getByText('No brands match your search.')).toBeVisible();

    // Gone from the store.
    expect((await page.request.get(`/api/shoes/${shoeId}`)).status()).toBe(404);
    const left = (await (await page.request.get('/api/brands')).json()) as { name: string }[];
    expect(left.map((entry) => entry.name)).not.toContain(brand);
    await page.goto('/');
    await expect(slides(page).first()).toBeAttached();
    await expect(deals(page).getByText(renamed, { exact: true })).toHaveCount(0);
    await brandsButton(page).click();
    await expect(brandLinks(page).first()).toBeVisible();
    await expect(header(page).getByText(brand, { exact: true })).toHaveCount(0);
  });

  test('the admin forms explain their rules, only for the fields touched', async ({ page, ownShop }) => {
    await signInAsAdminWithSession(page.context(), ownShop);
    await page.goto('/createshoes');
    const shoeForm = form(page, 'Create Shoes');
    const cases = [
      { label: 'Name', bad: '', good: 'Cloud Runner', message: 'Enter a valid name' },
      {
        label: 'Name',
        bad: 'Runner!!',
        good: 'Cloud Runner 2',
        message: "The shoes' name can only contain letters and spaces",
      },
      { label: 'Color', bad: 'Red5', good: 'Red', message: 'The color can only contain letters and spaces' },
      { label: 'Price', bad: 'abc', good: '120', message: 'Only numbers' },
      { label: 'Price', bad: '', good: '120', message: 'Enter a valid price' },
      { label: 'Size', bad: 'nine', good: '9.5', message: 'only numbers' },
      { label: 'Quantity', bad: '', good: '4', message: 'Enter a valid quantity' },
      {
        label: 'Description',
        bad: 'Great! <b>bold</b>',
        good: 'Soft, light and quick.',
        message: 'The description can only contain letters and spaces',
      },
    ];
    const labels = ['Brand', ...new Set(cases.map((entry) => entry.label)), 'Image'];
    for (const [index, { label, bad, good, message }] of cases.entries()) {
      const input = field(shoeForm, label);
      const touchedBefore = cases.slice(0, index).some((entry) => entry.label === label);
      await input.fill(bad);
      // Still in a field never left: not touched yet, no message.
      if (!touchedBefore) await expectNoFieldError(input);
      await input.blur();
      await expectFieldError(input, message);
      // The fields not touched yet stay quiet.
      const touched = new Set(cases.slice(0, index + 1).map((entry) => entry.label));
      for (const other of labels.filter((candidate) => !touched.has(candidate))) {
        await expectNoFieldError(field(shoeForm, other));
      }
      await input.fill(good);
      await expectNoFieldError(input);
    }
    // Create touches everything: the brand and the image are still missing, and nothing is sent.
    let sent = false;
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/shoes') sent = true;
    });
    await shoeForm.getByRole('button', { name: 'Create', exact: true }).click();
    await expectFieldError(field(shoeForm, 'Brand'), 'Enter a valid brand');
    await expectFieldError(field(shoeForm, 'Image'), 'Add a valid image');
    await expect(field(shoeForm, 'Brand')).toBeFocused();
    for (const label of ['Name', 'Color', 'Price', 'Size', 'Quantity', 'Description']) {
      await expectNoFieldError(field(shoeForm, label));
    }
    expect(sent).toBe(false);

    // Create Brand.
    await page.goto('/createbrand');
    const brandForm = form(page, 'Create Brand');
    const brandName = field(brandForm, 'Name of brand');
    await brandName.fill('');
    await brandName.blur();
    await expectFieldError(brandName, 'Enter a valid brand name');
    await brandName.fill('Brand 9');
    await expectFieldError(brandName, 'The name can only contain letters and spaces');

    // Create size, for a shoe of the store.
    const shoe = await firstShoe(page.request);
    await page.goto(`/createsize?shoe=${shoe._id}`);
    const sizeForm = form(page, 'Create size');
    await field(sizeForm, 'Size').fill('nine');
    await field(sizeForm, 'Size').blur();
    await expectFieldError(field(sizeForm, 'Size'), 'The size can only contain number');
    await expectNoFieldError(field(sizeForm, 'Quantity'));
    await field(sizeForm, 'Quantity').fill('a few');
    await field(sizeForm, 'Quantity').blur();
    await expectFieldError(field(sizeForm, 'Quantity'), 'The quantity can only contain number');
    await field(sizeForm, 'Quantity').fill('');
    await expectFieldError(field(sizeForm, 'Quantity'), 'Enter a valid quantity');
    await field(sizeForm, 'Size').fill('');
    await expectFieldError(field(sizeForm, 'Size'), 'Enter a valid size');
  });

  test('the admin pages send visitors and shoppers home', async ({ playwright, page, baseURL }) => {
    // A visitor.
    for (const path of ADMIN_PATHS) {
      await page.goto(path);
      await expectPath(page, '/');
    }

    const shopper = await createAccount(playwright.request, baseURL!, 'admin-guard-shopper');
    // A signed-in shopper.
    await signInWithSession(page.context(), shopper);
    for (const path of ADMIN_PATHS) {
      await page.goto(path);
      await expectPath(page, '/');
      await expect(header(page).getByRole('link', { name: 'Account', exact: true })).toHaveAttribute(
        'href',
        '/account',
      );
    }
    await expect(adminLink(page)).toHaveCount(0);
  });

  test('the admin pages let a manager in, after two-step sign-in is set up', async ({
    browser,
    playwright,
    ownShop,
    baseURL,
  }) => {
    const manager = await createAccount(playwright.request, baseURL!, 'admin-guard-manager');
    // The administrator makes the shopper a manager (through the API), who may open the panel.
    const admin = await playwright.request.newContext({
      baseURL: baseURL!,
      storageState: { cookies: ownShop.adminCookies, origins: [] },
    });
    try {
      const promoted = await admin.put(`/api/users/${manager.id}`, {
        data: { manager: true },
        headers: sameOrigin(baseURL!),
      });
      expect(promoted.status(), await promoted.text()).toBe(200);
    } finally {
      await admin.dispose();
    }
    const managerContext = await browser.newContext({ baseURL: baseURL! });
    try {
      await signInWithSession(managerContext, manager);
      const managerPage = await managerContext.newPage();
      await managerPage.goto('/admin');
      await expectPath(managerPage, '/admin');
      // Staff need two-step sign-in: until it is on, the panel shows only its setup.
      await expect(
        managerPage.getByRole('heading', { level: 1, name: 'Set up two-step sign-in' }),
      ).toBeVisible();
      await expect(managerPage.getByRole('heading', { name: 'Dashboard' })).toHaveCount(0);
      await setUpTwoFactor(managerPage, main(managerPage), manager.password);
      await expect(managerPage.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
      await expect(adminLink(managerPage)).toHaveAttribute('href', '/admin');
      await managerPage.goto('/createshoes');
      await expect(form(managerPage, 'Create Shoes')).toBeVisible();
    } finally {
      await managerContext.close();
    }
  });

  // Each admin page analysed by axe, one test each: together they took 55-72 s on a busy 2-core machine.
  const axePages: {
    label: string;
    path: (shoe: Shoe) => string;
    ready: (page: Page, shoe: Shoe) => Promise<void>;
  }[] = [
    {
      label: '/admin',
      path: () => '/admin',
      ready: async (page) => {
        await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
        for (const title of ['Users', 'Shoes', 'Brands'] as const) {
          await expect(dashboardTable(page, title).getByRole('row').nth(1)).toBeVisible();
        }
      },
    },
    {
      label: '/createshoes',
      path: () => '/createshoes',
      ready: async (page) => {
        await expect(field(form(page, 'Create Shoes'), 'Brand')).toBeEnabled();
      },
    },
    {
      label: '/discountcode',
      path: () => '/discountcode',
      ready: async (page) => {
        await expect(field(form(page, 'Create discount code'), 'Code')).toBeEditable();
      },
    },
    {
      label: '/createbrand',
      path: () => '/createbrand',
      ready: async (page) => {
        await expect(page.getByRole('region', { name: 'Brands in the store' })).toBeVisible();
      },
    },
    {
      label: '/modifshoe',
      path: (shoe) => `/modifshoe?shoe=${shoe._id}`,
      ready: async (page, shoe) => {
        await expect(field(form(page, 'Modify Shoes'), 'Name')).toHaveValue(shoe.name);
      },
    },
    {
      label: '/createsize',
      path: (shoe) => `/createsize?shoe=${shoe._id}`,
      ready: async (page, shoe) => {
        await expect(page.getByRole('region', { name: 'Selected shoe' })).toContainText(shoe.name);
        await expect(form(page, 'Create size')).toBeVisible();
      },
    },
    {
      label: '/orders',
      path: () => '/orders',
      ready: async (page) => {
        await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
      },
    },
  ];
  for (const { label, path, ready } of axePages) {
    test(`the admin page ${label} has no axe violations`, async ({ page, ownShop }) => {
      await signInAsAdminWithSession(page.context(), ownShop);
      const shoe = await firstShoe(page.request);
      await page.goto(path(shoe));
      await ready(page, shoe);
      await expectLoaded(page);
      await expectNoAxeViolations(page, { seriousOnly: false });
    });
  }
});
