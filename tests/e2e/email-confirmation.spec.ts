import type { Page } from '@playwright/test';
import { newCredentials, profileCard, signInWithSession, signUpThroughUi } from './support/accounts';
import { expect, test } from './support/fixtures';
import { linkIn, mailsTo, newestMailTo } from './support/mail';
import { expectPath, main, toast } from './support/shop';

/**
 * A password sign-up confirms its address (docs/decisions/002): the mail's link opens
 * `/verify-email`, which takes the token out of the address and confirms it; the account page tells
 * an unconfirmed shopper so and mails a new link on a press.
 */

const SUBJECT = /^Confirm your Sneaker Street email address$/;
const notice = (page: Page) => profileCard(page).getByText('Your email address is not confirmed yet');

test('a shopper signs up, opens the mailed link and the account page stops asking @phone', async ({
  page,
}) => {
  const credentials = newCredentials('confirm');
  await signUpThroughUi(page, credentials);
  await expect(toast(page, 'We mailed you a link to confirm your email address.')).toBeVisible();
  await expect(notice(page)).toBeVisible();

  const link = linkIn(await newestMailTo(credentials.email, SUBJECT), '/verify-email');
  expect(link.origin).toBe(new URL(page.url()).origin);
  const token = link.searchParams.get('token');
  expect(token).toBeTruthy();

  await page.goto(link.href);
  const status = main(page).getByRole('status');
  await expect(status).toContainText('Your email address is confirmed');
  // The token left the address bar and this history entry.
  await expectPath(page, '/verify-email');
  expect(page.url()).not.toContain(token!);
  await page.goBack();
  await expectPath(page, '/account');
  await page.goForward();
  await expectPath(page, '/verify-email');
  expect(page.url()).not.toContain('token');
  await expect(status).toContainText('Your email address is confirmed');

  await main(page).getByRole('link', { name: 'Go to my account' }).click();
  await expectPath(page, '/account');
  await expect(profileCard(page)).toContainText(credentials.email);
  await expect(notice(page)).toHaveCount(0);
  await expect(profileCard(page).getByRole('button', { name: 'Send the link again' })).toHaveCount(0);
});

test('the account page mails a new link, which confirms the address; a bad link offers another', async ({
  page,
  account,
}) => {
  await signInWithSession(page.context(), account);
  await page.goto('/verify-email?token=not-a-real-token');
  await expect(main(page).getByRole('alert')).toContainText(
    'This confirmation link has expired or is not valid',
  );
  await expectPath(page, '/verify-email');
  await main(page).getByRole('button', { name: 'Send a new link' }).click();
  await expect(main(page).getByRole('status').filter({ hasText: 'We mailed you a new link' })).toBeVisible();
  await expect.poll(() => mailsTo(account.email).filter((mail) => SUBJECT.test(mail.subject)).length).toBe(2);

  await page.goto('/account');
  await expect(notice(page)).toBeVisible();
  await profileCard(page).getByRole('button', { name: 'Send the link again' }).click();
  await expect(profileCard(page).getByRole('status')).toContainText('We mailed you a new link');
  await expect.poll(() => mailsTo(account.email).filter((mail) => SUBJECT.test(mail.subject)).length).toBe(3);

  await page.goto(linkIn(await newestMailTo(account.email, SUBJECT), '/verify-email').href);
  await expect(main(page).getByRole('status')).toContainText('Your email address is confirmed');
  await page.goto('/account');
  await expect(profileCard(page)).toContainText(account.email);
  await expect(notice(page)).toHaveCount(0);
});
