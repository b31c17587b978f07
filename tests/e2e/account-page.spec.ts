import type { Locator } from '@playwright/test';
import { profileCard, signInWithSession } from './support/accounts';
import { expect, test } from './support/fixtures';
import { main } from './support/shop';

/**
 * The account page's order (issue 32): the profile, then My Orders (the spec's SHOW ORDERS, which
 * also hides them again), then the settings, the security ones together; leaving the shop last, a
 * quiet disclosure closed until asked for. your-data.spec.ts deletes an account through it.
 */

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not laid out');
  return box;
}

test('My Orders comes right after the profile, before every other card @phone', async ({ page, shopper }) => {
  await signInWithSession(page.context(), shopper);
  await page.goto('/account');
  const orders = main(page).getByRole('region', { name: 'My Orders' });
  await expect(orders.getByRole('button', { name: 'SHOW ORDERS' })).toBeVisible();

  // In reading order: the page's title, then My Orders; the profile card (no heading) before it.
  const headings = await main(page).getByRole('heading').allInnerTexts();
  expect(headings[1]).toBe('My Orders');
  expect(
    await profileCard(page).evaluate(
      (card, other) => Boolean(card.compareDocumentPosition(other!) & Node.DOCUMENT_POSITION_FOLLOWING),
      await orders.elementHandle(),
    ),
  ).toBe(true);

  // On screen too: no other card starts above it (on a phone it sits under the profile card).
  const ordersBox = await boxOf(orders);
  const others = main(page)
    .getByRole('region')
    .filter({ hasNot: page.getByText('SHOW ORDERS') });
  expect(await others.count()).toBeGreaterThan(5);
  for (const other of await others.all()) {
    expect((await boxOf(other)).y).toBeGreaterThan(ordersBox.y);
  }
  const profileBox = await boxOf(profileCard(page));
  if (profileBox.x + profileBox.width <= ordersBox.x) expect(profileBox.y).toBeLessThanOrEqual(ordersBox.y);
  else expect(profileBox.y + profileBox.height).toBeLessThanOrEqual(ordersBox.y);

  // The security cards sit together under one heading.
  const security = main(page).getByRole('region', { name: 'Sign-in and security' });
  for (const name of ['Password', 'Two-step sign-in', 'Passkeys', 'Signed-in devices']) {
    await expect(security.getByRole('region', { name })).toBeVisible();
  }
});

test('SHOW ORDERS shows the orders and the same button hides them again', async ({ page, shopper }) => {
  await signInWithSession(page.context(), shopper);
  await page.goto('/account');
  const orders = main(page).getByRole('region', { name: 'My Orders' });
  const button = orders.getByRole('button', { name: /^(SHOW|HIDE) ORDERS$/ });
  const panel = page.locator(`[id="${await button.getAttribute('aria-controls')}"]`);
  await expect(button).toHaveText('SHOW ORDERS');
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(panel).toBeHidden();

  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expect(button).toHaveText('HIDE ORDERS');
  await expect(panel).toBeVisible();
  await expect(panel.getByText('You have no orders yet.')).toBeVisible();

  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(button).toHaveText('SHOW ORDERS');
  await expect(panel).toBeHidden();
});

test('deleting the account is the last thing on the page, closed until opened @phone', async ({
  page,
  shopper,
}) => {
  await signInWithSession(page.context(), shopper);
  await page.goto('/account');
  const regions = main(page).getByRole('region');
  const leaving = main(page).getByRole('region', { name: 'Delete account' });
  await expect(regions.last()).toHaveAccessibleName('Delete account');
  // Every bottom edge read in one instant: lists above (devices, entries) still load and push it down.
  const bottoms = await main(page).evaluate((root) =>
    [...root.querySelectorAll('section[aria-labelledby], [role="region"]')].map((region) => ({
      name: region.getAttribute('aria-labelledby') ?? region.getAttribute('aria-label'),
      bottom: region.getBoundingClientRect().bottom,
    })),
  );
  expect(bottoms.length).toBeGreaterThan(5);
  const lowest = Math.max(...bottoms.map(({ bottom }) => bottom));
  expect(bottoms.at(-1)?.bottom).toBe(lowest);
  // Not a red card: a plain disclosure whose form stays hidden until asked for.
  const disclosure = leaving.getByRole('button', { name: 'Delete account' });
  const form = page.getByRole('form', { name: 'Delete my account' });
  await expect(disclosure).toHaveAttribute('aria-expanded', 'false');
  await expect(form).toBeHidden();
  await expect(page.getByLabel('Type your password to delete your account')).toBeHidden();

  await disclosure.click();
  await expect(disclosure).toHaveAttribute('aria-expanded', 'true');
  await expect(leaving.getByRole('form', { name: 'Delete my account' })).toBeVisible();
  await expect(leaving.getByText(/orders are kept for our accounts without your email/)).toBeVisible();
  await disclosure.click();
  await expect(form).toBeHidden();
});
