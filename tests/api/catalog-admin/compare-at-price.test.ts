import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../src/domain/messages.js';
import { insertCatalog } from '../support/catalog-fixture.js';
import { multipart } from '../support/multipart.js';
import { TEST_ORIGIN } from '../support/session.js';
import type { TestApp } from '../support/test-app.js';
import { createStaffTestApp } from '../support/staff-test-app.js';

/** The optional "compare at" price (issue 33 item 6) on Create and Modify Shoes and in the shoe's answer. */
let t: TestApp;
let admin: string;
let png: Buffer;

beforeAll(async () => {
  ({ t, admin } = await createStaffTestApp({ email: 'owner@shop.test', password: 'owner-password' }));
  await insertCatalog(t.database.db, ['Arc'], [{ name: 'Plain One', brand: 'Arc', color: 'Red', price: 80 }]);
  png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#33c' } })
    .png()
    .toBuffer();
});
afterAll(() => t.close());

const shoeFields = {
  brand: 'Arc',
  name: 'Was Runner',
  color: 'Navy',
  price: '120',
  size: '9',
  q: '4',
  description: 'On sale soon.',
};

async function send(method: 'POST' | 'PUT', url: string, fields: Record<string, string>) {
  const form = await multipart(
    fields,
    method === 'POST' ? { name: 'p.png', type: 'image/png', bytes: png } : undefined,
  );
  return t.app.inject({
    method,
    url,
    payload: form.payload,
    headers: { ...form.headers, cookie: admin, origin: TEST_ORIGIN },
  });
}
const read = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/shoes/${id}` })).json();

describe('compare-at price', () => {
  it('is created and read back; a shoe without one has no such field', async () => {
    const created = await send('POST', '/api/shoes', { ...shoeFields, compareAtPrice: '150' });
    expect(created.statusCode, created.body).toBe(201);
    const { shoe } = created.json();
    expect(shoe).toMatchObject({ price: 120, compareAtPrice: 150 });
    expect(await read(shoe._id)).toMatchObject({ price: 120, compareAtPrice: 150 });
    const plain = (await t.app.inject({ method: 'GET', url: '/api/shoes?name=Plain' })).json();
    expect(plain[0]).not.toHaveProperty('compareAtPrice');
    const listed = (await t.app.inject({ method: 'GET', url: '/api/shoes?name=Was' })).json();
    expect(listed[0]).toMatchObject({ compareAtPrice: 150 });
  });

  it('must be whole dollars above the price; nothing is created otherwise', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/shoes?limit=100' })).json().length;
    const notAbove = await send('POST', '/api/shoes', { ...shoeFields, compareAtPrice: '120' });
    expect(notAbove.statusCode).toBe(400);
    expect(notAbove.json().error.fields).toEqual({ compareAtPrice: MESSAGES.adminForm.compareAtAbovePrice });
    const cents = await send('POST', '/api/shoes', { ...shoeFields, compareAtPrice: '149.99' });
    expect(cents.statusCode).toBe(400);
    expect(cents.json().error.fields).toEqual({ compareAtPrice: MESSAGES.adminForm.compareAtPrice });
    expect((await t.app.inject({ method: 'GET', url: '/api/shoes?limit=100' })).json().length).toBe(before);
  });

  it('is set, kept when left out, refused below the price, and cleared by Modify Shoes', async () => {
    const { shoe } = (await send('POST', '/api/shoes', { ...shoeFields, name: 'Mod Runner' })).json();
    expect(shoe).not.toHaveProperty('compareAtPrice');
    const modify = (extra: Record<string, string>) =>
      send('PUT', `/api/shoes/${shoe._id}`, { ...shoeFields, name: 'Mod Runner', ...extra });
    expect((await modify({ compareAtPrice: '160' })).statusCode).toBe(200);
    expect(await read(shoe._id)).toMatchObject({ compareAtPrice: 160 });
    expect((await modify({ price: '100' })).statusCode).toBe(200);
    expect(await read(shoe._id)).toMatchObject({ price: 100, compareAtPrice: 160 });
    const below = await modify({ price: '170', compareAtPrice: '160' });
    expect(below.statusCode).toBe(400);
    expect(below.json().error.fields).toEqual({ compareAtPrice: MESSAGES.adminForm.compareAtAbovePrice });
    expect(await read(shoe._id)).toMatchObject({ price: 100, compareAtPrice: 160 });
    expect((await modify({ compareAtPrice: '' })).statusCode).toBe(200);
    expect(await read(shoe._id)).not.toHaveProperty('compareAtPrice');
  });
});
