import { signInWithSession } from './support/accounts';
import { expect, test } from './support/fixtures';
import { expectPath, main, shoeCards, toast } from './support/shop';

test.describe('favorites', () => {
  test('the heart adds and removes a shoe, and MY FAVORITES! lists it', async ({
    page,
    context,
    catalog,
    account,
  }) => {
    await signInWithSession(context, account);
    const [first, second] = catalog.shoes;
    for (const shoe of [first!, second!]) {
      await page.goto(`/shoes/${shoe._id}`);
      await main(page).getByRole('button', { name: 'Add to favorites' }).click();
      await expect(toast(page, 'Shoe added to Favorites')).toBeVisible();
      await expect(main(page).getByRole('button', { name: 'Remove from favorites' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
    }

    await page.goto('/favorites');
    await expect(page.getByRole('heading', { level: 1, name: 'MY FAVORITES!' })).toBeVisible();
    await expect(shoeCards(main(page))).toHaveCount(2);
    await expect(main(page).getByRole('heading', { name: first!.name, exact: true })).toBeVisible();

    await page.goto(`/shoes/${first!._id}`);
    await main(page).getByRole('button', { name: 'Remove from favorites' }).click();
    await expect(toast(page, 'Shoe removed from Favorites')).toBeVisible();
    await page.goto('/favorites');
    await expect(shoeCards(main(page))).toHaveCount(1);
    await expect(main(page).getByRole('heading', { name: second!.name, exact: true })).toBeVisible();
  });

  test('a visitor pressing the heart is sent to sign in, and /favorites needs an account', async ({
    page,
    catalog,
  }) => {
    await page.goto(`/shoes/${catalog.shoes[0]!._id}`);
    await main(page).getByRole('button', { name: 'Add to favorites' }).click();
    await expectPath(page, '/signin');
    await page.goto('/favorites');
    await expectPath(page, '/signin');
  });
});
