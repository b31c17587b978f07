import crypto from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, signInAsAdminWithSession, testOnShopWithSettings } from './support/admin';
import type { Shoe } from './support/catalog';
import { fillDropCardForm } from './support/drops';
import { gotoWaitsForTakeover } from './support/fixtures';
import { GOOGLE_CLIENT } from './support/identities';
import { expectPath, main, toast } from './support/shop';

/**
 * A drop in draw mode (issue 36), on a shop of the file's own: a live drop sells its shoe by the drop
 * alone and its winner's order takes stock, which the shared shop's tests must not see. Drops need a
 * verified email, which a Google sign-in gives a shopper at once (a password sign-up confirms its own by
 * the mailed link: email-confirmation.spec.ts): the shop is started with the local OpenID Connect server
 * of the global setup.
 */
const test = testOnShopWithSettings({
  GOOGLE_CLIENT_ID: GOOGLE_CLIENT.id,
  GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT.secret,
  GOOGLE_ISSUER: `http://127.0.0.1:${process.env.E2E_OIDC_PORT}`,
});

const twoDigits = (value: number) => String(value).padStart(2, '0');
/** A moment as a `datetime-local` input takes it: the browser's (and this machine's) zone, to the minute. */
const localInputValue = (date: Date) =>
  `${date.getFullYear()}-${twoDigits(date.getMonth() + 1)}-${twoDigits(date.getDate())}` +
  `T${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;

const entryForm = (page: Page) => page.getByRole('form', { name: 'Enter the draw' });

test('staff schedule a draw, a shopper enters it with a card, staff draw it and the shopper checks the seed @phone', async ({
  page,
  browser,
  ownShop,
  baseURL,
}) => {
  // Two people, several pages each, on a shop of its own: a long journey on a busy 2-core machine.
  test.slow();
  const shoes = (await (await page.request.get('/api/shoes?limit=20')).json()) as Shoe[];
  const shoe = shoes.find((candidate) => candidate.stock.some((entry) => entry.quantity >= 2))!;
  const size = shoe.stock.find((entry) => entry.quantity >= 2)!.size;

  // Staff schedule the draw from the admin panel: open from this minute, for an hour.
  await signInAsAdminWithSession(page.context(), ownShop);
  await page.goto('/admin');
  await main(page)
    .getByRole('link', { name: /^Drops/ })
    .click();
  await expectPath(page, '/managedrops');
  const schedule = page.getByRole('form', { name: 'Schedule a drop' });
  await schedule.getByLabel('Find the shoe by name').fill(shoe.name);
  await schedule
    .getByRole('button', { name: `Choose ${shoe.brand} ${shoe.name}` })
    .first()
    .click();
  await expect(schedule.getByRole('button', { name: 'Change shoe' })).toBeVisible();
  const now = new Date();
  await schedule.getByLabel('Opens at').fill(localInputValue(now));
  await schedule.getByLabel('Entries close at').fill(localInputValue(new Date(now.getTime() + 3_600_000)));
  await schedule.getByLabel('Size 1', { exact: true }).selectOption(size);
  await schedule.getByLabel('Pairs of size 1').fill('1');
  await schedule.getByRole('button', { name: 'Schedule the drop' }).click();
  await expect(toast(page, `Drop of ${shoe.name} scheduled`)).toBeVisible();
  await expect(page).toHaveURL(/[?&]drop=/);
  const dropId = new URL(page.url()).searchParams.get('drop')!;
  const detail = page.getByRole('region', { name: `Drop of ${shoe.name}` });
  await expect(detail.getByText('Entries open', { exact: true })).toBeVisible();

  // The shopper signs in with Google (a verified email) and finds the drop from the shoe's page.
  const shopperContext = await browser.newContext({ baseURL });
  const shopper = await shopperContext.newPage();
  gotoWaitsForTakeover(shopper);
  await shopper.goto('/signin');
  await main(shopper).getByRole('button', { name: 'Continue with Google' }).click();
  await expect(toast(shopper, 'Welcome Google User!')).toBeVisible();
  await shopper.goto(`/shoes/${shoe._id}`);
  const panel = main(shopper).getByRole('region', { name: 'Sold in a drop' });
  await expect(panel).toContainText('Entries close in');
  // The checkout refuses the shoe meanwhile: no size and BUY ME! to put it in the cart.
  await expect(main(shopper).getByRole('button', { name: 'BUY ME!' })).toHaveCount(0);
  await panel.getByRole('link', { name: 'Go to the drop' }).click();
  await expectPath(shopper, `/drops/${dropId}`);

  // It enters with the test card; the page then says it is in the draw.
  const form = entryForm(shopper);
  await fillDropCardForm(form, size);
  await form.getByRole('button', { name: 'Enter the draw' }).click();
  await expect(
    toast(shopper, `You are in the draw for size ${size}. We will email you the outcome.`),
  ).toBeVisible();
  const mine = main(shopper).getByRole('region', { name: 'Your entry' });
  await expect(mine).toContainText(`You are in the draw for size ${size}`);
  await expect(mine).toContainText('Card ending 4242');
  await expect(entryForm(shopper)).toHaveCount(0);

  // Staff close the entries and draw now; the detail follows the draw until it is drawn.
  await detail.getByRole('button', { name: 'Close entries and draw now' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Close entries and draw now' }).click();
  await expect(toast(page, 'Entries closed: the draw has started')).toBeVisible();
  await expect(detail.getByText('Drawn', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(detail.getByText('won', { exact: true })).toBeVisible();

  // The shopper's account says it won, with its order.
  await shopper.goto('/account');
  const entries = main(shopper).getByRole('region', { name: 'Your drop entries' });
  await expect(entries).toContainText(shoe.name);
  await expect(entries).toContainText(`Size ${size} · Card ending 4242`);
  await expect(entries).toContainText('You got a pair');
  await expect(entries.getByRole('link', { name: 'View your order' })).toBeVisible();

  // The drop's page reveals the seed, which hashes to the commitment published before the opening.
  await entries.getByRole('link', { name: 'View the drop' }).click();
  await expectPath(shopper, `/drops/${dropId}`);
  const fairness = main(shopper).getByRole('region', { name: 'Fairness' });
  const seed = (await fairness.getByTestId('drop-seed').textContent())!.trim();
  const commitment = (await fairness.getByTestId('drop-commitment').textContent())!.trim();
  expect(seed).toMatch(/^[0-9a-f]{64}$/);
  expect(crypto.createHash('sha256').update(seed).digest('hex')).toBe(commitment);
  await expect(fairness).toContainText(`printf %s "$SEED" | sha256sum`);
  await expect(fairness).toContainText(`printf %s "$ENTRY_ID" | openssl dgst -sha256 -hmac "$SEED"`);
  await fairness.getByText('Entry ids (1)').click();
  await expect(fairness.getByRole('listitem').filter({ hasText: `size ${size} · won` })).toHaveCount(1);
  await expect(fairness.getByRole('link', { name: 'All entries as JSON' })).toHaveAttribute(
    'href',
    `/api/drops/${dropId}/result`,
  );
  await expect(main(shopper).getByRole('region', { name: 'Your entry' })).toContainText('You won');
  await shopperContext.close();
});

test('staff change a drop before it opens: its pairs and its close', async ({ page, ownShop }) => {
  // Not the other test's shoe: the last one with two pairs of a size.
  const shoes = (await (await page.request.get('/api/shoes?limit=20')).json()) as Shoe[];
  const shoe = shoes.filter((candidate) => candidate.stock.some((entry) => entry.quantity >= 2)).at(-1)!;
  const size = shoe.stock.find((entry) => entry.quantity >= 2)!.size;
  await signInAsAdminWithSession(page.context(), ownShop);
  const opensAt = new Date(Date.now() + 3_600_000);
  const scheduled = await page.request.post('/api/admin/drops', {
    headers: { origin: ownShop.baseURL },
    data: {
      shoeId: shoe._id,
      mode: 'draw',
      opensAt: opensAt.toISOString(),
      closesAt: new Date(opensAt.getTime() + 3_600_000).toISOString(),
      sizes: [{ size, pairs: 1 }],
    },
  });
  expect(scheduled.status(), await scheduled.text()).toBe(201);
  const dropId = ((await scheduled.json()) as { _id: string })._id;

  await page.goto(`/managedrops?drop=${dropId}`);
  const detail = page.getByRole('region', { name: `Drop of ${shoe.name}` });
  await expect(detail.getByText('Opens soon', { exact: true })).toBeVisible();
  await detail.getByRole('button', { name: 'Change the drop' }).click();
  const change = detail.getByRole('form', { name: `Change the drop of ${shoe.name}` });
  // The form opens with the drop's terms, its size chosen.
  await expect(change.getByLabel('Size 1', { exact: true })).toHaveValue(size);
  await expect(change.getByLabel('Pairs of size 1')).toHaveValue('1');
  await change.getByLabel('Pairs of size 1').fill('2');
  await change
    .getByLabel('Entries close at')
    .fill(localInputValue(new Date(opensAt.getTime() + 2 * 3_600_000)));
  await change.getByRole('button', { name: 'Save changes' }).click();

  await expect(toast(page, `Drop of ${shoe.name} changed`)).toBeVisible();
  await expect(change).toHaveCount(0);
  await expect(detail).toContainText(`${size}: 0/2`);
  const stored = (await (await page.request.get(`/api/admin/drops/${dropId}`)).json()) as {
    closesAt: string;
  };
  expect(new Date(stored.closesAt).getTime() - opensAt.getTime()).toBeGreaterThan(3_600_000);
});
