import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Locator, Page } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { createAccount, sameOrigin, signInWithSession } from './support/accounts';
import { expect, signInAsAdminWithSession, testOnShopWithSettings } from './support/admin';
import { expectNoAxeViolations } from './support/axe';
import { expectPath, toast } from './support/shop';

/**
 * Webhooks in the admin panel (issue 34 item 3): the staff add an endpoint pointing at a receiver this
 * file starts, see its secret once, send a test event and see it delivered (the receiver checks the
 * Standard Webhooks signature with that secret), make the receiver fail, replay and read the attempts;
 * a shopper cannot open the page. On a shop of the file's own: it posts to 127.0.0.1, which a shop
 * refuses unless WEBHOOK_ALLOWED_HOSTS says so, and its automatic retries wait ten minutes, so every
 * attempt counted here is one the test asked for.
 */
const test = testOnShopWithSettings({
  WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
  WEBHOOK_RETRY_DELAYS_MS: '600000',
});

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

const ANSWER_AFTER_MS = 1_500;

/** A receiver on a free port: keeps every request, answers 200, or 500 while `failing`, after a moment. */
async function startReceiver() {
  const received: Received[] = [];
  const state = { failing: false };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      // Answered a moment later: the log read after the button's answer still shows it on its way,
      // so only the page's polling can show how it ended.
      setTimeout(() => {
        if (state.failing) response.writeHead(500).end('receiver down for maintenance');
        else response.writeHead(200, { 'content-type': 'text/plain' }).end('thanks');
      }, ANSWER_AFTER_MS);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/sneakers`,
    received,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const endpointsCard = (page: Page): Locator => page.getByRole('region', { name: 'Endpoints' });
const deliveryLog = (page: Page): Locator => page.getByRole('region', { name: /^Delivery log/ });
/** The log's one delivery row (its event is the row's header). */
const pingRow = (page: Page): Locator =>
  deliveryLog(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'Test event' }) });
const cellOf = (row: Locator, index: number): Locator => row.getByRole('cell').nth(index);

test('staff add an endpoint, keep its secret once, test it, and replay a failed delivery', async ({
  page,
  context,
  ownShop,
}) => {
  test.setTimeout(90_000);
  const receiver = await startReceiver();
  try {
    await signInAsAdminWithSession(context, ownShop);
    await page.goto('/admin');
    await page
      .getByRole('navigation', { name: 'Admin tools' })
      .getByRole('link', { name: /^Webhooks/ })
      .click();
    await expectPath(page, '/webhooks');
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
    await expect(endpointsCard(page)).toContainText('No endpoints yet');

    // The form opens on its first field; the contract's messages, then the server's refusal of an address.
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const form = page.getByRole('form', { name: 'Add an endpoint' });
    const url = form.getByRole('textbox', { name: 'URL' });
    await expect(url).toBeFocused();
    await url.fill('ftp://example.com/hook');
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(form.getByText('Give an http:// or https:// address.')).toBeVisible();
    await expect(form.getByText('Choose at least one event.')).toBeVisible();
    await expect(url).toHaveAttribute('aria-invalid', 'true');

    const events = form.getByRole('group', { name: 'Events' });
    const all = events.getByRole('checkbox', { name: 'All events' });
    await all.check();
    await expect(events.getByRole('checkbox')).toHaveCount(10);
    for (const box of await events.getByRole('checkbox').all()) await expect(box).toBeChecked();
    await all.uncheck();
    await events.getByRole('checkbox', { name: /^Order paid/ }).check();
    await events.getByRole('checkbox', { name: /^Order shipped/ }).check();
    await expect(all).not.toBeChecked();
    await expect(all).toHaveJSProperty('indeterminate', true);
    await url.fill('http://10.20.30.40/hook');
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(url).toBeFocused();
    await expect(url).toHaveAccessibleDescription(/10\.20\.30\.40/);

    await url.fill(receiver.url);
    await form.getByRole('textbox', { name: 'Description (optional)' }).fill('The warehouse');
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(toast(page, 'Endpoint added')).toBeVisible();

    // The secret, once, focused, with the warning; it signs what the receiver gets.
    const secretBox = page.getByRole('region', { name: 'Signing secret' });
    await expect(secretBox).toBeFocused();
    await expect(secretBox).toContainText('Store it now: it will not be shown again');
    const secret = await secretBox.getByRole('textbox', { name: 'Signing secret' }).inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    await expect(secretBox.getByRole('button', { name: 'Copy the signing secret' })).toBeVisible();
    await expectNoAxeViolations(page, { seriousOnly: false });

    const item = endpointsCard(page).getByRole('listitem').filter({ hasText: receiver.url });
    await expect(item).toContainText('Active');
    await expect(item).toContainText('The warehouse');
    await expect(item).toContainText('Events: Order paid, Order shipped');
    await expect(deliveryLog(page)).toContainText('Nothing sent yet');

    // A test event: delivered, signed with the secret shown.
    await item.getByRole('button', { name: /^Send test event/ }).click();
    await expect(toast(page, 'Test event queued')).toBeVisible();
    await expect(cellOf(pingRow(page), 0)).toHaveText('Delivered');
    await expect(cellOf(pingRow(page), 1)).toHaveText('1');
    await expect(cellOf(pingRow(page), 2)).toHaveText('200');
    expect(receiver.received).toHaveLength(1);
    const [first] = receiver.received;
    const payload = new Webhook(secret).verify(first!.body, first!.headers as Record<string, string>) as {
      type: string;
    };
    expect(payload.type).toBe('ping');
    await deliveryLog(page)
      .getByText(/^Response/)
      .click();
    await expect(deliveryLog(page).getByText('thanks')).toBeVisible();
    await expectNoAxeViolations(page, { seriousOnly: false });

    // The receiver fails: the replay is attempt 2, pending again with its next attempt and the reason.
    receiver.state.failing = true;
    await pingRow(page)
      .getByRole('button', { name: /^Replay Test event/ })
      .click();
    await expect(toast(page, 'Test event queued again')).toBeVisible();
    await expect(cellOf(pingRow(page), 2)).toHaveText('500');
    await expect(cellOf(pingRow(page), 0)).toHaveText('Pending');
    await expect(cellOf(pingRow(page), 1)).toHaveText('2');
    await expect(cellOf(pingRow(page), 4)).toHaveText(/UTC$/);
    await expect(deliveryLog(page)).toContainText('Answered 500.');
    await expect(deliveryLog(page)).toContainText('receiver down for maintenance');
    await expect(deliveryLog(page)).toContainText('Updated on its own while a delivery is on its way.');

    // Back up: a replay delivers it, with the same webhook-id, on attempt 3.
    receiver.state.failing = false;
    await pingRow(page)
      .getByRole('button', { name: /^Replay Test event/ })
      .click();
    await expect(cellOf(pingRow(page), 0)).toHaveText('Delivered');
    await expect(cellOf(pingRow(page), 1)).toHaveText('3');
    await expect(cellOf(pingRow(page), 4)).toHaveText('—');
    expect(receiver.received).toHaveLength(3);
    expect(new Set(receiver.received.map((request) => request.headers['webhook-id']))).toEqual(
      new Set([first!.headers['webhook-id']]),
    );

    // Pause and resume; rotate (asked first): a new secret, which signs the next test event.
    await item.getByRole('button', { name: /^Pause/ }).click();
    await expect(item).toContainText('Paused');
    await item.getByRole('button', { name: /^Resume/ }).click();
    await expect(item).toContainText('Active');
    await page.getByRole('button', { name: 'I have stored it' }).click();
    await expect(secretBox).toHaveCount(0);
    await item.getByRole('button', { name: /^Rotate secret/ }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Rotate secret' }).click();
    await expect(secretBox).toBeFocused();
    const rotated = await secretBox.getByRole('textbox', { name: 'Signing secret' }).inputValue();
    expect(rotated).not.toBe(secret);

    // Edit: its events, the form opened on the URL field.
    await item.getByRole('button', { name: /^Edit/ }).click();
    const edit = page.getByRole('form', { name: 'Edit the endpoint' });
    await expect(edit.getByRole('textbox', { name: 'URL' })).toBeFocused();
    await edit.getByRole('checkbox', { name: 'All events' }).check();
    await edit.getByRole('button', { name: 'Save endpoint' }).click();
    await expect(toast(page, 'Endpoint saved')).toBeVisible();
    await expect(item).toContainText('Events: All events');

    // Leaving the page forgets the secret: back on it, none is shown.
    await page.goto('/admin');
    await page.goBack();
    await expect(endpointsCard(page).getByRole('listitem')).toHaveCount(1);
    await expect(secretBox).toHaveCount(0);
    await expect(page.getByText(rotated)).toHaveCount(0);

    // Delete, asked first: the list is empty again and the focus is on it.
    await endpointsCard(page)
      .getByRole('button', { name: /^Delete/ })
      .click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete endpoint' }).click();
    await expect(endpointsCard(page)).toContainText('No endpoints yet');
    await expect(endpointsCard(page).getByRole('heading', { name: 'Endpoints' })).toBeFocused();
    await expect(deliveryLog(page)).toHaveCount(0);
  } finally {
    await receiver.close();
  }
});

test('a shopper cannot open the webhooks page, nor its API', async ({ page, playwright, baseURL }) => {
  const shopper = await createAccount(playwright.request, baseURL!, 'webhooks-shopper');
  await signInWithSession(page.context(), shopper);
  await page.goto('/webhooks');
  await expectPath(page, '/');
  const request = await playwright.request.newContext({
    baseURL: baseURL!,
    storageState: { cookies: shopper.cookies, origins: [] },
  });
  try {
    expect((await request.get('/api/admin/webhooks')).status()).toBe(403);
    const create = await request.post('/api/admin/webhooks', {
      headers: sameOrigin(baseURL!),
      data: { url: 'https://example.com/hook', events: ['order.paid'] },
    });
    expect(create.status()).toBe(403);
  } finally {
    await request.dispose();
  }
});

test('the page on a phone: an endpoint and its log fit the screen, axe clean @phone', async ({
  page,
  context,
  ownShop,
  playwright,
}) => {
  const receiver = await startReceiver();
  const admin = await playwright.request.newContext({
    baseURL: ownShop.baseURL,
    storageState: { cookies: ownShop.adminCookies, origins: [] },
  });
  let id = '';
  try {
    const created = await admin.post('/api/admin/webhooks', {
      headers: sameOrigin(ownShop.baseURL),
      data: { url: `${receiver.url}/phone`, events: ['stock.low'], description: 'Phone check' },
    });
    expect(created.status(), await created.text()).toBe(201);
    id = ((await created.json()) as { id: string }).id;
    const ping = await admin.post(`/api/admin/webhooks/${id}/test`, { headers: sameOrigin(ownShop.baseURL) });
    expect(ping.status()).toBe(202);

    await signInAsAdminWithSession(context, ownShop);
    await page.goto(`/webhooks?endpoint=${id}`);
    await expect(cellOf(pingRow(page), 0)).toHaveText('Delivered');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page, { seriousOnly: false });
    if (process.env.WEBHOOKS_SCREENSHOTS)
      await page.screenshot({
        path: `${process.env.WEBHOOKS_SCREENSHOTS}/webhooks-${test.info().project.name}.png`,
        fullPage: true,
      });
  } finally {
    if (id) await admin.delete(`/api/admin/webhooks/${id}`, { headers: sameOrigin(ownShop.baseURL) });
    await admin.dispose();
    await receiver.close();
  }
});
