import type { APIRequestContext, Page } from '@playwright/test';
import { paymentMethodBody } from '../fixtures/payment';
import { createAccount, sameOrigin, signInAsAdmin, signInWithSession } from './support/accounts';
import { inStockSizes, shoeWithSizes } from './support/catalog';
import { expect, test } from './support/fixtures';
import { main, toast } from './support/shop';

const reviews = (page: Page) => main(page).getByRole('list', { name: 'Reviews list' });

/** The signed-in shopper of `page` buys one pair of `shoe`, and the administrator marks it Received. */
async function buyAndReceive(
  page: Page,
  request: APIRequestContext,
  baseURL: string,
  shoe: { _id: string; price: number },
  size: string,
): Promise<void> {
  const headers = sameOrigin(baseURL);
  const method = await page.request.post('/api/payments/methods', { headers, data: paymentMethodBody() });
  const paid = await page.request.post('/api/cart/checkout', {
    headers,
    data: {
      id: (await method.json()).id,
      shoes: [{ _id: shoe._id, size, quantity: 1 }],
      amount: Math.round(shoe.price * 100),
    },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  await signInAsAdmin(request, baseURL);
  const marked = await request.put(`/api/cart/order/${(await paid.json()).order.idPayment}`, {
    headers,
    data: { status: 'Received' },
  });
  expect(marked.status()).toBe(200);
}

test.describe('reviews', () => {
  test('a buyer whose order was Received writes, edits and deletes a review; others see ANONYMOUS USER', async ({
    page,
    context,
    browser,
    playwright,
    request,
    baseURL,
    catalog,
    account,
  }) => {
    const shoe = shoeWithSizes(catalog, 1, 5);
    const size = inStockSizes(shoe)[0]!;
    await signInWithSession(context, account);

    // Before buying, pressing 'I already bought them' says so at once; no form opens.
    await page.goto(`/shoes/${shoe._id}`);
    await main(page).getByRole('button', { name: 'I already bought them' }).click();
    await expect(toast(page, "You haven't bought these yet")).toBeVisible();
    const form = main(page).getByRole('form', { name: 'Write a review' });
    await expect(form).toHaveCount(0);

    // Buy it, and the administrator marks the order Received.
    await buyAndReceive(page, request, baseURL!, shoe, size);

    // Write: too short first (the submit hides while the error shows), then a real review of 4 stars.
    await page.reload();
    await main(page).getByRole('button', { name: 'I already bought them' }).click();
    const text = form.getByRole('textbox', { name: 'Your review' });
    await text.fill('meh');
    await text.blur();
    await expect(form.getByText('Review must contain at least 5 characters.')).toBeVisible();
    await expect(form.getByRole('button', { name: 'Send review' })).toBeHidden();
    await text.fill('<b>Comfy</b> from the first day.');
    await form.getByRole('radio', { name: '4 stars' }).check({ force: true });
    await form.getByRole('button', { name: 'Send review' }).click();
    const mine = reviews(page).getByRole('article', { name: 'Your review' });
    await expect(mine).toContainText('<b>Comfy</b> from the first day.');
    await expect(mine.getByRole('img', { name: '4 out of 5 stars', exact: true })).toBeVisible();

    // Another shopper sees it anonymously and cannot change it.
    const otherContext = await browser.newContext({ baseURL: baseURL! });
    try {
      const other = await createAccount(playwright.request, baseURL!, 'reviewer-other');
      await signInWithSession(otherContext, other);
      const otherPage = await otherContext.newPage();
      await otherPage.goto(`/shoes/${shoe._id}`);
      const seen = reviews(otherPage).getByRole('article', { name: 'Review by ANONYMOUS USER' });
      await expect(seen).toContainText('<b>Comfy</b> from the first day.');
      await expect(seen.getByRole('button', { name: 'Edit' })).toHaveCount(0);
      await expect(seen.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    } finally {
      await otherContext.close();
    }

    // Edit, then delete.
    await mine.getByRole('button', { name: 'Edit' }).click();
    const edit = main(page).getByRole('form', { name: 'Edit your review' });
    await edit.getByRole('textbox', { name: 'Edit your review' }).fill('Comfy, and they last.');
    await edit.getByRole('button', { name: 'Send edit' }).click();
    await expect(mine).toContainText('Comfy, and they last.');
    await mine.getByRole('button', { name: 'Delete' }).click();
    await mine.getByRole('button', { name: 'Yes, delete' }).click();
    await expect(toast(page, 'Deleted!')).toBeVisible();
    await expect(reviews(page).getByRole('article', { name: 'Your review' })).toHaveCount(0);
  });

  test("the review form's code loads when a buyer asks for it; a failed download offers Try again and Cancel", async ({
    page,
    context,
    request,
    baseURL,
    catalog,
    account,
  }) => {
    const shoe = shoeWithSizes(catalog, 1, 5);
    await signInWithSession(context, account);
    await buyAndReceive(page, request, baseURL!, shoe, inStockSizes(shoe)[0]!);
    const formCode: string[] = [];
    page.on('request', (sent) => {
      if (/\/assets\/review-form-[\w-]+\.js$/.test(sent.url())) formCode.push(sent.url());
    });
    // The form's code fails to arrive.
    await page.route(/\/assets\/review-form-[\w-]+\.js$/, (route) => route.abort());
    await page.goto(`/shoes/${shoe._id}`);
    const alreadyBought = main(page).getByRole('button', { name: 'I already bought them' });
    await expect(alreadyBought).toBeVisible();
    // Nothing of the form is fetched until the shopper asks for it.
    expect(formCode).toEqual([]);
    await alreadyBought.click();
    const failure = main(page)
      .getByRole('alert')
      .filter({ hasText: 'Something went wrong, please try again.' });
    await expect(failure).toBeVisible();
    // Cancel goes back to the button; Try again, once the code can arrive, opens the form.
    await failure.getByRole('button', { name: 'Cancel' }).click();
    await expect(failure).toHaveCount(0);
    await alreadyBought.click();
    await expect(failure).toBeVisible();
    await page.unroute(/\/assets\/review-form-[\w-]+\.js$/);
    await failure.getByRole('button', { name: 'Try again' }).click();
    const form = main(page).getByRole('form', { name: 'Write a review' });
    await expect(form.getByRole('textbox', { name: 'Your review' })).toBeVisible();
    expect(formCode.length).toBeGreaterThan(0);
  });
});
