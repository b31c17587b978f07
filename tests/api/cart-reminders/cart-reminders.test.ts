// One file because the reminders' journey (due, mailed, skipped, restored, second with its code,
// recovered, erased) runs on one shop per database with one clock the tests move in turn, and the
// two-instance case shares its helpers.
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, cartReminders, mailOutbox, orders, shoes, users } from '../../../src/server/db/schema.js';
import { insertCatalog } from '../support/catalog-fixture.js';
import { checkoutWith, paidOrder } from '../support/paid-order.js';
import { createSender } from '../support/sender.js';
import { signUp } from '../support/session.js';
import { createStaffTestApp } from '../support/staff-test-app.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const HOUR = 3_600_000;

/**
 * Abandoned-cart reminders (issue 35 item 2, docs/decisions/029) on PGlite and on PostgreSQL, with a
 * clock the test moves (no waiting): one reminder for a cart untouched CART_REMINDER_AFTER (4 hours),
 * never for a paid, emptied, unsubscribed or disabled account's cart, never twice for a cart; its
 * restore link refills the cart for that account only; the second reminder's code works once, for
 * that shopper only; the dashboard counts reminded and recovered carts and their revenue.
 */
describe.each([
  ['PGlite', false],
  ['PostgreSQL', true],
] as const)('cart reminders on %s', (_name, postgres) => {
  let t: TestApp;
  let admin: string;
  let ids: Map<string, string>;
  let now = Date.now();
  const clock = { now: () => new Date(now) };
  const send = createSender(() => t.app, postgres ? 71 : 72);
  const ADMIN = { email: `owner.${postgres ? 'pg' : 'lite'}@reminders.test`, password: 'owner-password' };

  beforeAll(async () => {
    ({ t, admin } = await createStaffTestApp(ADMIN, { app: { postgres, clock } }));
    ({ shoeIds: ids } = await insertCatalog(
      t.database.db,
      ['Stride'],
      [
        { name: 'Cloud Runner', brand: 'Stride', color: 'Red', price: 120, sizes: [['9', 50]] },
        { name: 'Storm Court', brand: 'Stride', color: 'Blue', price: 80, sizes: [['10', 50]] },
      ],
    ));
  });
  afterAll(() => t?.close());

  const line = (name: string, size: string, quantity: number) => ({
    _id: ids.get(name)!,
    name,
    image: '/images/shoe.png',
    quantity,
    price: 1,
    size,
  });

  /** A new shopper whose saved cart holds `lines`, touched now (on the database's clock). */
  async function shopperWithCart(lines = [line('Cloud Runner', '9', 2), line('Storm Court', '10', 1)]) {
    const shopper = await signUp(t.app);
    const saved = await send('PUT', '/api/account/cart', shopper.cookie, { version: 0, lines });
    expect(saved.statusCode, saved.body).toBe(200);
    return shopper;
  }

  /** The reminder mails kept for `email`, oldest first. */
  const remindersTo = async (email: string) =>
    (
      await t.database.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, email), like(mailOutbox.key, 'cart-reminder:%')))
    ).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());

  /** Moves the clock to `hours` after the real now (carts are touched on the database's real clock). */
  async function scanAt(hours: number) {
    now = Date.now() + hours * HOUR;
    await t.app.cartReminders.scanNow();
  }

  const linkIn = (text: string, pattern: RegExp) => text.match(pattern)?.[0] ?? '';

  it('mails one reminder after 4 hours untouched, with pictures, sizes, current prices and both links; never twice', async () => {
    const shopper = await shopperWithCart();
    await scanAt(3.9);
    expect(await remindersTo(shopper.email)).toHaveLength(0);

    // The price fell since the line was added: the mail says today's.
    await t.database.db
      .update(shoes)
      .set({ priceCents: 9_950 })
      .where(eq(shoes.id, ids.get('Cloud Runner')!));
    await scanAt(4.1);
    await t.database.db
      .update(shoes)
      .set({ priceCents: 12_000 })
      .where(eq(shoes.id, ids.get('Cloud Runner')!));
    const mails = await remindersTo(shopper.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toContain('cart');
    expect(mail!.text).toContain('Cloud Runner, size 9, qty 2: $199');
    expect(mail!.text).toContain('Storm Court, size 10, qty 1: $80');
    // Each line's picture, from the catalogue, as an absolute address a mail can load.
    expect(mail!.html).toMatch(
      /<img[^>]+src="http:\/\/localhost:3000\/uploads\/w320\/shoes\/cloud-runner\.webp"/,
    );
    expect(linkIn(mail!.text, /http\S+\/cart\?restore=\S+/)).not.toBe('');
    expect(linkIn(mail!.text, /http\S+\/api\/cart-reminders\/unsubscribe\?token=\S+/)).not.toBe('');
    // No password, session or reset token in the links: a signed token naming a purpose and the reminder.
    expect(mail!.text).not.toMatch(/session|password/i);

    await scanAt(5);
    await scanAt(20);
    expect(await remindersTo(shopper.email)).toHaveLength(1);
  });

  it('sends nothing for a paid, emptied, unsubscribed or disabled account’s cart', async () => {
    const paid = await shopperWithCart([line('Storm Court', '10', 1)]);
    await paidOrder(send, paid.cookie, {
      shoeId: ids.get('Storm Court')!,
      size: '10',
      quantity: 1,
      priceCents: 8_000,
    });
    const emptied = await shopperWithCart();
    const cleared = await send('PUT', '/api/account/cart', emptied.cookie, { version: 1, lines: [] });
    expect(cleared.json().lines).toEqual([]);
    const disabled = await shopperWithCart();
    await t.database.db.update(users).set({ status: 'Disabled' }).where(eq(users.id, disabled.user._id));
    const deleted = await shopperWithCart();
    await t.database.db.update(users).set({ status: 'Eliminated' }).where(eq(users.id, deleted.user._id));

    // Unsubscribed with the first reminder's link: its next cart gets none.
    const unsubscribing = await shopperWithCart();
    await scanAt(4.1);
    const [first] = await remindersTo(unsubscribing.email);
    const unsubscribe = new URL(linkIn(first!.text, /http\S+\/api\/cart-reminders\/unsubscribe\?token=\S+/));
    const opened = await t.app.inject({ method: 'GET', url: unsubscribe.pathname + unsubscribe.search });
    expect(opened.statusCode).toBe(200);
    expect(opened.body).not.toContain('You will not get cart reminders');
    const page = await t.app.inject({ method: 'POST', url: unsubscribe.pathname + unsubscribe.search });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('You will not get cart reminders');
    const forged = await t.app.inject({
      method: 'POST',
      url: `${unsubscribe.pathname}?token=x${unsubscribe.searchParams.get('token')}`,
    });
    expect(forged.statusCode).toBe(404);
    await send('PUT', '/api/account/cart', unsubscribing.cookie, { version: 1, lines: [] });
    await send('PUT', '/api/account/cart', unsubscribing.cookie, {
      version: 2,
      lines: [line('Storm Court', '10', 3)],
    });

    await scanAt(4.2);
    await scanAt(30);
    for (const shopper of [paid, emptied, disabled, deleted])
      expect(await remindersTo(shopper.email)).toEqual([]);
    expect(await remindersTo(unsubscribing.email)).toHaveLength(1);
  });

  it('brings the mailed cart back for the account it was mailed to, and only for it', async () => {
    const shopper = await shopperWithCart([line('Cloud Runner', '9', 2)]);
    await scanAt(4.1);
    const [mail] = await remindersTo(shopper.email);
    const token = new URL(linkIn(mail!.text, /http\S+\/cart\?restore=\S+/)).searchParams.get('restore')!;
    // The shopper emptied the cart on another device meanwhile.
    await send('PUT', '/api/account/cart', shopper.cookie, { version: 1, lines: [] });

    const other = await signUp(t.app);
    const refused = await send('POST', '/api/account/cart/restore', other.cookie, { token });
    expect(refused.statusCode).toBe(403);
    expect((await send('GET', '/api/account/cart', other.cookie)).json().lines).toEqual([]);
    const forged = await send('POST', '/api/account/cart/restore', shopper.cookie, { token: `${token}x` });
    expect(forged.statusCode).toBe(404);
    const visitor = await send('POST', '/api/account/cart/restore', '', { token });
    expect(visitor.statusCode).toBe(401);

    const restored = await send('POST', '/api/account/cart/restore', shopper.cookie, { token });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().lines).toMatchObject([
      { name: 'Cloud Runner', size: '9', quantity: 2, price: 120 },
    ]);
    // Twice is the same cart (the merge keeps the larger quantity).
    const again = await send('POST', '/api/account/cart/restore', shopper.cookie, { token });
    expect(again.json().lines).toHaveLength(1);

    // The cart brought back through the mail is not reminded of again, however long it waits.
    await scanAt(9);
    expect(await remindersTo(shopper.email)).toHaveLength(1);

    // The restored cart is a new one (the reminded cart was emptied): paying it recovers the reminder.
    const bought = await paidOrder(send, shopper.cookie, {
      shoeId: ids.get('Cloud Runner')!,
      size: '9',
      quantity: 2,
      priceCents: 12_000,
    });
    const [order] = await t.database.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.idPayment, bought.idPayment));
    await expect
      .poll(async () =>
        (
          await t.database.db
            .select({ recovered: cartReminders.recoveredOrderId })
            .from(cartReminders)
            .where(eq(cartReminders.userId, shopper.user._id))
        ).map((row) => row.recovered),
      )
      .toEqual([order!.id]);
  });

  it('sends the second reminder after 24 hours when the owner turns it on, with a code that works once and only for that shopper; the dashboard counts the recovery', async () => {
    const off = await shopperWithCart([line('Cloud Runner', '9', 1)]);
    await scanAt(4.1);
    await scanAt(25);
    expect(await remindersTo(off.email)).toHaveLength(1);

    const badSettings = await send('PUT', '/api/admin/cart-reminders/settings', admin, {
      secondEnabled: true,
      kind: 'percent',
      value: 95,
      expiryDays: 7,
    });
    expect(badSettings.statusCode).toBe(400);
    const settings = await send('PUT', '/api/admin/cart-reminders/settings', admin, {
      secondEnabled: true,
      kind: 'percent',
      value: 15,
      expiryDays: 3,
    });
    expect(settings.statusCode, settings.body).toBe(200);
    expect(settings.json().settings).toEqual({
      secondEnabled: true,
      kind: 'percent',
      value: 15,
      expiryDays: 3,
    });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'reminders.settings'));
    expect(audit).toMatchObject({ actorEmail: ADMIN.email, after: { value: 15 } });
    const shopperCantSee = await send('GET', '/api/admin/cart-reminders', off.cookie);
    expect(shopperCantSee.statusCode).toBe(403);

    const shopper = await shopperWithCart([line('Cloud Runner', '9', 1)]);
    await scanAt(4.1);
    // Right after the first, no second (at least 20 hours between them), even though the cart is old enough.
    await scanAt(23);
    expect(await remindersTo(shopper.email)).toHaveLength(1);
    await scanAt(24.2);
    const mails = await remindersTo(shopper.email);
    expect(mails).toHaveLength(2);
    const code = mails[1]!.text.match(/code (BACK[A-Z0-9]+)/)?.[1];
    expect(code, mails[1]!.text).toBeDefined();
    expect(mails[1]!.text).toContain('15% off');

    const cart = [{ _id: ids.get('Cloud Runner')!, size: '9', quantity: 1 }];
    const stranger = await signUp(t.app);
    const theirs = await send('POST', '/api/cart/quote', stranger.cookie, { shoes: cart, code });
    expect(theirs.json()).toMatchObject({ discount: 0 });
    expect(theirs.json().message).toBeTruthy();
    const visitor = await send('POST', '/api/cart/quote', '', { shoes: cart, code });
    expect(visitor.json()).toMatchObject({ discount: 0 });
    const mine = await send('POST', '/api/cart/quote', shopper.cookie, { shoes: cart, code });
    expect(mine.json()).toMatchObject({ discount: 1_800, total: 10_200 });

    const before = (await send('GET', '/api/admin/cart-reminders', admin)).json();
    const bought = await checkoutWith(send, shopper.cookie, { shoes: cart, code, amount: 10_200 });
    expect(bought.statusCode, bought.body).toBe(200);
    const twice = await send('POST', '/api/cart/quote', shopper.cookie, { shoes: cart, code });
    expect(twice.json()).toMatchObject({ discount: 0 });

    // The paid cart was reminded: recovered, with its order's revenue. Nothing more is sent for it.
    const overview = await send('GET', '/api/admin/cart-reminders', admin);
    expect(overview.statusCode, overview.body).toBe(200);
    expect(overview.json()).toMatchObject({
      recovered: before.recovered + 1,
      recoveredRevenue: before.recoveredRevenue + 102,
      codesUsed: 1,
    });
    expect(overview.json().reminded).toBeGreaterThanOrEqual(4);
    // The other shopper's cart, reminded before the owner turned it on, had its second as well.
    expect(overview.json().codesSent).toBeGreaterThanOrEqual(2);

    // The codes table lists the codes anyone may use; the personal ones on their own, each with its shopper.
    const everyone = await send('GET', `/api/admin/discounts?q=${code}`, admin);
    expect(everyone.json()).toEqual([]);
    const personal = await send('GET', `/api/admin/discounts?q=${code}&personal=only`, admin);
    expect(personal.statusCode, personal.body).toBe(200);
    expect(personal.json()).toMatchObject([{ code, forShopper: shopper.email, uses: 1, percent: 15 }]);
    const allPersonal = await send('GET', '/api/admin/discounts?personal=only&limit=100', admin);
    expect(allPersonal.json().length).toBe(overview.json().codesSent);
    expect(
      (allPersonal.json() as { forShopper: string | null }[]).every((row) => row.forShopper !== null),
    ).toBe(true);
    await scanAt(60);
    expect(await remindersTo(shopper.email)).toHaveLength(2);
  });

  it('lists the reminders in the data download and erases them with the account', async () => {
    const shopper = await shopperWithCart([line('Storm Court', '10', 1)]);
    await scanAt(4.1);
    const download = await send('GET', '/api/account/data', shopper.cookie);
    expect(download.statusCode).toBe(200);
    expect(download.json().cartReminders.reminders).toMatchObject([
      { number: 1, state: 'sent', lines: [{ name: 'Storm Court', size: '10', quantity: 1 }] },
    ]);
    const erased = await send('POST', '/api/account/delete', shopper.cookie, { password: shopper.password });
    expect(erased.statusCode, erased.body).toBe(200);
    const left = await t.database.db
      .select()
      .from(cartReminders)
      .where(eq(cartReminders.userId, shopper.user._id));
    expect(left).toEqual([]);
  });
});

/** Two instances of the shop on one PostgreSQL database, scanning at once: exactly one mail per cart. */
describe('cart reminders with two instances on PostgreSQL', () => {
  let a: TestApp;
  let b: TestApp;
  let now = Date.now();
  const clock = { now: () => new Date(now) };

  beforeAll(async () => {
    a = await createTestApp({}, { postgres: true, clock });
    b = await createTestApp({}, { database: a.database, clock });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('claims each cart once whichever instance scans, and mails it once', async () => {
    const { shoeIds } = await insertCatalog(
      a.database.db,
      ['Stride'],
      [{ name: 'Twin Runner', brand: 'Stride', color: 'Red', price: 90, sizes: [['9', 50]] }],
    );
    const sendA = createSender(() => a.app, 73);
    const sendB = createSender(() => b.app, 74);
    const shoppers = [];
    for (let index = 0; index < 6; index++) {
      // Each instance keeps its own session secret (its data directory): a shopper stays on one.
      const [app, send] = index % 2 ? [a.app, sendA] : [b.app, sendB];
      const shopper = await signUp(app);
      const lines = [
        {
          _id: shoeIds.get('Twin Runner')!,
          name: 'Twin Runner',
          image: '',
          quantity: 1,
          price: 90,
          size: '9',
        },
      ];
      const saved = await send('PUT', '/api/account/cart', shopper.cookie, { version: 0, lines });
      expect(saved.statusCode, saved.body).toBe(200);
      shoppers.push(shopper);
    }
    now = Date.now() + 4.1 * HOUR;
    await Promise.all([
      a.app.cartReminders.scanNow(),
      b.app.cartReminders.scanNow(),
      a.app.cartReminders.scanNow(),
    ]);
    await Promise.all([a.app.cartReminders.scanNow(), b.app.cartReminders.scanNow()]);
    const mails = await a.database.db
      .select()
      .from(mailOutbox)
      .where(like(mailOutbox.key, 'cart-reminder:%'));
    expect(mails.map((mail) => mail.to).sort()).toEqual(shoppers.map((shopper) => shopper.email).sort());
  }, 120_000);
});
