import { paymentMethodBody } from '../fixtures/payment';
import { sameOrigin } from './support/accounts';
import type { Shoe } from './support/catalog';
import { expect, test } from './support/fixtures';
import { newestMailTo } from './support/mail';

/**
 * Mails a shopper keeps (issue 31 item 7): the order confirmation the shop really sends (through
 * SMTP to the capture of global-setup.ts) is HTML that a phone (390 px) and a mail client's column
 * (600 px) show whole: nothing wider than the screen, every picture loaded from the shop. The
 * screenshots are kept in the test's output folder for a person to look at.
 */
const DELIVERY = {
  name: "Sam O'Brien",
  line1: '1600 Pennsylvania Ave. NW',
  line2: 'Apt #2',
  city: 'Winston-Salem',
  state: 'North Carolina',
  postal_code: '27101-1234',
};

test('the order confirmation is an HTML mail that fits 390 and 600 px', async ({
  page,
  account,
  catalog,
  playwright,
  baseURL,
}, testInfo) => {
  // A shoe and a size that other specs leave alone (they buy from the catalogue's start).
  const shoe: Shoe | undefined = [...catalog.shoes]
    .reverse()
    .find((candidate) => candidate.stock.some((entry) => entry.quantity >= 3));
  if (!shoe) throw new Error('the catalogue has no shoe with 3 units of a size');
  const size = shoe.stock.find((entry) => entry.quantity >= 3)!.size;
  const request = await playwright.request.newContext({
    baseURL,
    storageState: { cookies: account.cookies, origins: [] },
  });
  const headers = sameOrigin(baseURL!);
  const method = await request.post('/api/payments/methods', { headers, data: paymentMethodBody() });
  expect(method.status(), await method.text()).toBe(200);
  const paid = await request.post('/api/cart/checkout', {
    headers,
    data: {
      id: ((await method.json()) as { id: string }).id,
      shoes: [{ _id: shoe._id, size, quantity: 2 }],
      amount: Math.round(shoe.price * 100) * 2,
      deliveryAddress: DELIVERY,
    },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  const { order } = (await paid.json()) as { order: { idPayment: string; number: string } };
  await request.dispose();

  const mail = await newestMailTo(account.email, new RegExp(`order ${order.idPayment}`));
  expect(mail.text).toContain('Thanks for your order!');
  expect(mail.html).toBeDefined();

  for (const width of [390, 600]) {
    await page.setViewportSize({ width, height: 900 });
    await page.setContent(mail.html!, { waitUntil: 'load' });
    await expect(page.getByRole('heading', { name: 'Thanks for your order!' })).toBeVisible();
    await expect(page.getByText(order.number, { exact: true })).toBeVisible();
    await expect(page.getByText(shoe.name)).toBeVisible();
    await expect(page.getByText(`Size ${size} · Qty 2`)).toBeVisible();
    await expect(page.getByText('Winston-Salem, NC 27101-1234')).toBeVisible();
    await expect(page.getByRole('link', { name: 'View your order' })).toHaveAttribute(
      'href',
      `${baseURL}/order/${order.idPayment}`,
    );
    const fit = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
      images: [...document.images].map((image) => ({ src: image.src, loaded: image.naturalWidth > 0 })),
    }));
    expect(fit.scrollWidth, `no horizontal scrolling at ${width} px`).toBeLessThanOrEqual(fit.clientWidth);
    expect(fit.images.length).toBeGreaterThan(0);
    for (const image of fit.images) expect(image, `${image.src} loads`).toMatchObject({ loaded: true });
    await page.screenshot({ path: testInfo.outputPath(`confirmation-${width}.png`), fullPage: true });
  }
});
