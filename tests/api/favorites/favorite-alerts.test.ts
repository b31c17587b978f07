import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAVORITE_ALERT_TEXTS } from '../../../src/domain/contracts/favorite-alerts.js';
import { domainEvents, favoriteAlerts, jobs, mailOutbox } from '../../../src/server/db/schema.js';
import { FAVORITE_ALERT_JOB } from '../../../src/server/modules/favorites/alerts/service.js';
import { insertCatalog } from '../support/catalog-fixture.js';
import { multipart } from '../support/multipart.js';
import { signUp, TEST_ORIGIN } from '../support/session.js';
import { createStaffTestApp } from '../support/staff-test-app.js';
import type { TestApp } from '../support/test-app.js';

/**
 * Favorite alerts (issue 35 item 3): a shopper who turned them on is mailed when a favorite's price
 * drops or it goes on sale; the changes of one window in one mail, sent by a durable job whose time
 * the test moves (FAVORITE_ALERT_WINDOW is an hour here: nothing is sent until the test says so).
 */
const ADMIN = { email: 'owner@favorite-alerts.test', password: 'owner-password' };
let t: TestApp;
let admin: string;
let ids: Map<string, string>;

const SHOES = [
  { name: 'Alert Runner', price: 90 },
  { name: 'Alert Court', price: 120 },
  { name: 'Alert High', price: 70 },
  { name: 'Alert Trail', price: 60 },
  { name: 'Alert Glide', price: 100 },
  { name: 'Alert Nova', price: 110 },
];

beforeAll(async () => {
  ({ t, admin } = await createStaffTestApp(ADMIN, {
    signInFrom: '10.93.0.1',
    env: { FAVORITE_ALERT_WINDOW: '1h' },
  }));
  ({ shoeIds: ids } = await insertCatalog(
    t.database.db,
    ['Alertco'],
    SHOES.map((shoe) => ({ ...shoe, brand: 'Alertco', color: 'Grey', sizes: [['9', 3]] })),
  ));
});
afterAll(() => t.close());

const headers = (cookie = '') => ({ origin: TEST_ORIGIN, cookie });
const shoeId = (name: string) => ids.get(name)!;

async function shopperWithAlerts(favorites: string[], enabled = true) {
  const shopper = await signUp(t.app);
  for (const name of favorites) {
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/favorites/${shopper.user._id}`,
      payload: { shoeId: shoeId(name) },
      headers: headers(shopper.cookie),
    });
    expect(added.statusCode, added.body).toBe(200);
  }
  const set = await t.app.inject({
    method: 'PUT',
    url: `/api/favorites/${shopper.user._id}/alerts`,
    payload: { enabled },
    headers: headers(shopper.cookie),
  });
  expect(set.json()).toEqual({ enabled });
  return shopper;
}

/** The staff's Modify form with a new price (dollars). */
async function setPrice(name: string, price: number) {
  const form = await multipart({
    brand: 'Alertco',
    name,
    color: 'Grey',
    price: String(price),
    size: '9',
    q: '3',
    description: `The ${name}, a fine shoe.`,
  });
  const answer = await t.app.inject({
    method: 'PUT',
    url: `/api/shoes/${shoeId(name)}`,
    payload: form.payload,
    headers: { ...form.headers, ...headers(admin) },
  });
  expect(answer.statusCode, answer.body).toBe(200);
}

async function putOnSale(name: string, onSale = true) {
  const answer = await t.app.inject({
    method: 'PUT',
    url: `/api/admin/onsale/${shoeId(name)}`,
    payload: { onSale },
    headers: headers(admin),
  });
  expect(answer.statusCode, answer.body).toBe(200);
}

const digestJobs = () =>
  t.database.db
    .select({ id: jobs.id, state: jobs.state, payload: jobs.payload })
    .from(jobs)
    .where(eq(jobs.kind, FAVORITE_ALERT_JOB));

/**
 * The test's clock: every digest waiting for its window is due now; then waits for the runner
 * (it looks every few seconds) to have run them all.
 */
async function windowPasses() {
  await t.database.db
    .update(jobs)
    .set({ runAfter: sql`now()` })
    .where(and(eq(jobs.kind, FAVORITE_ALERT_JOB), eq(jobs.state, 'queued')));
  await expect
    .poll(async () => (await digestJobs()).filter((job) => job.state !== 'done').length, {
      timeout: 30_000,
      interval: 100,
    })
    .toBe(0);
}

const mailsTo = (email: string) =>
  t.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), like(mailOutbox.key, 'favorite-alerts:%')));

describe('favorite alerts', () => {
  it('are off until the shopper turns them on, and only their own (403 for anyone else, 401 signed out)', async () => {
    const shopper = await signUp(t.app);
    const other = await signUp(t.app);
    const url = `/api/favorites/${shopper.user._id}/alerts`;
    expect((await t.app.inject({ method: 'GET', url, headers: headers(shopper.cookie) })).json()).toEqual({
      enabled: false,
    });
    expect((await t.app.inject({ method: 'GET', url, headers: headers(other.cookie) })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'PUT', url, payload: { enabled: true }, headers: headers(other.cookie) }))
        .statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url, headers: headers() })).statusCode).toBe(401);
    const on = await t.app.inject({
      method: 'PUT',
      url,
      payload: { enabled: true },
      headers: headers(shopper.cookie),
    });
    expect(on.json()).toEqual({ enabled: true });
    expect((await t.app.inject({ method: 'GET', url, headers: headers(shopper.cookie) })).json()).toEqual({
      enabled: true,
    });
  });

  it('mail a price drop once, with the picture, old and new price, the link and the unsubscribe link', async () => {
    const shopper = await shopperWithAlerts(['Alert Runner']);
    const notOptedIn = await shopperWithAlerts(['Alert Runner'], false);
    await setPrice('Alert Runner', 75);
    expect(await mailsTo(shopper.email)).toHaveLength(0); // the window has not passed
    await windowPasses();
    const [mail, ...more] = await mailsTo(shopper.email);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe('Alert Runner: $90 → $75 at Sneaker Street');
    expect(mail!.text).toContain(`/shoes/${shoeId('Alert Runner')}`);
    expect(mail!.text).toMatch(/\/api\/favorite-alerts\/unsubscribe\?token=/);
    expect(mail!.html).toContain('shoes/alert-runner.webp');
    expect(mail!.html).toContain('$90 → $75');
    expect(await mailsTo(notOptedIn.email)).toHaveLength(0);
  });

  it('mail a favorite going on sale; a price rise sends nothing', async () => {
    const shopper = await shopperWithAlerts(['Alert Court', 'Alert High']);
    await putOnSale('Alert Court');
    await setPrice('Alert High', 95);
    await windowPasses();
    const mails = await mailsTo(shopper.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Alert Court: now on sale at $120 at Sneaker Street');
    expect(mails[0]!.text).not.toContain('Alert High');
    // A rise alone: nothing is recorded, nothing queued, nothing mailed.
    const rises = await t.database.db
      .select()
      .from(favoriteAlerts)
      .where(eq(favoriteAlerts.shoeId, shoeId('Alert High')));
    expect(rises).toHaveLength(0);
  });

  it('group two changes of one window into one mail', async () => {
    const shopper = await shopperWithAlerts(['Alert Trail', 'Alert Glide']);
    await setPrice('Alert Trail', 50);
    await putOnSale('Alert Glide');
    const queued = (await digestJobs()).filter(
      (job) => (job.payload as { userId: string }).userId === shopper.user._id,
    );
    expect(queued).toHaveLength(2); // one per change; the first to run takes both
    await windowPasses();
    const mails = await mailsTo(shopper.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('2 of your favorites cost less at Sneaker Street');
    expect(mails[0]!.text).toContain('Alert Trail: $60 → $50');
    expect(mails[0]!.text).toContain('Alert Glide: now on sale at $100');
  });

  it('send a replayed event once', async () => {
    const shopper = await shopperWithAlerts(['Alert Nova']);
    await setPrice('Alert Nova', 99);
    await windowPasses();
    expect(await mailsTo(shopper.email)).toHaveLength(1);
    // The same shoe.updated handed over again (a sweep after a crash): nothing more is told.
    const [event] = await t.database.db
      .select({ id: domainEvents.id })
      .from(domainEvents)
      .where(
        and(
          eq(domainEvents.type, 'shoe.updated'),
          sql`${domainEvents.payload}->>'shoeId' = ${shoeId('Alert Nova')}`,
        ),
      );
    await t.database.db
      .update(domainEvents)
      .set({ dispatchedAt: null, claimedUntil: null, createdAt: sql`now() - interval '1 hour'` })
      .where(eq(domainEvents.id, event!.id));
    await t.app.domainEvents.sweep();
    const [replayed] = await t.database.db
      .select({ dispatchedAt: domainEvents.dispatchedAt })
      .from(domainEvents)
      .where(eq(domainEvents.id, event!.id));
    expect(replayed!.dispatchedAt).not.toBeNull();
    await windowPasses();
    expect(await mailsTo(shopper.email)).toHaveLength(1);
  });

  it('stop with the mail’s unsubscribe link, signed in or not; a forged token is refused', async () => {
    const shopper = await shopperWithAlerts(['Alert Runner']);
    await setPrice('Alert Runner', 70);
    await windowPasses();
    const [mail] = await mailsTo(shopper.email);
    const link = /(\/api\/favorite-alerts\/unsubscribe\?token=\S+)/.exec(mail!.text)![1]!;
    const opened = await t.app.inject({ method: 'GET', url: link });
    expect(opened.statusCode).toBe(200);
    expect(opened.body).not.toContain(FAVORITE_ALERT_TEXTS.unsubscribed);
    const page = await t.app.inject({ method: 'POST', url: link });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(FAVORITE_ALERT_TEXTS.unsubscribed);
    const settings = await t.app.inject({
      method: 'GET',
      url: `/api/favorites/${shopper.user._id}/alerts`,
      headers: headers(shopper.cookie),
    });
    expect(settings.json()).toEqual({ enabled: false });
    await setPrice('Alert Runner', 65);
    await windowPasses();
    expect(await mailsTo(shopper.email)).toHaveLength(1);

    const forged = `${Buffer.from(shopper.user._id).toString('base64url')}.${'A'.repeat(43)}`;
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/favorite-alerts/unsubscribe?token=${forged}`,
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.body).toContain(FAVORITE_ALERT_TEXTS.invalidLink);
  });

  it('mail no disabled account, even one disabled after the change and before its window passed', async () => {
    const shopper = await shopperWithAlerts(['Alert Court']);
    await putOnSale('Alert Court', false);
    await windowPasses();
    await putOnSale('Alert Court');
    const disabled = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${shopper.user._id}`,
      payload: { status: 'Disabled' },
      headers: headers(admin),
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    await windowPasses();
    expect(await mailsTo(shopper.email)).toHaveLength(0);
    const [alert] = await t.database.db
      .select({ state: favoriteAlerts.state })
      .from(favoriteAlerts)
      .where(eq(favoriteAlerts.userId, shopper.user._id));
    expect(alert!.state).toBe('skipped');
  });

  it('are in the data download and erased with the account', async () => {
    const shopper = await shopperWithAlerts(['Alert Glide']);
    await setPrice('Alert Glide', 80);
    await windowPasses();
    const download = await t.app.inject({
      method: 'GET',
      url: '/api/account/data',
      headers: headers(shopper.cookie),
    });
    expect(download.json().favoriteAlerts).toMatchObject({
      enabled: true,
      alerts: [{ shoe: 'Alert Glide', oldPriceCents: 10_000, newPriceCents: 8_000, state: 'sent' }],
    });
    const deleted = await t.app.inject({
      method: 'POST',
      url: '/api/account/delete',
      payload: { password: shopper.password },
      headers: headers(shopper.cookie),
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const left = await t.database.db
      .select()
      .from(favoriteAlerts)
      .where(inArray(favoriteAlerts.userId, [shopper.user._id]));
    expect(left).toHaveLength(0);
  });
});
