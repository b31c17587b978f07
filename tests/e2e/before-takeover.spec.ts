// One file because every test uses the same held-back entry module (HeldApp) and the same checks
// that nothing typed reaches a URL, for the one moment before the app takes over.
import type { Browser, Page, Request } from '@playwright/test';
import {
  emailField,
  newCredentials,
  passwordField,
  sameOrigin,
  signInForm,
  signInWithSession,
  signUpForm,
} from './support/accounts';
import { leadingSlide } from './support/carousel';
import { inStockSizes, shoeWithSizes, uniqueEmail } from './support/catalog';
import { expect, gotoBeforeTakeover, test } from './support/fixtures';
import { linkIn, newestMailTo } from './support/mail';
import {
  buyButton,
  expectPath,
  expectToastShown,
  footer,
  header,
  main,
  recordToasts,
  sizeSelect,
  storedCart,
  toast,
} from './support/shop';

/**
 * Between the first paint of a server-rendered page and the moment the app takes it over, a
 * shopper can already type and press (docs/decisions/007). These tests hold the app's entry
 * module back (as a slow phone would), act on the painted page meanwhile, then let the app run:
 * no field may ever travel in a URL or be posted natively, and what was done must happen once
 * the app is there (or the control must be visibly inert until then).
 */

interface HeldApp {
  /** Lets the app's code through: from then on the app runs. */
  release(): void;
  /** Every URL the page asked for or went to, and the native (non-API) posts it made. */
  urls: string[];
  nativePosts: Request[];
}

/**
 * Holds the app's entry module back until `release()`; with `everyScript`, every script file of the
 * page too (its modules, zod-jitless.js...), as on a slow network where the HTML is painted while
 * every script is still a request away. The pre-app capture is no file: it is written into the
 * page's head (docs/decisions/022), so nothing can hold it back.
 */
async function holdApp(page: Page, options: { everyScript?: boolean } = {}): Promise<HeldApp> {
  const html = await (await page.request.get('/AboutUs')).text();
  const entry = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1];
  if (!entry) throw new Error('no entry module in the page');
  const isHeld = (url: URL) =>
    url.pathname === entry || (options.everyScript === true && url.pathname.endsWith('.js'));
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => isHeld(url),
    async (route) => {
      await released;
      await route.continue();
    },
  );
  const app: HeldApp = { release, urls: [], nativePosts: [] };
  page.on('request', (request) => {
    app.urls.push(request.url());
    if (request.method() === 'POST' && !new URL(request.url()).pathname.startsWith('/api/')) {
      app.nativePosts.push(request);
    }
  });
  page.on('framenavigated', (frame) => app.urls.push(frame.url()));
  return app;
}

/** Nothing typed reached a URL. */
function expectNoneInUrls(held: HeldApp, ...values: string[]): void {
  for (const value of values) {
    const leaks = held.urls.filter((url) => url.includes(value) || url.includes(encodeURIComponent(value)));
    expect(leaks, `URLs carrying "${value}"`).toEqual([]);
  }
}

/** Nothing typed reached a URL, and the browser posted no form by itself. */
function expectNothingLeaked(held: HeldApp, ...values: string[]): void {
  expectNoneInUrls(held, ...values);
  expect(held.nativePosts.map((request) => request.url())).toEqual([]);
}

const isRunning = (page: Page) => page.evaluate(() => document.documentElement.dataset.app === 'ready');

/**
 * Opens a page in a browser context of its own with every script file held back (holdApp with
 * `everyScript`): the HTML painted, only the inline capture listening.
 */
async function gotoWithNoScript(
  browser: Browser,
  baseURL: string,
  url: string,
): Promise<{ page: Page; held: HeldApp }> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await recordToasts(page);
  const held = await holdApp(page, { everyScript: true });
  await page.goto(url, { waitUntil: 'commit' });
  await page.locator('#main').waitFor();
  expect(await isRunning(page)).toBe(false);
  return { page, held };
}

test.describe('before the app takes over', () => {
  test('a sign-up sent early is kept, shown as busy and made once the app runs; the password never reaches a URL', async ({
    page,
  }) => {
    const held = await holdApp(page);
    const credentials = newCredentials('early-signup');
    await gotoBeforeTakeover(page, '/createaccount');
    const form = signUpForm(page);
    await emailField(form).fill(credentials.email);
    await passwordField(form).fill(credentials.password);
    const button = form.getByRole('button', { name: 'Create account', exact: true });
    await button.click();

    await expect(button).toHaveAttribute('aria-busy', 'true');
    expect(await isRunning(page)).toBe(false);
    // (Not expectPath: it waits for the page's load event, which the held app holds back.)
    expect(new URL(page.url()).pathname).toBe('/createaccount');
    expect(new URL(page.url()).search).toBe('');

    held.release();
    await expect(toast(page, 'Welcome to Sneaker Street!')).toBeVisible();
    await expectPath(page, '/account');
    expectNothingLeaked(held, credentials.password, credentials.email);
  });

  test('a sign-in submitted early with Enter completes once the app runs', async ({ page, account }) => {
    const held = await holdApp(page);
    await gotoBeforeTakeover(page, '/signin');
    const form = signInForm(page);
    await emailField(form).fill(account.email);
    await passwordField(form).fill(account.password);
    await passwordField(form).press('Enter');
    expect(await isRunning(page)).toBe(false);

    held.release();
    await expect(toast(page, 'Welcome again!')).toBeVisible();
    await expectPath(page, '/account');
    expectNothingLeaked(held, account.password, account.email);
  });

  test('the password recovery and the reset link forms, sent early, complete once the app runs', async ({
    page,
    account,
    baseURL,
  }) => {
    const held = await holdApp(page);
    await gotoBeforeTakeover(page, '/forget');
    const recover = page.getByRole('form', { name: 'Recover your password' });
    await emailField(recover).fill(account.email);
    await recover.getByRole('button', { name: 'Send Email' }).click();
    held.release();
    await expect(toast(page, 'Email send')).toBeVisible();

    const link = linkIn(await newestMailTo(account.email, /password/i), '/reset-password');
    const again = await holdApp(page);
    const newPassword = `${account.password}-early`;
    await gotoBeforeTakeover(page, link.href);
    const choose = page.getByRole('form', { name: 'Choose a new password' });
    await choose.getByLabel('New password', { exact: true }).fill(newPassword);
    await choose.getByLabel('Repeat the new password', { exact: true }).fill(newPassword);
    await choose.getByRole('button', { name: 'Save new password' }).click();
    expect(await isRunning(page)).toBe(false);
    again.release();
    await expect(main(page).getByRole('status')).toContainText(
      'Your password was changed, sign in with it now',
    );
    expectNothingLeaked(held, account.email);
    expectNothingLeaked(again, newPassword);

    // The new password is the one that took.
    const signIn = await page.request.post('/api/account/sign-in', {
      headers: sameOrigin(baseURL!),
      data: { email: account.email, password: newPassword },
    });
    expect(signIn.status()).toBe(200);
  });

  test("the email confirmation link's button pressed early confirms the address once, when the app runs", async ({
    page,
    account,
  }) => {
    const link = linkIn(
      await newestMailTo(account.email, /^Confirm your Sneaker Street email address$/),
      '/verify-email',
    );
    const held = await holdApp(page);
    await gotoBeforeTakeover(page, link.href);
    // The server's page holds the token in a form posted by the app, never by the browser.
    const form = page.getByRole('form', { name: 'Confirm your email' });
    await expect(form).toHaveAttribute('method', 'post');
    await expect(form.locator('input[type="hidden"][name="token"]')).toHaveValue(
      link.searchParams.get('token')!,
    );
    const button = form.getByRole('button', { name: 'Confirm my email' });
    await button.click();
    await expect(button).toHaveAttribute('aria-busy', 'true');
    expect(await isRunning(page)).toBe(false);
    held.release();
    await expect(main(page).getByRole('status')).toContainText('Your email address is confirmed');
    await expectPath(page, '/verify-email');
    expect(held.nativePosts.map((request) => request.url())).toEqual([]);
    // Sent once: the app's own send, the early press finding it done.
    expect(held.urls.filter((url) => new URL(url).pathname === '/api/account/verify-email')).toHaveLength(1);
  });

  test('the contact form sent early is delivered once the app runs', async ({ page }) => {
    const held = await holdApp(page);
    await gotoBeforeTakeover(page, '/ContactUs');
    const form = page.getByRole('form', { name: 'Contact form' });
    const sender = uniqueEmail('early-contact');
    await form.getByRole('textbox', { name: 'Name' }).fill('Early Bird');
    await form.getByRole('textbox', { name: 'Email' }).fill(sender);
    await form.getByRole('textbox', { name: 'Message' }).fill('Do the Storm Courts run small? Asking early.');
    await form.getByRole('button', { name: 'Send message' }).click();
    held.release();
    await expect(form.getByRole('status')).toHaveText('Thanks, we got your message and will answer soon.');
    expectNothingLeaked(held, sender, 'Early Bird');
  });

  test('the newsletter field is inert and busy until the app runs, then subscribes', async ({ page }) => {
    const held = await holdApp(page);
    await gotoBeforeTakeover(page, '/AboutUs');
    const form = footer(page).getByRole('form', { name: 'Newsletter sign-up' });
    const field = form.getByRole('textbox', { name: 'Email for our newsletter' });
    await expect(form).toHaveAttribute('aria-busy', 'true');
    await expect(field).toBeDisabled();
    await expect(form.getByRole('button', { name: 'Subscribe' })).toBeDisabled();

    held.release();
    await expect(field).toBeEnabled();
    const email = uniqueEmail('early-news');
    await field.fill(email);
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(toast(page, 'Thanks for subscribing')).toBeVisible();
    expectNothingLeaked(held, email);
  });

  test('a size chosen and BUY ME! pressed early put exactly that size in the cart once the app runs', async ({
    page,
    catalog,
  }) => {
    const shoe = shoeWithSizes(catalog, 3);
    const size = inStockSizes(shoe)[1]!;
    const held = await holdApp(page);
    await gotoBeforeTakeover(page, `/shoes/${shoe._id}`);
    await sizeSelect(main(page)).selectOption(size);
    await buyButton(main(page)).click();
    await expect(buyButton(main(page))).toHaveAttribute('aria-busy', 'true');
    expect(await storedCart(page)).toBeNull();

    held.release();
    await expect(toast(page, 'Your shoe add to cart')).toBeVisible();
    await expect(buyButton(main(page))).not.toHaveAttribute('aria-busy', 'true');
    expect(await storedCart(page)).toEqual([
      { _id: shoe._id, name: shoe.name, image: shoe.image, quantity: 1, price: shoe.price, size },
    ]);
    // The select shows the size the app uses.
    await expect(sizeSelect(main(page))).toHaveValue(size);
  });

  test("a signed-in shopper's BUY ME! pressed early stays in the cart and is saved on the account", async ({
    page,
    context,
    catalog,
    account,
  }) => {
    await signInWithSession(context, account);
    // The device already follows the account's saved (empty) cart, as after any earlier visit.
    await page.goto('/AboutUs');
    await expect
      .poll(() => page.evaluate(() => window.localStorage.getItem('carrito-sync')))
      .toContain(account.id);
    const shoe = shoeWithSizes(catalog, 3);
    const size = inStockSizes(shoe)[1]!;
    const held = await holdApp(page);
    await gotoBeforeTakeover(page, `/shoes/${shoe._id}`);
    await sizeSelect(main(page)).selectOption(size);
    await buyButton(main(page)).click();

    held.release();
    await expect(toast(page, 'Your shoe add to cart')).toBeVisible();
    const line = { _id: shoe._id, name: shoe.name, image: shoe.image, quantity: 1, price: shoe.price, size };
    // The press came before the cart's sync started: it is sent, not read over by the empty saved cart.
    await expect
      .poll(async () => {
        const saved = (await (await page.request.get('/api/account/cart')).json()) as {
          lines: { _id: string; size: string; quantity: number }[];
        };
        return saved.lines.map(({ _id, size: savedSize, quantity }) => ({ _id, size: savedSize, quantity }));
      })
      .toEqual([{ _id: shoe._id, size, quantity: 1 }]);
    expect(await storedCart(page)).toEqual([line]);
  });

  test('the favorites heart pressed early waits for the session, then adds the shoe', async ({
    page,
    context,
    catalog,
    account,
  }) => {
    await signInWithSession(context, account);
    const shoe = shoeWithSizes(catalog, 1, 2);
    const held = await holdApp(page);
    await gotoBeforeTakeover(page, `/shoes/${shoe._id}`);
    await main(page).getByRole('button', { name: 'Add to favorites' }).click();
    held.release();
    await expect(toast(page, 'Shoe added to Favorites')).toBeVisible();
    await expect(main(page).getByRole('button', { name: 'Remove from favorites' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  test("the header's search and the carousel's arrows pressed early act once the app runs", async ({
    page,
  }) => {
    const held = await holdApp(page);
    await gotoBeforeTakeover(page, '/');
    const count = await page
      .getByRole('region', { name: 'Hot deals' })
      .getByRole('group', { name: /^\d+ of \d+$/ })
      .count();
    expect(count, 'the demo catalogue has deals to scroll').toBeGreaterThan(3);
    expect(await leadingSlide(page)).toBe(`1 of ${count}`);
    await main(page).getByRole('button', { name: 'Scroll deals right' }).click();
    await header(page).getByRole('button', { name: 'Search' }).click();
    expect(await leadingSlide(page), 'nothing moves before the app runs').toBe(`1 of ${count}`);
    held.release();

    const dialog = page.getByRole('dialog', { name: 'Search' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('searchbox', { name: 'Search shoes by name' })).toBeFocused();
    await page.keyboard.press('Escape');
    // Embla, once loaded, moved the slides by the one press kept for it: the second deal leads.
    await expect.poll(() => leadingSlide(page)).toBe(`2 of ${count}`);
  });

  test('a sign-up, a sign-in, a contact message and a size with BUY ME! pressed before any script arrives each complete once the scripts run', async ({
    browser,
    baseURL,
    account,
    catalog,
  }) => {
    test.slow(); // four pages, each with its own browser context and app
    // Every script file held back on four pages at once (docs/decisions/022): the capture, inline
    // in the head, keeps each press; nothing is posted natively and nothing typed reaches a URL.
    const credentials = newCredentials('no-script-signup');
    const signUp = await gotoWithNoScript(browser, baseURL!, '/createaccount');
    await emailField(signUpForm(signUp.page)).fill(credentials.email);
    await passwordField(signUpForm(signUp.page)).fill(credentials.password);
    await signUpForm(signUp.page).getByRole('button', { name: 'Create account', exact: true }).click();

    const signIn = await gotoWithNoScript(browser, baseURL!, '/signin');
    await emailField(signInForm(signIn.page)).fill(account.email);
    await passwordField(signInForm(signIn.page)).fill(account.password);
    await signInForm(signIn.page).getByRole('button', { name: 'Sign in', exact: true }).click();

    const contact = await gotoWithNoScript(browser, baseURL!, '/ContactUs');
    const contactForm = contact.page.getByRole('form', { name: 'Contact form' });
    const sender = uniqueEmail('no-script-contact');
    await contactForm.getByRole('textbox', { name: 'Name' }).fill('Slow Phone');
    await contactForm.getByRole('textbox', { name: 'Email' }).fill(sender);
    await contactForm
      .getByRole('textbox', { name: 'Message' })
      .fill('Pressed before any script came, still sent.');
    await contactForm.getByRole('button', { name: 'Send message' }).click();

    const shoe = shoeWithSizes(catalog, 3);
    const size = inStockSizes(shoe)[1]!;
    const buy = await gotoWithNoScript(browser, baseURL!, `/shoes/${shoe._id}`);
    await sizeSelect(main(buy.page)).selectOption(size);
    await buyButton(main(buy.page)).click();

    // Each press is kept and shown busy while nothing runs.
    for (const { page } of [signUp, signIn, contact, buy]) {
      await expect(page.locator('[aria-busy="true"]').first()).toBeVisible();
      expect(await isRunning(page)).toBe(false);
    }
    for (const { held } of [signUp, signIn, contact, buy]) held.release();

    // Four apps now start at once and two passwords are hashed: on a loaded 2-core machine that
    // takes well over the usual wait, so each outcome gets the time four page loads take. The
    // toasts (4 s each) are read from each page's record of them, whenever the journey ends.
    const journey = { timeout: 30_000 };
    await Promise.all([
      expectPath(signUp.page, '/account', journey),
      expectPath(signIn.page, '/account', journey),
      expect(contactForm.getByRole('status')).toHaveText(
        'Thanks, we got your message and will answer soon.',
        journey,
      ),
      expectToastShown(buy.page, 'Your shoe add to cart', journey.timeout),
    ]);
    await expectToastShown(signUp.page, 'Welcome to Sneaker Street!');
    await expectToastShown(signIn.page, 'Welcome again!');
    expect(await storedCart(buy.page)).toEqual([
      { _id: shoe._id, name: shoe.name, image: shoe.image, quantity: 1, price: shoe.price, size },
    ]);
    expectNothingLeaked(signUp.held, credentials.password, credentials.email);
    expectNothingLeaked(signIn.held, account.password, account.email);
    expectNothingLeaked(contact.held, sender, 'Slow Phone');
    expectNothingLeaked(buy.held);
    for (const { page } of [signUp, signIn, contact, buy]) await page.context().close();
  });

  test('the cart and its payment form are drawn by the app alone: nothing to press early, no card field with a name', async ({
    page,
    catalog,
  }) => {
    const shoe = shoeWithSizes(catalog, 1, 4);
    const size = inStockSizes(shoe)[0]!;
    await page.addInitScript((line) => window.localStorage.setItem('carrito', JSON.stringify([line])), {
      _id: shoe._id,
      name: shoe.name,
      image: shoe.image,
      quantity: 1,
      price: shoe.price,
      size,
    });
    const held = await holdApp(page);
    await gotoBeforeTakeover(page, '/cart');
    await expect(main(page).getByRole('heading', { level: 1 })).toBeVisible();
    await expect(main(page).getByRole('button', { name: 'Increase quantity' })).toHaveCount(0);
    await expect(main(page).locator('input')).toHaveCount(0);

    held.release();
    await main(page).getByRole('button', { name: 'Increase quantity' }).click();
    await expect.poll(async () => ((await storedCart(page)) as { quantity: number }[])[0]?.quantity).toBe(2);
    const payment = main(page).locator('form', { has: page.getByRole('heading', { name: 'Payment' }) });
    await expect(payment).toHaveAttribute('method', 'post');
    for (const label of ['Card number', 'Expiry', 'CVC']) {
      const field = payment.getByLabel(label, { exact: false }).first();
      await expect(field).toBeVisible();
      expect(await field.getAttribute('name'), label).toBeNull();
    }
  });

  test('every form the server paints is method="post"', async ({ page }) => {
    for (const path of [
      '/createaccount',
      '/signin',
      '/forget',
      '/reset-password?token=x',
      '/ContactUs',
      '/',
    ]) {
      await page.goto(path);
      const methods = await page
        .locator('form')
        .evaluateAll((forms) => forms.map((form) => form.getAttribute('method')));
      expect(methods.length, path).toBeGreaterThan(0);
      expect(methods, path).toEqual(methods.map(() => 'post'));
    }
  });
});
