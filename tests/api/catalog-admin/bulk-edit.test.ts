/**
 * Bulk edits of the shoes table (issue 33 item 5): each action previewed and applied, the preview
 * what the apply does, prices rounded and held at $1, sizes created and capped, a selection by
 * search and its cap, one audit entry per shoe changed, the cache dropped, and what is refused.
 * One file because its cases share one shop and carry its shoes forward (prices, sales, stock).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditChanges } from '../../../src/domain/audit-changes.js';
import { SHOE_LIMITS } from '../../../src/domain/admin.js';
import { BULK_MESSAGES } from '../../../src/domain/bulk-edit.js';
import type { BulkAnswer } from '../../../src/domain/contracts/bulk-edit.js';
import { auditLog, shoes, stockEntries } from '../../../src/server/db/schema.js';
import { insertCatalog } from '../support/catalog-fixture.js';
import { createSender } from '../support/sender.js';
import { signUp } from '../support/session.js';
import { createStaffTestApp } from '../support/staff-test-app.js';
import type { TestApp } from '../support/test-app.js';

let t: TestApp;
let admin: string;
let ids: Map<string, string>;
const send = createSender(() => t.app, 96);

beforeAll(async () => {
  ({ t, admin } = await createStaffTestApp(
    { email: 'owner@bulk-edit.test', password: 'owner-password' },
    // Longer than the file takes: an answer shown fresh was dropped, not expired.
    { signInFrom: '10.96.250.1', env: { CATALOG_CACHE_TTL_MS: 600_000 } },
  ));
  ({ shoeIds: ids } = await insertCatalog(
    t.database.db,
    ['Bulkco', 'Elsewhere'],
    [
      {
        name: 'Bulk Alpha',
        brand: 'Bulkco',
        color: 'Red',
        price: 100,
        sizes: [
          ['9', 5],
          ['10', 2],
        ],
      },
      { name: 'Bulk Beta', brand: 'Bulkco', color: 'Blue', price: 19.95, sizes: [['9', 1]] },
      { name: 'Bulk Gamma', brand: 'Bulkco', color: 'Black', price: 1.5, onSale: true, sizes: [['9', 3]] },
      { name: 'Bulk Delta', brand: 'Bulkco', color: 'White', price: 99_999, sizes: [['9', 3]] },
      { name: 'Lonely Walker', brand: 'Elsewhere', color: 'Green', price: 80, sizes: [['9', 3]] },
    ],
  ));
});
afterAll(() => t.close());

const id = (name: string) => ids.get(name)!;
const byIds = (...names: string[]) => ({ ids: names.map(id) });

const preview = (body: unknown, cookie = admin) =>
  send('POST', '/api/admin/shoes/bulk/preview', cookie, body);
const applyRaw = (body: unknown, cookie = admin) => send('POST', '/api/admin/shoes/bulk', cookie, body);

/** Preview, then apply exactly what was previewed; both answers. */
async function previewAndApply(selection: unknown, action: unknown) {
  const previewed = await preview({ selection, action });
  expect(previewed.statusCode, previewed.body).toBe(200);
  const seen = previewed.json() as BulkAnswer;
  const expected = seen.shoes.map((shoe) => ({ _id: shoe._id, version: shoe.version }));
  const applied = await applyRaw({ selection, action, expected });
  expect(applied.statusCode, applied.body).toBe(200);
  return { seen, done: applied.json() as BulkAnswer };
}

async function row(name: string) {
  const [shoe] = await t.database.db
    .select()
    .from(shoes)
    .where(eq(shoes.id, id(name)));
  return shoe!;
}
async function pairs(name: string, size: string) {
  const [entry] = await t.database.db
    .select()
    .from(stockEntries)
    .where(and(eq(stockEntries.shoeId, id(name)), eq(stockEntries.size, size)));
  return entry?.quantity;
}
const bulkAudits = (...names: string[]) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'shoe.bulk'), inArray(auditLog.targetId, names.map(id))));
const shoeAnswer = async (name: string) => {
  const response = await t.app.inject({ method: 'GET', url: `/api/shoes/${id(name)}` });
  expect(response.statusCode).toBe(200);
  return response.json() as {
    price: number;
    color: string;
    onSale: boolean;
    stock: { size: string; quantity: number }[];
  };
};
/** Behind the shop's back: a cached answer cannot know of it. */
const setColorSilently = (name: string, color: string) =>
  t.database.db
    .update(shoes)
    .set({ color })
    .where(eq(shoes.id, id(name)));

describe('a price change by a percentage', () => {
  it('previews each shoe before and after, applies exactly that, rounds half a cent up, and drops the cached shoe', async () => {
    // Cached, then changed behind the shop's back: only a dropped answer can show the new colour.
    expect((await shoeAnswer('Bulk Alpha')).price).toBe(100);
    await setColorSilently('Bulk Alpha', 'Crimson');
    expect((await shoeAnswer('Bulk Alpha')).color).toBe('Red');
    const versions = [(await row('Bulk Alpha')).version, (await row('Bulk Beta')).version];

    const { seen, done } = await previewAndApply(byIds('Bulk Alpha', 'Bulk Beta'), {
      kind: 'price_percent',
      percent: -10,
    });
    expect(seen.action).toBe('Price −10%');
    // $19.95 less 10% is 1795.5 cents: $17.96.
    expect(seen.shoes.map((shoe) => [shoe.name, shoe.before.price, shoe.after.price, shoe.changed])).toEqual(
      [
        ['Bulk Alpha', 100, 90, true],
        ['Bulk Beta', 19.95, 17.96, true],
      ].sort((a, b) => (id(a[0] as string) < id(b[0] as string) ? -1 : 1)),
    );
    expect(done.shoes.map((shoe) => shoe.after)).toEqual(seen.shoes.map((shoe) => shoe.after));
    expect(done).toMatchObject({ changed: 2, unchanged: 0, message: 'Changed 2 shoes.' });

    expect((await row('Bulk Alpha')).priceCents).toBe(9000);
    expect((await row('Bulk Beta')).priceCents).toBe(1796);
    expect([(await row('Bulk Alpha')).version, (await row('Bulk Beta')).version]).toEqual(
      versions.map((version) => version + 1),
    );
    const shown = await shoeAnswer('Bulk Alpha');
    expect(shown).toMatchObject({ price: 90, color: 'Crimson' });
  });

  it('holds a price at the highest price', async () => {
    const { done } = await previewAndApply(byIds('Bulk Delta'), { kind: 'price_percent', percent: 10 });
    expect(done.shoes[0]).toMatchObject({
      after: { price: SHOE_LIMITS.maxPrice },
      bounded: true,
      changed: true,
    });
    expect((await row('Bulk Delta')).priceCents).toBe(SHOE_LIMITS.maxPrice * 100);
  });
});

describe('a price change by an amount', () => {
  it('adds or takes dollars, never below $1, and a shoe held where it was is unchanged and not audited', async () => {
    const first = await previewAndApply(byIds('Bulk Gamma'), { kind: 'price_amount', amountCents: -1000 });
    expect(first.done.shoes[0]).toMatchObject({ before: { price: 1.5 }, after: { price: 1 }, bounded: true });
    expect((await row('Bulk Gamma')).priceCents).toBe(100);
    expect(await bulkAudits('Bulk Gamma')).toHaveLength(1);

    const again = await previewAndApply(byIds('Bulk Gamma'), { kind: 'price_amount', amountCents: -500 });
    expect(again.done).toMatchObject({
      changed: 0,
      unchanged: 1,
      message: 'Changed 0 shoes; 1 shoe unchanged.',
    });
    expect(again.done.shoes[0]).toMatchObject({ changed: false, after: { price: 1 } });
    expect(await bulkAudits('Bulk Gamma')).toHaveLength(1);

    const raised = await previewAndApply(byIds('Bulk Gamma'), { kind: 'price_amount', amountCents: 550 });
    expect(raised.done.shoes[0]!.after.price).toBe(6.5);
    expect((await row('Bulk Gamma')).priceCents).toBe(650);
  });
});

describe('a sale', () => {
  it('puts shoes on sale: one audit entry per shoe changed, none for the one already on sale', async () => {
    expect((await row('Bulk Gamma')).onSale).toBe(true);
    const before = (await bulkAudits('Bulk Gamma')).length;
    const { seen, done } = await previewAndApply(byIds('Bulk Beta', 'Bulk Gamma'), { kind: 'put_on_sale' });
    expect(seen).toMatchObject({ changed: 1, unchanged: 1 });
    expect(done).toMatchObject({ changed: 1, unchanged: 1, message: 'Changed 1 shoe; 1 shoe unchanged.' });
    expect((await row('Bulk Beta')).onSale).toBe(true);
    expect(await bulkAudits('Bulk Gamma')).toHaveLength(before);

    const entries = await bulkAudits('Bulk Beta');
    const entry = entries.find((candidate) => (candidate.after as { onSale?: boolean }).onSale === true)!;
    expect(entry).toMatchObject({ actorEmail: 'owner@bulk-edit.test', targetLabel: 'Bulk Beta' });
    // Read by the audit log field by field, as Modify Shoes' entries are.
    expect(auditChanges('shoe.bulk', entry.before, entry.after)).toEqual([
      { label: 'On sale', from: 'no', to: 'yes' },
      { label: 'Bulk edit', to: 'Put on sale' },
    ]);
  });

  it('takes them off sale, and the storefront shows it at once', async () => {
    expect((await shoeAnswer('Bulk Beta')).onSale).toBe(true);
    await previewAndApply(byIds('Bulk Beta'), { kind: 'take_off_sale' });
    expect((await shoeAnswer('Bulk Beta')).onSale).toBe(false);
  });
});

describe('adding stock', () => {
  it('adds pairs to a size, creates it where missing, and drops exactly the shoes given pairs from the cache', async () => {
    for (const name of ['Bulk Alpha', 'Bulk Beta', 'Lonely Walker']) await shoeAnswer(name);
    await setColorSilently('Bulk Beta', 'Navy');
    await setColorSilently('Lonely Walker', 'Olive');

    const { seen, done } = await previewAndApply(byIds('Bulk Alpha', 'Bulk Beta'), {
      kind: 'add_stock',
      size: '10',
      quantity: 5,
    });
    const bySize = (answer: BulkAnswer) =>
      Object.fromEntries(
        answer.shoes.map((shoe) => [shoe.name, [shoe.before.quantity, shoe.after.quantity]]),
      );
    expect(bySize(seen)).toEqual({ 'Bulk Alpha': [2, 7], 'Bulk Beta': [null, 5] });
    expect(bySize(done)).toEqual(bySize(seen));
    expect([await pairs('Bulk Alpha', '10'), await pairs('Bulk Beta', '10')]).toEqual([7, 5]);

    const beta = await shoeAnswer('Bulk Beta');
    expect(beta.color).toBe('Navy');
    expect(beta.stock.find((entry) => entry.size === '10')?.quantity).toBe(5);
    // A shoe the change did not touch keeps its cached answer.
    expect((await shoeAnswer('Lonely Walker')).color).toBe('Green');

    const [created] = (await bulkAudits('Bulk Beta')).filter(
      (entry) => (entry.after as { size?: string }).size === '10',
    );
    expect(auditChanges('shoe.bulk', created!.before, created!.after)).toEqual([
      { label: 'Size 10 stock', from: '0', to: '5' },
      { label: 'Bulk edit', to: 'Add 5 pairs of size 10' },
    ]);
  });

  it('never past the most a size may hold: the preview says which shoe, the apply is refused, nothing written', async () => {
    const action = { kind: 'add_stock', size: '9', quantity: SHOE_LIMITS.maxQuantity - 4 };
    const selection = byIds('Bulk Alpha', 'Bulk Gamma');
    const seen = (await preview({ selection, action })).json() as BulkAnswer;
    const alpha = seen.shoes.find((shoe) => shoe.name === 'Bulk Alpha')!;
    expect(alpha.problem).toBe(BULK_MESSAGES.tooManyPairs('9', 5));
    expect(seen.shoes.find((shoe) => shoe.name === 'Bulk Gamma')!.problem).toBeUndefined();
    const audits = (await bulkAudits('Bulk Gamma')).length;
    const refused = await applyRaw({
      selection,
      action,
      expected: seen.shoes.map((shoe) => ({ _id: shoe._id, version: shoe.version })),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(`Bulk Alpha: ${BULK_MESSAGES.tooManyPairs('9', 5)}`);
    expect([await pairs('Bulk Alpha', '9'), await pairs('Bulk Gamma', '9')]).toEqual([5, 3]);
    expect(await bulkAudits('Bulk Gamma')).toHaveLength(audits);
  });
});

describe('a selection by search', () => {
  it('is every shoe the shoes table finds for the search, across pages', async () => {
    const { seen, done } = await previewAndApply({ search: 'bulk' }, { kind: 'take_off_sale' });
    expect(seen.shoes.map((shoe) => shoe.name).sort()).toEqual([
      'Bulk Alpha',
      'Bulk Beta',
      'Bulk Delta',
      'Bulk Gamma',
    ]);
    expect(done.changed).toBe(1);
    expect((await row('Bulk Gamma')).onSale).toBe(false);
    expect((await row('Lonely Walker')).onSale).toBe(false);
  });

  it('refuses to apply when the search finds other shoes than the preview did', async () => {
    const selection = { search: 'bulk' };
    const action = { kind: 'price_amount', amountCents: 100 };
    const seen = (await preview({ selection, action })).json() as BulkAnswer;
    await insertCatalog(
      t.database.db,
      ['Latecomer'],
      [{ name: 'Bulk Epsilon', brand: 'Latecomer', color: 'Red', price: 50 }],
    );
    const refused = await applyRaw({
      selection,
      action,
      expected: seen.shoes.map((shoe) => ({ _id: shoe._id, version: shoe.version })),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(BULK_MESSAGES.selectionChanged);
    expect((await row('Bulk Alpha')).priceCents).toBe(9000);
  });

  it('is refused past 1,000 shoes, saying how many', async () => {
    await insertCatalog(
      t.database.db,
      ['Capped'],
      Array.from({ length: 1001 }, (_, index) => ({
        name: `Capped Shoe ${index}`,
        brand: 'Capped',
        color: 'Grey',
        price: 30,
      })),
    );
    const refused = await preview({ selection: { search: 'Capped Shoe' }, action: { kind: 'put_on_sale' } });
    expect(refused.statusCode).toBe(400);
    // The search stops counting at its cap (decision 033): it knows only that more match.
    expect(refused.json().error.message).toBe(
      'More than 1,000 shoes selected: at most 1,000 can be changed at once. Narrow the search or select fewer.',
    );
    const ids1001 = Array.from({ length: 1001 }, () => crypto.randomUUID());
    const tooManyIds = await preview({ selection: { ids: ids1001 }, action: { kind: 'put_on_sale' } });
    expect(tooManyIds.statusCode).toBe(400);
    expect(tooManyIds.json().error.message).toMatch(/^1,001 shoes selected/);
  });
});

describe('a shoe changed between the preview and the apply', () => {
  it('is named in a 409, and nothing is written', async () => {
    const selection = byIds('Bulk Alpha', 'Bulk Beta');
    const action = { kind: 'price_percent', percent: 50 };
    const seen = (await preview({ selection, action })).json() as BulkAnswer;
    const sale = await send('PUT', `/api/admin/onsale/${id('Bulk Beta')}`, admin, { onSale: true });
    expect(sale.statusCode).toBe(200);
    const audits = (await bulkAudits('Bulk Alpha', 'Bulk Beta')).length;
    const refused = await applyRaw({
      selection,
      action,
      expected: seen.shoes.map((shoe) => ({ _id: shoe._id, version: shoe.version })),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('Bulk Beta changed since the preview: preview again.');
    expect((await row('Bulk Alpha')).priceCents).toBe(9000);
    expect((await row('Bulk Beta')).priceCents).toBe(1796);
    expect(await bulkAudits('Bulk Alpha', 'Bulk Beta')).toHaveLength(audits);
  });
});

describe('who may and what is refused', () => {
  const body = { selection: { ids: [] as string[] }, action: { kind: 'put_on_sale' } };

  it('answers a visitor 401 and a shopper 403', async () => {
    body.selection.ids = [id('Bulk Alpha')];
    expect((await preview(body, '')).statusCode).toBe(401);
    expect(
      (await applyRaw({ ...body, expected: [{ _id: id('Bulk Alpha'), version: 1 }] }, '')).statusCode,
    ).toBe(401);
    const shopper = await signUp(t.app);
    expect((await preview(body, shopper.cookie)).statusCode).toBe(403);
    expect(
      (await applyRaw({ ...body, expected: [{ _id: id('Bulk Alpha'), version: 1 }] }, shopper.cookie))
        .statusCode,
    ).toBe(403);
  });

  it.each([
    ['no action', { selection: { search: '' } }, 'action', BULK_MESSAGES.action],
    [
      'an unknown action',
      { selection: { search: '' }, action: { kind: 'explode' } },
      'action.kind',
      BULK_MESSAGES.action,
    ],
    [
      'a 0% change',
      { selection: { search: '' }, action: { kind: 'price_percent', percent: 0 } },
      'action.percent',
      BULK_MESSAGES.percent,
    ],
    [
      'three decimals',
      { selection: { search: '' }, action: { kind: 'price_percent', percent: 1.005 } },
      'action.percent',
      BULK_MESSAGES.percent,
    ],
    [
      'below -100%',
      { selection: { search: '' }, action: { kind: 'price_percent', percent: -101 } },
      'action.percent',
      BULK_MESSAGES.percent,
    ],
    [
      'cents not whole',
      { selection: { search: '' }, action: { kind: 'price_amount', amountCents: 1.5 } },
      'action.amountCents',
      BULK_MESSAGES.amount,
    ],
    [
      'no pairs',
      { selection: { search: '' }, action: { kind: 'add_stock', size: '9', quantity: 0 } },
      'action.quantity',
      BULK_MESSAGES.quantity,
    ],
    ['no selection', { action: { kind: 'put_on_sale' } }, 'selection', BULK_MESSAGES.selection],
    [
      'ids and a search',
      { selection: { ids: [], search: 'x' }, action: { kind: 'put_on_sale' } },
      'selection.ids',
      BULK_MESSAGES.noneSelected,
    ],
    [
      'an id that is no id',
      { selection: { ids: ['nope'] }, action: { kind: 'put_on_sale' } },
      'selection.ids.0',
      BULK_MESSAGES.shoeId,
    ],
  ])('refuses %s with a 400 saying what is wrong', async (_, payload, field, message) => {
    const response = await preview(payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'validation', fields: { [field]: message } });
  });

  it('refuses an apply without the preview’s shoes, and answers 404 for a shoe that does not exist', async () => {
    const noExpected = await applyRaw({ selection: byIds('Bulk Alpha'), action: { kind: 'put_on_sale' } });
    expect(noExpected.statusCode).toBe(400);
    expect(noExpected.json().error.fields).toEqual({ expected: BULK_MESSAGES.expected });
    const gone = await preview({
      selection: { ids: [crypto.randomUUID()] },
      action: { kind: 'put_on_sale' },
    });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.message).toBe(BULK_MESSAGES.missing(1));
  });
});
