// One file because its tests share one drop, in order: the entries the second test takes (and the flags
// it checks) are the ones the third draws and recomputes, as a drop lives.
import crypto from 'node:crypto';
import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../../src/domain/messages.js';
import { auditLog, dropEntries, mailOutbox, orders, stockEntries } from '../../../src/server/db/schema.js';
import { insertCatalog } from '../support/catalog-fixture.js';
import { signUp } from '../support/session.js';
import { createStaffTestApp } from '../support/staff-test-app.js';
import type { TestApp } from '../support/test-app.js';
import { confirmedShopper, deliveryTo, savedCard } from '../support/drop-shoppers.js';
import { createSender } from '../support/sender.js';

/**
 * A draw end to end through the API (issue 36 item 2, docs/decisions/032): staff schedule it within
 * the shoe's stock, the shoe is then sold by the drop alone, shoppers with a verified email enter once
 * per person, card and address, and at the close the shop charges the winners down the order anyone
 * can recompute from the published commitment, seed and entry ids; everyone is mailed the outcome.
 */
const ADMIN = { email: 'owner@draws.test', password: 'owner-password' };
const M = MESSAGES.drops;
/** Stripe's test card that is saved but declined when charged. */
const INSUFFICIENT_FUNDS = '4000000000009995';
const CARDS = ['4242424242424242', '5555555555554444', '4000056655665556', INSUFFICIENT_FUNDS];

let t: TestApp;
let admin: string;
let ids: Map<string, string>;

beforeAll(async () => {
  ({ t, admin } = await createStaffTestApp(ADMIN, { signInFrom: '10.60.0.1' }));
  ({ shoeIds: ids } = await insertCatalog(
    t.database.db,
    ['Stride'],
    [
      {
        name: 'Moon Shot',
        brand: 'Stride',
        color: 'Silver',
        price: 200,
        sizes: [
          ['9', 10],
          ['10', 1],
        ],
      },
      { name: 'Sun Shot', brand: 'Stride', color: 'Gold', price: 150, sizes: [['9', 10]] },
      { name: 'Star Shot', brand: 'Stride', color: 'Black', price: 120, sizes: [['9', 10]] },
    ],
  ));
});
afterAll(() => t.close());

const send = createSender(() => t.app, 61);

const inAMinute = () => new Date(Date.now() + 60_000).toISOString();
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

async function schedule(shoe: string, sizes: { size: string; pairs: number }[], fields = {}) {
  return send('POST', '/api/admin/drops', admin, {
    shoeId: ids.get(shoe),
    mode: 'draw',
    opensAt: new Date().toISOString(),
    closesAt: inAnHour(),
    sizes,
    ...fields,
  });
}

const enter = async (dropId: string, cookie: string, size: string, card: string, line1: string) =>
  send('POST', `/api/drops/${dropId}/entries`, cookie, {
    size,
    paymentMethodId: card,
    deliveryAddress: deliveryTo(line1),
  });

const drawnDrop = async (dropId: string) => {
  await vi.waitFor(
    async () => {
      const drop = (await send('GET', `/api/drops/${dropId}`, '')).json() as { phase: string };
      expect(drop.phase).toBe('drawn');
    },
    { timeout: 30_000, interval: 50 },
  );
  return (await send('GET', `/api/drops/${dropId}`, '')).json() as { seed: string; commitment: string };
};

describe('scheduling a drop', () => {
  it('refuses sizes the shoe lacks or holds too few pairs of, and a second drop of the shoe', async () => {
    const missing = await schedule('Star Shot', [{ size: '12', pairs: 1 }]);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe(M.notOfShoe('12'));
    const tooMany = await schedule('Star Shot', [{ size: '9', pairs: 11 }]);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.message).toBe(M.notEnoughStock('9', 10));
    const backwards = await schedule('Star Shot', [{ size: '9', pairs: 1 }], {
      opensAt: inAnHour(),
      closesAt: inAMinute(),
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.body).toContain(M.window);

    const first = await schedule('Star Shot', [{ size: '9', pairs: 2 }], { opensAt: inAMinute() });
    expect(first.statusCode, first.body).toBe(201);
    const drop = first.json() as { _id: string; phase: string; commitment: string; seed: string | null };
    expect(drop.phase).toBe('upcoming');
    expect(drop.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(drop.seed).toBeNull();
    const second = await schedule('Star Shot', [{ size: '9', pairs: 1 }]);
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe(M.shoeInDrop);

    // Before it opens, nobody enters; once cancelled, the shoe is sold as before.
    const early = await confirmedShopper(t);
    const refused = await enter(
      drop._id,
      early.cookie,
      '9',
      await savedCard(send, early.cookie),
      '1 Early Road',
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(M.notOpen);
    expect((await send('POST', `/api/admin/drops/${drop._id}/cancel`, admin)).statusCode).toBe(200);
    expect((await send('GET', `/api/drops/${drop._id}`, '')).json().phase).toBe('cancelled');
    // Both staff changes are in the audit log, with who made them.
    const audited = await t.database.db
      .select({ action: auditLog.action, actor: auditLog.actorEmail })
      .from(auditLog)
      .where(eq(auditLog.targetId, drop._id));
    expect(audited.map((row) => row.action).sort()).toEqual(['drop.cancel', 'drop.schedule']);
    expect(audited.every((row) => row.actor === ADMIN.email)).toBe(true);
  });

  it('is answered to staff only', async () => {
    const shopper = await confirmedShopper(t);
    expect((await send('GET', '/api/admin/drops', shopper.cookie)).statusCode).toBe(403);
    expect((await send('GET', '/api/admin/drops', '')).statusCode).toBe(401);
  });
});

describe('a draw', () => {
  let dropId: string;

  it('takes one entry per person, card and address, and flags the other tries for staff', async () => {
    const scheduled = await schedule('Moon Shot', [
      { size: '9', pairs: 3 },
      { size: '10', pairs: 1 },
    ]);
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    dropId = scheduled.json()._id;
    expect((await send('GET', `/api/drops/${dropId}`, '')).json().phase).toBe('open');

    // The shoe is sold by the drop alone: a checkout of it is refused, and nothing is charged.
    const buyer = await confirmedShopper(t);
    const bought = await send('POST', '/api/cart/checkout', buyer.cookie, {
      id: await savedCard(send, buyer.cookie),
      shoes: [{ _id: ids.get('Moon Shot'), size: '9', quantity: 1 }],
      amount: 20_000,
    });
    expect(bought.statusCode).toBe(409);
    expect(bought.json().error.message).toBe(M.soldInDrop('Moon Shot'));

    const unverified = await signUp(t.app);
    const notYet = await enter(
      dropId,
      unverified.cookie,
      '9',
      await savedCard(send, unverified.cookie),
      '5 Elm Street',
    );
    expect(notYet.statusCode).toBe(403);
    expect(notYet.json().error.message).toBe(M.verifyEmail);

    const first = await confirmedShopper(t);
    const firstCard = await savedCard(send, first.cookie);
    const entered = await enter(dropId, first.cookie, '9', firstCard, '12 Main Street, Apt 4');
    expect(entered.statusCode, entered.body).toBe(201);
    expect(entered.json().message).toBe(M.entered('9'));
    const again = await enter(
      dropId,
      first.cookie,
      '10',
      await savedCard(send, first.cookie, CARDS[1]),
      '9 Other Road',
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(M.alreadyEntered);

    // Another account with the same card number (a new payment method of it), and with the same
    // address typed another way: both refused, and both tries shown on the first entry.
    const sameCard = await confirmedShopper(t);
    const byCard = await enter(
      dropId,
      sameCard.cookie,
      '9',
      await savedCard(send, sameCard.cookie),
      '77 Pine Road',
    );
    expect(byCard.statusCode).toBe(409);
    expect(byCard.json().error.message).toBe(M.cardUsed);
    const sameAddress = await confirmedShopper(t);
    const byAddress = await enter(
      dropId,
      sameAddress.cookie,
      '9',
      await savedCard(send, sameAddress.cookie, CARDS[2]),
      '12 main st. apartment 4',
    );
    expect(byAddress.statusCode).toBe(409);
    expect(byAddress.json().error.message).toBe(M.addressUsed);
    const wrongSize = await enter(
      dropId,
      sameAddress.cookie,
      '11',
      await savedCard(send, sameAddress.cookie),
      '3 Oak Lane',
    );
    expect(wrongSize.statusCode).toBe(400);

    const entries = (await send('GET', `/api/admin/drops/${dropId}/entries`, admin)).json() as {
      email: string;
      flags: { reason: string; email: string }[];
    }[];
    expect(entries).toHaveLength(1);
    expect(entries[0]!.email).toBe(first.email);
    expect(entries[0]!.flags.map((flag) => [flag.reason, flag.email])).toEqual([
      ['card', sameCard.email],
      ['address', sameAddress.email],
    ]);
    expect((await send('GET', `/api/admin/drops/${dropId}`, admin)).json().flagged).toBe(1);
  });

  it('charges the winners down the published order, and anyone recomputes it from the seed', async () => {
    // Eleven more entrants: sizes 9 and 10, one card in four saved but declined when charged.
    const entrants = [];
    for (let i = 0; i < 11; i++) {
      const shopper = await confirmedShopper(t);
      const card = await savedCard(send, shopper.cookie, CARDS[i % 4], String(200 + i));
      const response = await enter(
        dropId,
        shopper.cookie,
        i % 3 === 0 ? '10' : '9',
        card,
        `${100 + i} Drop Avenue`,
      );
      expect(response.statusCode, response.body).toBe(201);
      entrants.push(shopper);
    }
    const stockBefore = await stockOf('Moon Shot');
    const closed = await send('POST', `/api/admin/drops/${dropId}/close`, admin);
    expect(closed.statusCode, closed.body).toBe(200);
    // Too late now.
    const late = await confirmedShopper(t);
    expect(
      (await enter(dropId, late.cookie, '9', await savedCard(send, late.cookie), '1 Late Lane')).statusCode,
    ).toBe(409);

    const drop = await drawnDrop(dropId);
    const published = (await send('GET', `/api/drops/${dropId}/result`, '')).json() as {
      seed: string;
      commitment: string;
      pairs: Record<string, number>;
      entries: { id: string; size: string; outcome: string }[];
    };
    expect(published.seed).toBe(drop.seed);
    expect(published.entries).toHaveLength(12);

    // From outside, with nothing of the shop's: the commitment, the order, the walk.
    expect(crypto.createHash('sha256').update(published.seed).digest('hex')).toBe(drop.commitment);
    const rank = (id: string) => crypto.createHmac('sha256', published.seed).update(id).digest('hex');
    const ordered = [...published.entries].sort((a, b) => (rank(a.id) < rank(b.id) ? -1 : 1));
    const left = { ...published.pairs };
    for (const entry of ordered) {
      if ((left[entry.size] ?? 0) === 0) {
        expect(entry.outcome, 'an entry below the last pair').toBe('lost');
        continue;
      }
      expect(['won', 'declined']).toContain(entry.outcome);
      if (entry.outcome === 'won') left[entry.size]! -= 1;
    }
    const won = published.entries.filter((entry) => entry.outcome === 'won');
    expect(won.length).toBe(4 - Object.values(left).reduce((sum, count) => sum + count, 0));
    expect(won.length).toBeGreaterThan(0);

    // Each winner has an order, and exactly their pairs left the stock.
    const wonOrders = await t.database.db
      .select({ id: orders.id })
      .from(orders)
      .where(like(orders.idempotencyKey, 'drop:%'));
    expect(wonOrders).toHaveLength(won.length);
    const stockAfter = await stockOf('Moon Shot');
    for (const size of ['9', '10'])
      expect(stockBefore.get(size)! - stockAfter.get(size)!).toBe(
        won.filter((entry) => entry.size === size).length,
      );

    // Everyone is mailed once: 12 entries, 12 mails (a winner's receipt besides).
    const mails = await t.database.db
      .select({ key: mailOutbox.key, subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(like(mailOutbox.key, 'drop-entry:%'));
    expect(mails).toHaveLength(12);
    expect(mails.filter((mail) => mail.subject.startsWith('You won'))).toHaveLength(won.length);

    // The shopper's account says what became of theirs; the shoe is on sale again.
    const mine = (await send('GET', '/api/account/drop-entries', entrants[0]!.cookie)).json() as {
      _id: string;
      outcome: string;
      phase: string;
    }[];
    expect(mine).toHaveLength(1);
    expect(mine[0]!.phase).toBe('drawn');
    expect(['won', 'declined', 'lost']).toContain(mine[0]!.outcome);
    expect((await send('POST', `/api/admin/drops/${dropId}/cancel`, admin)).statusCode).toBe(409);

    // The entrant's data download holds the entry; deleting the account keeps the published entry
    // (its id, size and outcome) without who, where or which card.
    const data = (await send('GET', '/api/account/data', entrants[0]!.cookie)).json() as {
      dropEntries: { drop: string; outcome: string; deliveryAddress: { line1: string } }[];
    };
    expect(data.dropEntries).toHaveLength(1);
    expect(data.dropEntries[0]!.drop).toBe(dropId);
    expect(data.dropEntries[0]!.deliveryAddress.line1).toBe('100 Drop Avenue');
    const deleted = await send('POST', '/api/account/delete', entrants[0]!.cookie, {
      password: entrants[0]!.password,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const [kept] = await t.database.db.select().from(dropEntries).where(eq(dropEntries.id, mine[0]!._id));
    expect(kept).toMatchObject({ userId: null, email: null, deliveryAddress: null, paymentMethodId: null });
    expect(kept!.outcome).toBe(mine[0]!.outcome);
  });
});

async function stockOf(name: string) {
  const rows = await t.database.db
    .select({ size: stockEntries.size, quantity: stockEntries.quantity })
    .from(stockEntries)
    .where(and(eq(stockEntries.shoeId, ids.get(name)!), inArray(stockEntries.size, ['9', '10'])));
  return new Map(rows.map((row) => [row.size, row.quantity]));
}
