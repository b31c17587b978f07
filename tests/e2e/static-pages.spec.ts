import { ADMIN } from './support/identities';
import { linkIn, newestMailTo } from './support/mail';
import type { Page } from '@playwright/test';
import { uniqueEmail } from './support/catalog';
import { expect, test } from './support/fixtures';
import { expectPath, footer, main, toast } from './support/shop';

/**
 * The size chart (decision 021): the shop's sizes (US men's, spec §2's twelve) with the standard US
 * women's, UK, EU and foot length in cm.
 */
const SIZE_CHART = [
  ['6', '7.5', '5.5', '38.5', '24'],
  ['6.5', '8', '6', '39', '24.5'],
  ['7', '8.5', '6', '40', '25'],
  ['7.5', '9', '6.5', '40.5', '25.5'],
  ['8', '9.5', '7', '41', '26'],
  ['8.5', '10', '7.5', '42', '26.5'],
  ['9', '10.5', '8', '42.5', '27'],
  ['9.5', '11', '8.5', '43', '27.5'],
  ['10', '11.5', '9', '44', '28'],
  ['10.5', '12', '9.5', '44.5', '28.5'],
  ['11', '12.5', '10', '45', '29'],
  ['11.5', '13', '10.5', '45.5', '29.5'],
];

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

test.describe('static pages', () => {
  for (const { paths, title } of [
    { paths: ['/AboutUs', '/aboutUs'], title: 'About Us' },
    { paths: ['/ContactUs', '/contactUs'], title: 'Contact Us' },
    { paths: ['/SizeChart', '/sizeChart'], title: 'Size Chart' },
    { paths: ['/TermsOfService', '/termsOfService'], title: 'Terms of Service' },
  ]) {
    test(`${title} answers to ${paths.join(' and ')}`, async ({ page }) => {
      for (const path of paths) {
        await page.goto(path);
        await expect(heading(page)).toHaveText(title);
        await expect(page.getByText('Page not found')).toHaveCount(0);
      }
    });
  }

  test("the size chart lists the 12 sizes as US men's with US women's, UK, EU and cm", async ({ page }) => {
    await page.goto('/SizeChart');
    const table = main(page).getByRole('table');
    await expect(table.getByRole('columnheader')).toHaveText([
      "Size (US men's)",
      "US women's",
      'UK',
      'EU',
      'cm',
    ]);
    const body = table.getByRole('rowgroup').nth(1).getByRole('row');
    await expect(body).toHaveCount(SIZE_CHART.length);
    for (const [index, cells] of SIZE_CHART.entries()) {
      await expect(body.nth(index).getByRole('rowheader')).toHaveText(cells[0]!);
      await expect(body.nth(index).getByRole('cell')).toHaveText(cells.slice(1));
    }
    // A few rows spelt out, as a shopper reads them: no column repeats the size.
    await expect(table.getByRole('row', { name: '9.5 11 8.5 43 27.5', exact: true })).toBeVisible();
    await expect(table.getByRole('row', { name: '6 7.5 5.5 38.5 24', exact: true })).toBeVisible();
    await expect(table.getByRole('row', { name: '11.5 13 10.5 45.5 29.5', exact: true })).toBeVisible();
  });

  test('the shoe page links its size picker to the size chart', async ({ page, catalog }) => {
    await page.goto(`/shoes/${catalog.shoes[0]!._id}`);
    await main(page).getByRole('link', { name: 'Size chart', exact: true }).click();
    await expectPath(page, '/SizeChart');
    await expect(heading(page)).toHaveText('Size Chart');
  });

  test('the contact form shows errors only for touched fields and confirms a sent message', async ({
    page,
  }) => {
    await page.goto('/ContactUs');
    const form = page.getByRole('form', { name: 'Contact form' });
    const name = form.getByRole('textbox', { name: 'Name' });
    const email = form.getByRole('textbox', { name: 'Email' });
    const message = form.getByRole('textbox', { name: 'Message' });
    const errors = form.getByText(/^(Enter your name|Use a valid email|The message must contain .*)$/);

    await expect(errors).toHaveCount(0);
    // Leaving the name empty: only the name complains.
    await name.focus();
    await email.focus();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveAccessibleDescription('Enter your name');
    await expect(errors).toHaveCount(1);
    await expect(email).not.toHaveAttribute('aria-invalid', 'true');
    await expect(message).not.toHaveAttribute('aria-invalid', 'true');

    // A bad email, once left, complains too; the untouched message still does not.
    await email.fill('not-an-email');
    await message.focus();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(errors).toHaveCount(2);
    await message.fill('Too short');
    await name.focus();
    await expect(message).toHaveAttribute('aria-invalid', 'true');
    await expect(errors).toHaveCount(3);

    await name.fill('Playwright Shopper');
    const sender = uniqueEmail('contact');
    await email.fill(sender);
    await message.fill('Do you restock the size 9.5 of your trail runners soon? Thanks!');
    await expect(errors).toHaveCount(0);
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(form.getByRole('status')).toHaveText('Thanks, we got your message and will answer soon.');
    // The form is ready for another message.
    await expect(message).toHaveValue('');
    // The shop receives it by mail (CONTACT_TO defaults to the administrator).
    const mail = await newestMailTo(ADMIN.email, /Contact form: Playwright Shopper/);
    expect(mail.text).toContain('Do you restock the size 9.5 of your trail runners soon? Thanks!');
    expect(mail.text).toContain(sender);
  });

  test('the footer newsletter rejects a bad email and thanks for a good one', async ({ page }) => {
    await page.goto('/AboutUs');
    const form = footer(page).getByRole('form', { name: 'Newsletter sign-up' });
    const email = form.getByRole('textbox', { name: 'Email for our newsletter' });
    const subscribe = form.getByRole('button', { name: 'Subscribe' });

    await email.fill('shopper.example.com');
    await subscribe.click();
    await expect(form.getByText('Use a valid email', { exact: true })).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(toast(page, 'Thanks for subscribing!')).toHaveCount(0);

    const address = uniqueEmail('newsletter');
    await email.fill(address);
    await expect(form.getByText('Use a valid email', { exact: true })).toBeHidden();
    await subscribe.click();
    await expect(toast(page, 'Thanks for subscribing!')).toBeVisible();
    await expect(email).toHaveValue('');

    // The welcome mail's unsubscribe link asks first (a mail scanner opening it changes nothing).
    const welcome = await newestMailTo(address, /newsletter/);
    await page.goto(linkIn(welcome, '/api/mail/newsletter/unsubscribe').toString());
    await expect(page.getByText('Unsubscribe from our newsletter?')).toBeVisible();
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByText('You will not receive our newsletter anymore.')).toBeVisible();
  });

  test('an unknown path shows Page not found with a way back home', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(heading(page)).toHaveText('Page not found');
    await main(page).getByRole('link', { name: 'Back Home' }).click();
    await expectPath(page, '/');
    await expect(page.getByRole('region', { name: 'The collection' })).toBeVisible();
  });
});
