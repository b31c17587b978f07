import { formatPrice, inStockSizes, shoeWithSizes } from './support/catalog';
import { expect, test } from './support/fixtures';
import {
  buyButton,
  expectCartCount,
  expectPath,
  main,
  navigateInApp,
  sizeSelect,
  storedCart,
  toast,
} from './support/shop';

test.describe('shoe detail', () => {
  test('shows LOADING... and then the whole shoe', async ({ page, catalog }) => {
    const shoe = shoeWithSizes(catalog, 3);
    // Hold the shoe's answer until LOADING... has been seen.
    let release!: () => void;
    const answered = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/api/shoes/${shoe._id}`, async (route) => {
      await answered;
      await route.continue();
    });

    // Inside the app: a page load would bring the shoe with the server's HTML.
    await navigateInApp(page, `/shoes/${shoe._id}`);
    await expect(main(page).getByText('LOADING...', { exact: true })).toBeVisible();
    release();
    await expect(main(page).getByText('LOADING...', { exact: true })).toBeHidden();

    const content = main(page);
    await expect(content.getByRole('heading', { level: 1 })).toHaveText(shoe.name);
    const image = content.getByRole('img', { name: `${shoe.brand} ${shoe.name}` });
    await expect(image).toBeVisible();
    await expect(image).toHaveAttribute('src', shoe.image);
    await expect(image).toHaveJSProperty('complete', true);
    await expect(image).not.toHaveJSProperty('naturalWidth', 0);
    await expect(content.getByText(shoe.description, { exact: true })).toBeVisible();
    await expect(content.getByText(formatPrice(shoe.price), { exact: true })).toBeVisible();
    await expect(content.getByRole('term').filter({ hasText: 'Color' })).toBeVisible();
    await expect(content.getByRole('definition').filter({ hasText: shoe.color })).toHaveText(shoe.color);
    await expect(content.getByRole('definition').filter({ hasText: shoe.brand })).toHaveText(shoe.brand);
    await expect(content.getByRole('link', { name: shoe.brand, exact: true })).toBeVisible();

    // The dropdown offers exactly the sizes in stock, after the "Choose size" prompt.
    await expect(sizeSelect(page).getByRole('option')).toHaveText(['Choose size', ...inStockSizes(shoe)]);
    await expect(sizeSelect(page)).toHaveValue('');
    await expect(buyButton(page)).toBeEnabled();

    const backHome = content.getByRole('link', { name: 'Back Home' });
    await expect(backHome).toHaveAttribute('href', '/');
    await backHome.click();
    await expectPath(page, '/');
  });

  test('BUY ME! without a size asks for one, with a size adds the shoe to the cart', async ({
    page,
    catalog,
  }) => {
    const shoe = shoeWithSizes(catalog, 2);
    const size = inStockSizes(shoe)[1]!;
    await page.goto(`/shoes/${shoe._id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(shoe.name);

    await buyButton(page).click();
    await expect(toast(page, 'Add size')).toBeVisible();
    // Issue 32: the picker says what is missing and takes the focus.
    await expect(sizeSelect(page)).toBeFocused();
    await expect(sizeSelect(page)).toHaveAttribute('aria-invalid', 'true');
    await expectCartCount(page, 0);
    expect(await storedCart(page)).toBeNull();

    await sizeSelect(page).selectOption(size);
    await expect(sizeSelect(page)).not.toHaveAttribute('aria-invalid');
    await buyButton(page).click();
    await expect(toast(page, 'Your shoe add to cart')).toBeVisible();
    // Issue 32: the notice leads on to the cart, from the keyboard too.
    const viewCart = toast(page, 'Your shoe add to cart').getByRole('link', { name: 'View cart' });
    await expect(viewCart).toHaveAttribute('href', '/cart');
    await viewCart.focus();
    await page.keyboard.press('Enter');
    await expectPath(page, '/cart');
    await expectCartCount(page, 1);
    expect(await storedCart(page)).toEqual([
      { _id: shoe._id, name: shoe.name, image: shoe.image, quantity: 1, price: shoe.price, size },
    ]);
  });

  for (const width of [390, 1280]) {
    test(`at ${width} px the picture's frame keeps the picture's ratio beside a sold-out size's form`, async ({
      page,
      catalog,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      const shoe = shoeWithSizes(catalog, 3);
      // One size sold out (answered so, in the app): the restock form makes the text column taller.
      await page.route(`**/api/shoes/${shoe._id}`, async (route) => {
        const answer = await route.fetch();
        const body = (await answer.json()) as { stock: { quantity: number }[] };
        body.stock[0]!.quantity = 0;
        await route.fulfill({ response: answer, json: body });
      });
      await navigateInApp(page, `/shoes/${shoe._id}`);
      await expect(main(page).getByRole('option', { name: /sold out/ })).toHaveCount(1);
      const image = main(page).getByRole('img', { name: `${shoe.brand} ${shoe.name}` });
      await expect(image).toHaveJSProperty('complete', true);
      const picture = (await image.boundingBox())!;
      const frame = (await image.locator('..').boundingBox())!;
      // Issue 32: the frame was stretched to the column's height, a white band under the picture.
      expect(Math.abs(frame.height - picture.height)).toBeLessThanOrEqual(2);
      expect(picture.width / picture.height).toBeCloseTo(4 / 3, 1);
      await page.screenshot({ path: test.info().outputPath(`shoe-frame-${width}.png`), fullPage: true });
    });
  }

  for (const { kind, id } of [
    { kind: 'an unknown id', id: '00000000-0000-4000-8000-000000000000' },
    { kind: 'a malformed id', id: 'not-a-shoe' },
  ]) {
    test(`${kind} shows a not-found message with a way home`, async ({ page }) => {
      await page.goto(`/shoes/${id}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shoe not found');
      await expect(buyButton(page)).toHaveCount(0);
      await main(page).getByRole('link', { name: 'Back Home' }).click();
      await expectPath(page, '/');
      await expect(page.getByRole('region', { name: 'The collection' })).toBeVisible();
    });
  }
});
