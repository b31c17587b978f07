import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { sameOrigin } from './support/accounts';
import { expect, lettersName, pngImage, signInAsAdminWithSession, test } from './support/admin';
import { expectNoAxeViolations } from './support/axe';
import { waitForTakeover } from './support/fixtures';

/**
 * Photo galleries (issue 33 item 1), on the admin tests' kind of own shop (support/admin.ts): staff
 * add photos to a shoe in the browser, reorder them with the keyboard buttons and choose the cover;
 * the shopper's shoe page shows them as a gallery. The tests take turns on one shoe, in one worker.
 */
test.describe.configure({ mode: 'serial' });

const SCREENSHOTS = process.env.GALLERY_SCREENSHOTS;
let shoeId = '';
let shoeName = '';

const photosCard = (page: Page): Locator => page.getByRole('region', { name: 'Photos' });
const photoRows = (page: Page): Locator =>
  photosCard(page).getByRole('list', { name: 'Photos in order' }).getByRole('listitem');
const altField = (row: Locator): Locator => row.getByLabel('Description (alt text)');

/** Where no layout shift has happened since the page started: the sum of every shift's value. */
const layoutShift = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
          })[]) {
            if (!entry.hadRecentInput) total += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(total)));
      }),
  );

test('staff add two photos, reorder them with the keyboard and choose the cover', async ({
  page,
  context,
  ownShop,
}) => {
  await signInAsAdminWithSession(context, ownShop);
  shoeName = lettersName('Gallery');
  const created = await page.request.post('/api/shoes', {
    headers: sameOrigin(ownShop.baseURL),
    multipart: {
      brand: 'Stride',
      name: shoeName,
      color: 'Blue',
      price: '120',
      size: '9',
      q: '5',
      description: 'A shoe to show off.',
      image: { name: 'cover.png', mimeType: 'image/png', buffer: await pngImage() },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  shoeId = ((await created.json()) as { shoe: { _id: string } }).shoe._id;

  await page.goto(`/modifshoe?shoe=${shoeId}`);
  await expect(photoRows(page)).toHaveCount(1);
  const side = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#e4572e' } })
    .png()
    .toBuffer();
  const sole = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#29a36a' } })
    .jpeg()
    .toBuffer();
  await photosCard(page)
    .getByLabel('Add photos')
    .setInputFiles([
      { name: 'side.png', mimeType: 'image/png', buffer: side },
      { name: 'sole.jpg', mimeType: 'image/jpeg', buffer: sole },
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') },
    ]);
  const uploads = photosCard(page).getByRole('list', { name: 'Photo uploads' }).getByRole('listitem');
  await expect(uploads).toHaveCount(3);
  await expect(uploads.nth(0)).toContainText('Added');
  await expect(uploads.nth(1)).toContainText('Added');
  await expect(uploads.nth(2)).toContainText('This file is not an image');
  await expect(photoRows(page)).toHaveCount(3);
  await expect(altField(photoRows(page).nth(2))).toHaveValue(`Stride ${shoeName}, photo 3`);

  // Describe the sole photo, then move it earlier with the keyboard: the focus stays on its button.
  await altField(photoRows(page).nth(2)).fill('The green sole');
  await photoRows(page).nth(2).getByRole('button', { name: 'Save description' }).click();
  await expect(photosCard(page).getByText('Description saved')).toBeAttached();
  const moveEarlier = photoRows(page).nth(2).getByRole('button', { name: 'Move earlier' });
  await moveEarlier.focus();
  await page.keyboard.press('Enter');
  await expect(altField(photoRows(page).nth(1))).toHaveValue('The green sole');
  await expect(photosCard(page).getByText('The green sole moved to position 2 of 3')).toBeAttached();
  await expect(photoRows(page).nth(1).getByRole('button', { name: 'Move earlier' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(altField(photoRows(page).nth(0))).toHaveValue('The green sole');
  // At the front, Move earlier is off: the focus moved to Move later.
  await expect(photoRows(page).nth(0).getByRole('button', { name: 'Move later' })).toBeFocused();

  // Make the side photo (now last) the cover.
  await photoRows(page).nth(2).getByRole('button', { name: 'Make cover' }).click();
  await expect(altField(photoRows(page).nth(0))).toHaveValue(`Stride ${shoeName}, photo 2`);
  await expect(photoRows(page).nth(0)).toContainText('Cover');
  const shoe = (await (await page.request.get(`/api/shoes/${shoeId}`)).json()) as {
    image: string;
    images: { url: string; alt: string }[];
  };
  expect(shoe.images.map((photo) => photo.alt)).toEqual([
    `Stride ${shoeName}, photo 2`,
    'The green sole',
    shoeName,
  ]);
  expect(shoe.image).toBe(shoe.images[0]!.url);

  // Deleting asks first.
  await photoRows(page).nth(2).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(photoRows(page)).toHaveCount(3);

  await expectNoAxeViolations(page, { seriousOnly: false, include: 'main' });
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/admin-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page, { seriousOnly: false, include: 'main' });
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/admin-390.png`, fullPage: true });
});

for (const width of [1280, 390]) {
  test(`the shopper's shoe page shows the gallery at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/shoes/${shoeId}`);
    const gallery = page.getByRole('region', { name: `Photos of Stride ${shoeName}` });
    const thumbnails = gallery.getByRole('list', { name: 'Choose a photo' }).getByRole('button');
    await expect(thumbnails).toHaveCount(3);
    await expect(thumbnails.nth(1)).toHaveAccessibleName('The green sole');
    await expect(thumbnails.nth(0)).toHaveAttribute('aria-current', 'true');
    // The cover is the largest paint: fetched first, never lazily.
    const main = gallery.getByRole('img', { name: `Stride ${shoeName}, photo 2` });
    await expect(main).toHaveAttribute('fetchpriority', 'high');
    await expect(main).not.toHaveAttribute('loading', 'lazy');
    await expect(thumbnails.nth(2).locator('img')).toHaveAttribute('loading', 'lazy');
    expect(await layoutShift(page)).toBe(0);

    await gallery.getByRole('button', { name: 'Next photo' }).click();
    await expect(gallery.getByRole('img', { name: 'The green sole' })).toBeVisible();
    await expect(gallery.getByText('Photo 2 of 3')).toBeAttached();
    await page.keyboard.press('ArrowRight');
    await expect(thumbnails.nth(2)).toHaveAttribute('aria-current', 'true');
    await page.keyboard.press('ArrowRight');
    await expect(thumbnails.nth(0)).toHaveAttribute('aria-current', 'true');
    await page.keyboard.press('ArrowLeft');
    await expect(thumbnails.nth(2)).toHaveAttribute('aria-current', 'true');
    await thumbnails.nth(1).click();
    await expect(gallery.getByText('Photo 2 of 3')).toBeAttached();

    // The full-size view: opened by the picture, closed by Escape; by its button, focus comes back.
    await gallery.getByRole('img', { name: 'The green sole' }).click();
    const dialog = page.getByRole('dialog', { name: 'The green sole' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('img', { name: 'The green sole' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    const fullSize = gallery.getByRole('button', { name: 'View full size' });
    await fullSize.click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/dialog-${width}.png` });
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(fullSize).toBeFocused();

    await expectNoAxeViolations(page);
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/shoe-${width}.png`, fullPage: true });
  });
}

test('a phone swipes between the photos', async ({ browser, ownShop }) => {
  const context = await browser.newContext({
    baseURL: ownShop.baseURL,
    hasTouch: true,
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  await page.goto(`/shoes/${shoeId}`);
  // A page of this test's own context: it waits for the app's takeover itself, as the fixture's pages
  // do, since a swipe on the server's markup before hydration has no handler to hear it.
  await waitForTakeover(page);
  const gallery = page.getByRole('region', { name: `Photos of Stride ${shoeName}` });
  const box = (await gallery.getByRole('img', { name: `Stride ${shoeName}, photo 2` }).boundingBox())!;
  const y = box.y + box.height / 2;
  const swipe = async (fromX: number, toX: number) => {
    const frame = gallery.locator('div').first();
    await frame.dispatchEvent('pointerdown', {
      pointerType: 'touch',
      clientX: fromX,
      clientY: y,
      isPrimary: true,
    });
    await frame.dispatchEvent('pointerup', {
      pointerType: 'touch',
      clientX: toX,
      clientY: y,
      isPrimary: true,
    });
  };
  await swipe(box.x + box.width - 40, box.x + 40);
  await expect(gallery.getByText('Photo 2 of 3')).toBeAttached();
  await swipe(box.x + 40, box.x + box.width - 40);
  await expect(gallery.getByText('Photo 1 of 3')).toBeAttached();
  await context.close();
});

test('a shoe with one photo shows it as always, without thumbnails', async ({ page }) => {
  const shoes = (await (await page.request.get('/api/shoes?limit=100')).json()) as { _id: string }[];
  type Detail = { _id: string; brand: string; name: string; color: string; images: unknown[] };
  const details = await Promise.all(
    shoes.map(async ({ _id }) => (await (await page.request.get(`/api/shoes/${_id}`)).json()) as Detail),
  );
  const single = details.find((shoe) => shoe.images.length === 1)!;
  if (SCREENSHOTS) {
    // A demo shoe whose gallery the seed drew (the cover, the other side, the toe).
    const drawn = details.find((shoe) => shoe.images.length === 3)!;
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/shoes/${drawn._id}`);
    await page.screenshot({ path: `${SCREENSHOTS}/demo-1280.png` });
  }
  await page.goto(`/shoes/${single._id}`);
  await expect(
    page.getByRole('main').getByRole('img', { name: `${single.brand} ${single.name} in ${single.color}` }),
  ).toBeVisible();
  await expect(page.getByRole('list', { name: 'Choose a photo' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Next photo' })).toHaveCount(0);
});
