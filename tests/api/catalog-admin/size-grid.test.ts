import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MESSAGES } from '../../../src/domain/messages.js';
import { auditLog } from '../../../src/server/db/schema.js';
import { insertCatalog } from '../support/catalog-fixture.js';
import { multipart } from '../support/multipart.js';
import { TEST_ORIGIN } from '../support/session.js';
import type { TestApp } from '../support/test-app.js';
import { createStaffTestApp } from '../support/staff-test-app.js';

/** Create Shoes with a size grid (issue 33 item 6): the spec's first size and `moreSizes`, written together. */
let t: TestApp;
let admin: string;
let png: Buffer;

beforeAll(async () => {
  ({ t, admin } = await createStaffTestApp({ email: 'owner@shop.test', password: 'owner-password' }));
  await insertCatalog(
    t.database.db,
    ['Arc'],
    [{ name: 'Other One', brand: 'Arc', color: 'Red', price: 80, sizes: [['12', 1]] }],
  );
  png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3c3' } })
    .png()
    .toBuffer();
});
afterAll(() => t.close());

const shoeFields = {
  brand: 'Arc',
  name: 'Grid Runner',
  color: 'Teal',
  price: '110',
  size: '9',
  q: '4',
  description: 'Made for the size grid.',
};

async function createShoe(fields: Record<string, string>) {
  const form = await multipart(fields, { name: 'photo.png', type: 'image/png', bytes: png });
  return t.app.inject({
    method: 'POST',
    url: '/api/shoes',
    payload: form.payload,
    headers: { ...form.headers, cookie: admin, origin: TEST_ORIGIN },
  });
}

const get = async (url: string) => (await t.app.inject({ method: 'GET', url })).json();
const shoeCount = async () => (await get('/api/shoes?limit=100')).length as number;

describe('Create Shoes with a size grid', () => {
  it('writes every size of the grid with its quantity; the size filter and facets count each one', async () => {
    const created = await createShoe({
      ...shoeFields,
      moreSizes: JSON.stringify([
        { size: '10.5', q: '2' },
        { size: 11, q: 0 },
        { size: '7', q: '6' },
      ]),
    });
    expect(created.statusCode, created.body).toBe(201);
    const { shoe } = created.json();
    const stock = (await get(`/api/shoes/${shoe._id}`)).stock.map(
      ({ size, quantity }: { size: string; quantity: number }) => ({ size, quantity }),
    );
    expect(stock).toEqual(
      expect.arrayContaining([
        { size: '9', quantity: 4 },
        { size: '10.5', quantity: 2 },
        { size: '11', quantity: 0 },
        { size: '7', quantity: 6 },
      ]),
    );
    expect(stock).toHaveLength(4);
    // In stock: found by their size filter; 11 has no pairs and is not.
    for (const size of ['7', '9', '10.5']) {
      expect((await get(`/api/shoes?size=${size}`)).map((s: { _id: string }) => s._id)).toContain(shoe._id);
    }
    expect(await get('/api/shoes?size=11')).toEqual([]);
    const facets = await get('/api/shoes/facets');
    const sizes = Object.fromEntries(
      facets.sizes.map(({ value, count }: { value: string; count: number }) => [value, count]),
    );
    expect(sizes).toMatchObject({ '7': 1, '9': 1, '10.5': 1 });
    expect(sizes['11'] ?? 0).toBe(0);

    // One audit entry for the shoe, listing every size.
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'shoe.create'));
    expect(entries).toHaveLength(1);
    expect(entries[0]!.after).toMatchObject({
      name: 'Grid Runner',
      stock: [
        { size: '9', quantity: 4 },
        { size: '10.5', quantity: 2 },
        { size: '11', quantity: 0 },
        { size: '7', quantity: 6 },
      ],
    });
  });

  it('refuses a size given twice, the first one included, naming it, and writes nothing', async () => {
    const before = await shoeCount();
    const repeatsFirst = await createShoe({
      ...shoeFields,
      name: 'Twice Runner',
      moreSizes: JSON.stringify([
        { size: '10', q: '1' },
        { size: '09', q: '1' },
      ]),
    });
    expect(repeatsFirst.statusCode).toBe(400);
    expect(repeatsFirst.json().error.fields).toEqual({
      'moreSizes.1.size': MESSAGES.adminForm.sizeTwice('9'),
    });
    const repeatsRow = await createShoe({
      ...shoeFields,
      name: 'Twice Runner',
      moreSizes: JSON.stringify([
        { size: '10', q: '1' },
        { size: '10', q: '3' },
      ]),
    });
    expect(repeatsRow.statusCode).toBe(400);
    expect(repeatsRow.json().error.fields).toEqual({
      'moreSizes.1.size': MESSAGES.adminForm.sizeTwice('10'),
    });
    expect(await shoeCount()).toBe(before);
  });

  it("answers each row with the first size's rules and messages, at most 23 rows, and JSON only", async () => {
    const before = await shoeCount();
    const bad = await createShoe({
      ...shoeFields,
      moreSizes: JSON.stringify([
        { size: 'ten', q: '1' },
        { size: '10', q: '-2' },
        { size: '30', q: '1' },
      ]),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({
      'moreSizes.0.size': MESSAGES.adminForm.sizeFormat,
      'moreSizes.1.q': MESSAGES.adminForm.quantityFormat,
      'moreSizes.2.size': MESSAGES.adminForm.size,
    });
    const rows = Array.from({ length: 24 }, (_, index) => ({ size: String(1 + index / 2 + 0.5), q: '1' }));
    const tooMany = await createShoe({ ...shoeFields, moreSizes: JSON.stringify(rows) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.fields).toEqual({ moreSizes: MESSAGES.adminForm.tooManySizes(24) });
    const notJson = await createShoe({ ...shoeFields, moreSizes: '10:3' });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().error.fields).toEqual({ moreSizes: MESSAGES.adminForm.moreSizes });
    expect(await shoeCount()).toBe(before);
  });
});
