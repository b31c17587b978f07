import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { QueueAnswer } from '../../../src/domain/contracts/drops.js';
import { MESSAGES } from '../../../src/domain/messages.js';
import { dropQueue, drops, dropSizes, jobs, orders, stockEntries } from '../../../src/server/db/schema.js';
import { insertCatalog } from '../support/catalog-fixture.js';
import { confirmedShopper, deliveryTo, placeCookie, savedCard } from '../support/drop-shoppers.js';
import { createSender } from '../support/sender.js';
import { signUp } from '../support/session.js';
import { createStaffTestApp } from '../support/staff-test-app.js';
import type { TestApp } from '../support/test-app.js';

/**
 * A first-come drop through its waiting room (issue 36 item 2, docs/decisions/034): places signed in
 * a cookie, early arrivals in a random order at the opening, admission at the drop's pace, one pair
 * per person bought with the place, a declined card's pair given back.
 */
const ADMIN = { email: 'owner@waiting-room.test', password: 'owner-password' };
const M = MESSAGES.drops;
const DECLINED_WHEN_CHARGED = '4000000000009995';

let t: TestApp;
let admin: string;
let ids: Map<string, string>;

beforeAll(async () => {
  ({ t, admin } = await createStaffTestApp(ADMIN, { signInFrom: '10.65.0.1' }));
  ({ shoeIds: ids } = await insertCatalog(
    t.database.db,
    ['Stride'],
    ['Queue One', 'Queue Two', 'Queue Three', 'Queue Four', 'Queue Five', 'Queue Six', 'Queue Seven'].map(
      (name) => ({
        name,
        brand: 'Stride',
        color: 'Grey',
        price: 150,
        sizes: [
          ['9', 10],
          ['10', 10],
        ] as [string, number][],
      }),
    ),
  ));
});
afterAll(() => t.close());

const send = createSender(() => t.app, 66);

async function firstCome(shoe: string, fields: Record<string, unknown>) {
  const response = await send('POST', '/api/admin/drops', admin, {
    shoeId: ids.get(shoe),
    mode: 'first_come',
    opensAt: new Date().toISOString(),
    closesAt: new Date(Date.now() + 3_600_000).toISOString(),
    sizes: [{ size: '9', pairs: 2 }],
    ...fields,
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { _id: string })._id;
}

async function join(dropId: string, cookie: string) {
  const response = await send('POST', `/api/drops/${dropId}/queue`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return { answer: response.json() as QueueAnswer, cookie: `${cookie}; ${placeCookie(response)}` };
}

const poll = (dropId: string, cookie: string) => send('GET', `/api/drops/${dropId}/queue`, cookie);

async function buy(dropId: string, cookie: string, card: string, line1: string, size = '9') {
  return send('POST', `/api/drops/${dropId}/purchase`, cookie, {
    size,
    paymentMethodId: card,
    deliveryAddress: deliveryTo(line1),
  });
}

const soldOf = async (dropId: string) =>
  (await t.database.db.select().from(dropSizes).where(eq(dropSizes.dropId, dropId))).map((row) => row.sold);

describe('joining the waiting room', () => {
  it('needs a signed-in shopper with a confirmed email, and gives one place per shopper', async () => {
    const dropId = await firstCome('Queue One', { admitPerMinute: 1 });
    expect((await send('POST', `/api/drops/${dropId}/queue`, '')).statusCode).toBe(401);
    const unconfirmed = await signUp(t.app);
    const refused = await send('POST', `/api/drops/${dropId}/queue`, unconfirmed.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(M.verifyEmail);

    const first = await join(dropId, (await confirmedShopper(t)).cookie);
    const shopper = await confirmedShopper(t);
    const second = await join(dropId, shopper.cookie);
    expect(first.answer).toMatchObject({ status: 'admitted', place: 1, ahead: 0 });
    expect(second.answer).toMatchObject({ status: 'waiting', place: 2, ahead: 0, pairsLeft: 2 });
    // Place 2 of one a minute: let in a minute after the opening, with minutes to pay after that.
    const opensAt = Date.parse(second.answer.opensAt);
    expect(Date.parse(second.answer.admitAt!)).toBe(opensAt + 60_000);
    expect(Date.parse(second.answer.payBy!)).toBe(opensAt + 60_000 + 5 * 60_000);
    expect(second.answer.pollAfterSeconds).toBeGreaterThanOrEqual(2);
    expect(second.answer.pollAfterSeconds).toBeLessThanOrEqual(30);

    // Joining again is the same place; a third shopper is the third.
    expect((await join(dropId, shopper.cookie)).answer.place).toBe(2);
    expect((await join(dropId, (await confirmedShopper(t)).cookie)).answer).toMatchObject({
      place: 3,
      ahead: 1,
    });
  });

  it('answers a poll from the signed place alone, and refuses a place altered or of another drop', async () => {
    const dropId = await firstCome('Queue Two', { admitPerMinute: 1 });
    const other = await firstCome('Queue Three', { admitPerMinute: 1 });
    const shopper = await confirmedShopper(t);
    const { cookie } = await join(dropId, shopper.cookie);
    const polled = await poll(dropId, cookie);
    expect(polled.statusCode).toBe(200);
    expect(polled.headers['cache-control']).toBe('private, max-age=1');
    expect(polled.json()).toMatchObject({ status: 'admitted', place: 1 });
    // Signed out, the place still answers (a poll needs no session), but not without one.
    const placeOnly = cookie.split('; ').find((part) => part.startsWith('drop_place='))!;
    expect((await poll(dropId, placeOnly)).statusCode).toBe(200);
    expect((await poll(dropId, shopper.cookie)).statusCode).toBe(404);
    expect((await poll(other, placeOnly)).statusCode).toBe(404);

    const [body, signature] = placeOnly.slice('drop_place='.length).split('.');
    const claims = JSON.parse(Buffer.from(body!, 'base64url').toString()) as { p: number };
    const forged = Buffer.from(JSON.stringify({ ...claims, p: 1_000 })).toString('base64url');
    const altered = await poll(dropId, `drop_place=${forged}.${signature}`);
    expect(altered.statusCode).toBe(404);
    expect(altered.json().error.code).toBe('not_queued');
  });

  it('puts those who came before the opening in a random order at it, and the rest after them', async () => {
    const opensAt = new Date(Date.now() + 5 * 60_000);
    const dropId = await firstCome('Queue Four', {
      opensAt: opensAt.toISOString(),
      admitPerMinute: 60,
      sizes: [{ size: '9', pairs: 1 }],
    });
    const early: { cookie: string; user: { _id: string } }[] = [];
    for (let index = 0; index < 6; index += 1) {
      const shopper = await confirmedShopper(t);
      const joined = await join(dropId, shopper.cookie);
      expect(joined.answer).toMatchObject({ status: 'early', place: null, ahead: null });
      early.push({ ...shopper, cookie: joined.cookie });
    }
    // Buying before the opening is not a turn.
    const tooSoon = await buy(
      dropId,
      early[0]!.cookie,
      await savedCard(send, early[0]!.cookie),
      '1 Early Way',
    );
    expect(tooSoon.json().error.code).toBe('not_your_turn');

    // The drop opens (its time moved to now, as the clock would).
    await t.database.db
      .update(drops)
      .set({ opensAt: sql`clock_timestamp() - interval '1 second'` })
      .where(eq(drops.id, dropId));
    const late = await join(dropId, (await confirmedShopper(t)).cookie);
    expect(late.answer.place).toBe(7);
    // Polls answer from the drop as the instance read it at most a second ago: wait for it to see the opening.
    await vi.waitFor(
      async () => expect((await poll(dropId, early[0]!.cookie)).json().status).not.toBe('early'),
      {
        timeout: 10_000,
        interval: 100,
      },
    );

    const places = [];
    for (const shopper of early) {
      const polled = await poll(dropId, shopper.cookie);
      expect(polled.statusCode).toBe(200);
      // The drawn place comes back in a new cookie: the next poll reads nothing.
      expect(polled.cookies.some((cookie) => cookie.name === 'drop_place')).toBe(true);
      places.push((polled.json() as QueueAnswer).place);
    }
    expect([...places].sort()).toEqual([1, 2, 3, 4, 5, 6]);
    // The order is that of the random keys drawn at joining, not of arrival.
    const keys = await t.database.db
      .select({ userId: dropQueue.userId, drawKey: dropQueue.drawKey, place: dropQueue.place })
      .from(dropQueue)
      .where(and(eq(dropQueue.dropId, dropId), eq(dropQueue.early, true)));
    const byKey = [...keys].sort((a, b) => (a.drawKey < b.drawKey ? -1 : 1)).map((row) => row.place);
    expect(byKey).toEqual([1, 2, 3, 4, 5, 6]);
    expect(places).toEqual(
      early.map((shopper) => keys.find((row) => row.userId === shopper.user._id)!.place),
    );
  });
});

describe('buying with a place', () => {
  it('sells one pair to a shopper let in: an order, the drop’s pair and the stock taken once', async () => {
    const dropId = await firstCome('Queue Five', { admitPerMinute: 1 });
    const drop = { id: dropId };
    const first = await confirmedShopper(t);
    const { cookie } = await join(drop.id, first.cookie);
    const stockBefore = await stockOf('Queue Five', '9');

    // The shoe is sold in the drop alone: the cart's checkout refuses it.
    const card = await savedCard(send, cookie);
    const bought = await buy(drop.id, cookie, card, '10 Queue Street');
    expect(bought.statusCode, bought.body).toBe(201);
    expect(bought.json()).toMatchObject({ message: M.bought('9'), entry: { outcome: 'won', size: '9' } });
    const orderId = bought.json().entry.orderId as string;
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toBeDefined();
    expect(await soldOf(drop.id)).toEqual([1]);
    expect(await stockOf('Queue Five', '9')).toBe(stockBefore - 1);
    // Queued with the purchase, to settle it after the time to pay had its request not.
    const settles = await t.database.db.select().from(jobs).where(eq(jobs.kind, 'drop.settle'));
    expect(settles.map((job) => (job.payload as { entryId: string }).entryId)).toContain(
      bought.json().entry._id,
    );

    const again = await buy(drop.id, cookie, card, '10 Queue Street');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(M.alreadyBought);
    expect(await soldOf(drop.id)).toEqual([1]);
  });

  it('refuses a shopper not let in yet, and another shopper’s place', async () => {
    const drop = { id: await firstCome('Queue Six', { admitPerMinute: 1 }) };
    await join(drop.id, (await confirmedShopper(t)).cookie);
    const waiting = await confirmedShopper(t);
    const { cookie, answer } = await join(drop.id, waiting.cookie);
    expect(answer.status).toBe('waiting');
    const card = await savedCard(send, cookie);
    const early = await buy(drop.id, cookie, card, '20 Wait Road');
    expect(early.statusCode).toBe(403);
    expect(early.json().error.message).toBe(M.notYourTurn);

    // Place 1's cookie in another account's request is nobody's place.
    const stranger = await confirmedShopper(t);
    const place = cookie.split('; ').find((part) => part.startsWith('drop_place='))!;
    const borrowed = await buy(drop.id, `${stranger.cookie}; ${place}`, card, '21 Wait Road');
    expect(borrowed.statusCode).toBe(403);
    expect(borrowed.json().error.code).toBe('not_queued');
  });

  it('gives a declined card’s pair back, and sells the last pair once when two pay for it at once', async () => {
    const dropId = await firstCome('Queue Seven', { admitPerMinute: 600, sizes: [{ size: '10', pairs: 1 }] });
    const [ana, ben] = [await confirmedShopper(t), await confirmedShopper(t)];
    const anaPlace = await join(dropId, ana.cookie);
    const benPlace = await join(dropId, ben.cookie);
    expect(anaPlace.answer.status).toBe('admitted');
    expect(benPlace.answer.status).toBe('admitted');

    const declined = await buy(
      dropId,
      anaPlace.cookie,
      await savedCard(send, anaPlace.cookie, DECLINED_WHEN_CHARGED),
      '30 Decline Lane',
      '10',
    );
    expect(declined.statusCode, declined.body).toBe(402);
    expect(await soldOf(dropId)).toEqual([0]);

    const [anaCard, benCard] = [
      await savedCard(send, anaPlace.cookie),
      await savedCard(send, benPlace.cookie, '5555555555554444'),
    ];
    const answers = await Promise.all([
      buy(dropId, anaPlace.cookie, anaCard, '30 Decline Lane', '10'),
      buy(dropId, benPlace.cookie, benCard, '31 Other Lane', '10'),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409)!;
    expect([M.sizeSoldOut('10'), M.saleClosed]).toContain(refused.json().error.message);
    expect(await soldOf(dropId)).toEqual([1]);
    const sold = await poll(dropId, benPlace.cookie);
    expect(sold.statusCode).toBe(200);
  });
});

async function stockOf(shoe: string, size: string): Promise<number> {
  const [row] = await t.database.db
    .select({ quantity: stockEntries.quantity })
    .from(stockEntries)
    .where(and(eq(stockEntries.shoeId, ids.get(shoe)!), eq(stockEntries.size, size)));
  return row!.quantity;
}
