import type { Locator, Page } from '@playwright/test';
import { formatPrice, inStockSizes, shoeWithSizes, type Catalog, type Shoe } from './support/catalog';
import { expect, test } from './support/fixtures';
import {
  addToCartFromDetail,
  cartLink,
  expectCartCount,
  expectNoHorizontalScroll,
  expectPath,
  main,
  storedCart,
  type StoredLine,
} from './support/shop';

const lines = (page: Page): Locator =>
  page.getByRole('region', { name: 'Items in your cart' }).getByRole('listitem');
const line = (page: Page, shoe: Shoe, size: string): Locator =>
  lines(page).filter({ has: page.getByRole('group', { name: `Quantity of ${shoe.name}, size ${size}` }) });
const quantity = (page: Page, shoe: Shoe, size: string): Locator =>
  page.getByRole('group', { name: `Quantity of ${shoe.name}, size ${size}` });
const subtotal = (page: Page): Locator =>
  page.getByRole('region', { name: 'Order summary' }).getByRole('definition').last();

/** Subtotal as the API's prices say it should be, summed in cents. */
function expectedSubtotal(items: { shoe: Shoe; quantity: number }[]): string {
  const cents = items.reduce((sum, item) => sum + Math.round(item.shoe.price * 100) * item.quantity, 0);
  return formatPrice(cents / 100);
}

/** Two different shoes (the first with two sizes in stock). */
function twoShoes(catalog: Catalog): [Shoe, Shoe] {
  const first = shoeWithSizes(catalog, 2);
  const second = catalog.shoes.find((shoe) => shoe._id !== first._id && inStockSizes(shoe).length > 0);
  if (!second) throw new Error('the catalogue needs two shoes in stock');
  return [first, second];
}

test.describe('cart', () => {
  test('collects lines and lets the shopper change quantities, remove and clear', async ({
    page,
    catalog,
  }) => {
    const [a, b] = twoShoes(catalog);
    const sizeA = inStockSizes(a)[0]!;
    const sizeB = inStockSizes(b)[0]!;

    await addToCartFromDetail(page, a, sizeA);
    await addToCartFromDetail(page, b, sizeB);
    // The same shoe in the same size again joins its line.
    await addToCartFromDetail(page, a, sizeA);
    await expectCartCount(page, 3);

    await cartLink(page).click();
    await expectPath(page, '/cart');
    await expect(lines(page)).toHaveCount(2);
    await expect(line(page, a, sizeA).getByRole('link', { name: a.name })).toBeVisible();
    await expect(line(page, a, sizeA)).toContainText(`Size ${sizeA}`);
    await expect(line(page, a, sizeA)).toContainText(`${formatPrice(a.price)} each`);
    await expect(quantity(page, a, sizeA)).toHaveText('2');
    await expect(quantity(page, b, sizeB)).toHaveText('1');
    await expect(subtotal(page)).toHaveText(
      expectedSubtotal([
        { shoe: a, quantity: 2 },
        { shoe: b, quantity: 1 },
      ]),
    );

    await quantity(page, b, sizeB).getByRole('button', { name: 'Increase quantity' }).click();
    await expect(quantity(page, b, sizeB)).toHaveText('2');
    await expect(subtotal(page)).toHaveText(
      expectedSubtotal([
        { shoe: a, quantity: 2 },
        { shoe: b, quantity: 2 },
      ]),
    );
    await expectCartCount(page, 4);

    // Minus stops at 1.
    const decreaseA = quantity(page, a, sizeA).getByRole('button', { name: 'Decrease quantity' });
    await decreaseA.click();
    await expect(quantity(page, a, sizeA)).toHaveText('1');
    await decreaseA.click();
    await decreaseA.click();
    await expect(quantity(page, a, sizeA)).toHaveText('1');
    await expect(subtotal(page)).toHaveText(
      expectedSubtotal([
        { shoe: a, quantity: 1 },
        { shoe: b, quantity: 2 },
      ]),
    );
    await expectCartCount(page, 3);

    await line(page, a, sizeA).getByRole('button', { name: 'Remove' }).click();
    await expect(lines(page)).toHaveCount(1);
    await expect(line(page, b, sizeB)).toBeVisible();
    await expect(subtotal(page)).toHaveText(expectedSubtotal([{ shoe: b, quantity: 2 }]));

    await main(page).getByRole('button', { name: 'Clear Cart' }).click();
    await expect(main(page).getByText('Your cart is empty')).toBeVisible();
    await expect(lines(page)).toHaveCount(0);
    await expectCartCount(page, 0);
    expect(await storedCart(page)).toEqual([]);

    await main(page).getByRole('link', { name: 'Continue Shopping' }).click();
    await expectPath(page, '/shoes');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('two sizes of one shoe are two lines', async ({ page, catalog }) => {
    const shoe = shoeWithSizes(catalog, 2);
    const [small, large] = inStockSizes(shoe);
    await addToCartFromDetail(page, shoe, small!);
    await addToCartFromDetail(page, shoe, large!);
    await page.goto('/cart');
    await expect(lines(page)).toHaveCount(2);
    await expect(quantity(page, shoe, small!)).toHaveText('1');
    await expect(quantity(page, shoe, large!)).toHaveText('1');
    await expect(subtotal(page)).toHaveText(expectedSubtotal([{ shoe, quantity: 2 }]));
  });

  test('survives a reload and navigation, stored under carrito', async ({ page, catalog }) => {
    const [a, b] = twoShoes(catalog);
    const sizeA = inStockSizes(a)[0]!;
    const sizeB = inStockSizes(b).at(-1)!;
    await addToCartFromDetail(page, a, sizeA);
    await addToCartFromDetail(page, b, sizeB);

    const stored = (await storedCart(page)) as StoredLine[];
    expect(stored).toEqual([
      { _id: a._id, name: a.name, image: a.image, quantity: 1, price: a.price, size: sizeA },
      { _id: b._id, name: b.name, image: b.image, quantity: 1, price: b.price, size: sizeB },
    ]);

    await page.goto('/cart');
    await quantity(page, a, sizeA).getByRole('button', { name: 'Increase quantity' }).click();
    await expect(quantity(page, a, sizeA)).toHaveText('2');

    await page.reload();
    await expect(lines(page)).toHaveCount(2);
    await expect(quantity(page, a, sizeA)).toHaveText('2');
    await expectCartCount(page, 3);

    // Leaving the cart and coming back through the header keeps it too.
    await page.getByRole('banner').getByRole('link', { name: 'Deals' }).click();
    await expectPath(page, '/sale');
    await expectCartCount(page, 3);
    await cartLink(page).click();
    await expect(lines(page)).toHaveCount(2);
    await expect(quantity(page, a, sizeA)).toHaveText('2');
    await expect(quantity(page, b, sizeB)).toHaveText('1');
    await expect(subtotal(page)).toHaveText(
      expectedSubtotal([
        { shoe: a, quantity: 2 },
        { shoe: b, quantity: 1 },
      ]),
    );
  });

  for (const { kind, value } of [
    { kind: 'text that is not JSON', value: '{not json' },
    { kind: 'lines of the wrong shape', value: '[{"_id":1}]' },
  ]) {
    test(`a stored cart holding ${kind} starts empty and the shop still works`, async ({ page, catalog }) => {
      // Corrupt the stored cart once, before the app's first load.
      await page.addInitScript((corrupt) => {
        if (window.sessionStorage.getItem('e2e-corrupted')) return;
        window.sessionStorage.setItem('e2e-corrupted', '1');
        window.localStorage.setItem('carrito', corrupt);
      }, value);

      await page.goto('/cart');
      await expect(main(page).getByText('Your cart is empty')).toBeVisible();
      await expectCartCount(page, 0);

      const shoe = shoeWithSizes(catalog, 1);
      const size = inStockSizes(shoe)[0]!;
      await addToCartFromDetail(page, shoe, size);
      expect(await storedCart(page)).toEqual([
        { _id: shoe._id, name: shoe.name, image: shoe.image, quantity: 1, price: shoe.price, size },
      ]);
      await cartLink(page).click();
      await expect(lines(page)).toHaveCount(1);
      await expect(subtotal(page)).toHaveText(formatPrice(shoe.price));
    });
  }

  test('the cart fits a phone screen without horizontal scrolling @phone', async ({ page, catalog }) => {
    // The longest name is the hardest line to fit.
    const shoe = [...catalog.shoes]
      .filter((candidate) => inStockSizes(candidate).length > 0)
      .sort((x, y) => y.name.length - x.name.length)[0]!;
    await addToCartFromDetail(page, shoe, inStockSizes(shoe).at(-1)!);
    // Straight through the header icon: the 'added' notice must not cover it.
    await cartLink(page).click();
    await expectPath(page, '/cart');
    await expect(lines(page)).toHaveCount(1);
    await expect(page.getByRole('region', { name: 'Order summary' })).toBeVisible();
    await expect(main(page).getByRole('button', { name: 'Clear Cart' })).toBeVisible();
    await expectNoHorizontalScroll(page);
  });
});
