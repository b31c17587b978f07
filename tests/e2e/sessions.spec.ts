import { sameOrigin, signInWithSession } from './support/accounts';
import { expect, test } from './support/fixtures';
import { main, toast } from './support/shop';

const PHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/**
 * The account page's signed-in devices (issue 20): a shopper signed in on a phone too sees it
 * listed, signs it out from the laptop, and the phone's session is over at once.
 */
test('a shopper sees where they are signed in and signs another device out', async ({
  page,
  account,
  playwright,
  baseURL,
}) => {
  const phone = await playwright.request.newContext({ baseURL, userAgent: PHONE_SAFARI });
  const signedIn = await phone.post('/api/account/sign-in', {
    data: { email: account.email, password: account.password },
    headers: sameOrigin(baseURL!),
  });
  expect(signedIn.status()).toBe(200);

  await signInWithSession(page.context(), account);
  await page.goto('/account');
  const devices = main(page).getByRole('region', { name: 'Signed-in devices' });
  const phoneRow = devices.getByRole('listitem').filter({ hasText: 'Safari 17 on iOS' });
  await expect(phoneRow).toHaveCount(1);
  await expect(devices.getByRole('listitem').filter({ hasText: 'This device' })).toHaveCount(1);

  await phoneRow.getByRole('button', { name: 'Sign out Safari 17 on iOS' }).click();
  await expect(toast(page, 'Signed out of that device')).toBeVisible();
  await expect(phoneRow).toHaveCount(0);
  expect((await phone.get('/api/account/sessions')).status()).toBe(401);

  // The account page itself still works: this device stays signed in.
  await page.reload();
  await expect(devices.getByRole('listitem').filter({ hasText: 'This device' })).toHaveCount(1);
  await phone.dispose();
});
