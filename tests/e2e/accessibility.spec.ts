import type { Page } from '@playwright/test';
import { profileCard, signInForm, signInWithSession, signUpForm } from './support/accounts';
import { inStockSizes, shoeWithSizes, type Catalog } from './support/catalog';
import { expectNoAxeViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { addToCartFromDetail, brandsButton, header, main, shoeCards } from './support/shop';

const pages: { name: string; open: (page: Page, catalog: Catalog) => Promise<void> }[] = [
  {
    name: 'home',
    open: async (page) => {
      await page.goto('/');
      await expect(page.getByRole('region', { name: 'Hot deals' }).getByRole('link').first()).toBeVisible();
      await expect(shoeCards(page.getByRole('region', { name: 'The collection' }))).toHaveCount(6);
    },
  },
  {
    name: 'catalogue',
    open: async (page) => {
      await page.goto('/shoes');
      await expect(shoeCards(main(page))).toHaveCount(6);
    },
  },
  {
    name: 'catalogue filtered by a size, on a phone with the filters open',
    open: async (page) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/shoes?size=9.5&sort=price_asc');
      await main(page)
        .getByRole('button', { name: /^Filters/ })
        .click();
      await expect(
        page.getByRole('dialog', { name: 'Filters' }).getByRole('group', { name: 'Size' }),
      ).toBeVisible();
    },
  },
  {
    name: 'brand collection with its filters',
    open: async (page, catalog) => {
      await page.goto(`/collections/${encodeURIComponent(catalog.shoes[0]!.brand)}?color=Navy`);
      await expect(main(page).getByRole('complementary', { name: 'Filters' })).toBeVisible();
    },
  },
  {
    name: 'shoe detail',
    open: async (page, catalog) => {
      const shoe = catalog.onSale[0] ?? catalog.shoes[0]!;
      await page.goto(`/shoes/${shoe._id}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(shoe.name);
    },
  },
  {
    name: 'cart with an item',
    open: async (page, catalog) => {
      const shoe = shoeWithSizes(catalog, 1);
      await addToCartFromDetail(page, shoe, inStockSizes(shoe)[0]!);
      await page.goto('/cart');
      await expect(page.getByRole('region', { name: 'Order summary' })).toBeVisible();
      await expect(main(page).getByRole('button', { name: 'Remove' })).toHaveCount(1);
    },
  },
  {
    name: 'sale',
    open: async (page) => {
      await page.goto('/sale');
      await expect(shoeCards(main(page))).toHaveCount(8);
    },
  },
  {
    name: 'home with the recently viewed row',
    open: async (page, catalog) => {
      await page.goto(`/shoes/${catalog.shoes[0]!._id}`);
      await expect(page.getByRole('heading', { level: 1, name: catalog.shoes[0]!.name })).toBeVisible();
      await page.goto('/');
      await expect(page.getByRole('region', { name: 'Recently viewed' }).getByRole('link')).toHaveCount(1);
    },
  },
  {
    name: 'search results',
    open: async (page) => {
      await page.goto('/search?q=high%20top');
      await expect(shoeCards(main(page))).toHaveCount(6);
    },
  },
  {
    name: 'sign-in',
    open: async (page) => {
      await page.goto('/signin');
      await expect(signInForm(page)).toBeVisible();
      // The Google button settles once the providers are known.
      await expect(main(page).getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
    },
  },
  {
    name: 'create account',
    open: async (page) => {
      await page.goto('/createaccount');
      await expect(signUpForm(page)).toBeVisible();
    },
  },
  {
    name: 'password recovery',
    open: async (page) => {
      await page.goto('/forget');
      await expect(page.getByRole('form', { name: 'Recover your password' })).toBeVisible();
    },
  },
  {
    name: 'email confirmation',
    open: async (page) => {
      await page.goto('/verify-email?token=not-a-real-token');
      await expect(main(page).getByRole('alert')).toContainText('This confirmation link');
      await expect(main(page).getByRole('link', { name: 'Sign in' })).toBeVisible();
    },
  },
];

test.describe('accessibility', () => {
  for (const { name, open } of pages) {
    test(`the ${name} page has no serious or critical axe violations`, async ({ page, catalog }) => {
      await open(page, catalog);
      await expectNoAxeViolations(page);
    });
  }

  test('the account page of a signed-in shopper has no serious or critical axe violations', async ({
    page,
    shopper,
  }) => {
    await signInWithSession(page.context(), shopper);
    await page.goto('/account');
    await expect(profileCard(page)).toContainText(shopper.email);
    await page
      .getByRole('region', { name: 'My Orders' })
      .getByRole('button', { name: 'SHOW ORDERS' })
      .click();
    await expect(page.getByText('You have no orders yet.')).toBeVisible();
    // The account deletion's disclosure open too, so its form is checked as well.
    await page.getByRole('button', { name: 'Delete account' }).click();
    await expect(page.getByRole('form', { name: 'Delete my account' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('every button and link of the header has an accessible name', async ({ page, catalog }) => {
    await page.goto('/');
    await brandsButton(page).click();
    await expect(header(page).getByRole('navigation', { name: 'Main' }).getByRole('list')).toBeVisible();

    const controls = header(page).getByRole('button').or(header(page).getByRole('link'));
    // Title, BRANDS, Deals, Search, Cart, Account and one link per brand.
    await expect(controls).toHaveCount(6 + catalog.brands.length);
    for (const control of await controls.all()) {
      await expect(control).toHaveAccessibleName(/\S/);
    }
  });
});
