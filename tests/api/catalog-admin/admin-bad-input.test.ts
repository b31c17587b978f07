// One file because it is one table of refused inputs per admin endpoint, each with its message
// (MESSAGES.adminForm), over one app and one administrator's session.
import { MESSAGES } from '../../../src/domain/messages.js';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOE_LIMITS } from '../../../src/domain/admin.js';

const M = MESSAGES.adminForm;
import { brands, orders, shoes, stockEntries, users } from '../../../src/server/db/schema.js';
import { insertCatalog } from '../support/catalog-fixture.js';
import { multipart } from '../support/multipart.js';
import { signUp, TEST_ORIGIN } from '../support/session.js';
import type { TestApp } from '../support/test-app.js';
import { createStaffTestApp } from '../support/staff-test-app.js';

const ADMIN = { email: 'owner@badinput.test', password: 'owner-password' };

let t: TestApp;
let admin: string;
let dataDir: string;
let png: Buffer;
let shoeId: string;
let shopperId: string;
let idPayment: string;

beforeAll(async () => {
  // Our own data directory, so that we can check that a refused upload stored no file.
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bad-input-'));
  ({ t, admin } = await createStaffTestApp(ADMIN, { env: { DATA_DIR: dataDir } }));
  const { shoeIds } = await insertCatalog(
    t.database.db,
    ['Velo'],
    [
      {
        name: 'Storm Court',
        brand: 'Velo',
        color: 'Blue',
        price: 90,
        sizes: [
          ['9', 5],
          ['10', 2],
        ],
      },
    ],
  );
  shoeId = shoeIds.get('Storm Court')!;
  shopperId = (await signUp(t.app)).user._id;
  idPayment = `pi_badinput_${crypto.randomBytes(6).toString('hex')}`;
  await t.database.db
    .insert(orders)
    .values({ userId: shopperId, email: 'shopper@badinput.test', idPayment, amountCents: 9000 });
  png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------------
// Everything an admin write can touch, to show that a refusal wrote nothing at all.

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort();
}

async function snapshot() {
  const { db } = t.database;
  return {
    brands: await db.select().from(brands).orderBy(asc(brands.name)),
    shoes: await db.select().from(shoes).orderBy(asc(shoes.name)),
    stock: await db
      .select({ shoeId: stockEntries.shoeId, size: stockEntries.size, quantity: stockEntries.quantity })
      .from(stockEntries)
      .orderBy(asc(stockEntries.shoeId), asc(stockEntries.size)),
    users: await db
      .select({ id: users.id, status: users.status, manager: users.manager })
      .from(users)
      .orderBy(asc(users.id)),
    orders: await db.select({ id: orders.idPayment, status: orders.status }).from(orders),
    uploads: filesUnder(path.join(dataDir, 'uploads')),
  };
}

/** Sends a request that must be refused with `status`, and checks that nothing changed. */
async function refused(request: InjectOptions, status: number): Promise<LightMyRequestResponse> {
  const before = await snapshot();
  const response = await t.app.inject({
    ...request,
    headers: { cookie: admin, origin: TEST_ORIGIN, ...request.headers },
  });
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json().error).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  expect(await snapshot()).toEqual(before);
  return response;
}

const json = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown): InjectOptions => ({
  method,
  url,
  ...(payload === undefined
    ? {}
    : { payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } }),
});

async function form(
  method: 'POST' | 'PUT',
  url: string,
  fields: Record<string, string>,
  file: { name: string; type: string; bytes: Buffer } | null = {
    name: 'shoe.png',
    type: 'image/png',
    bytes: png,
  },
): Promise<InjectOptions> {
  const body = await multipart(fields, file ?? undefined);
  return { method, url, payload: body.payload, headers: body.headers };
}

// ---------------------------------------------------------------------------------------------

const createFields = {
  brand: 'Velo',
  name: 'Sky Runner',
  color: 'Green',
  price: '120',
  size: '9.5',
  q: '4',
  description: 'Light, quick and comfortable.',
};

/** [field, required message, a value with characters the field refuses, format message] */
const CREATE_SHOE_RULES = [
  ['brand', M.brand, 'V3lo', M.brandFormat],
  ['name', M.name, 'Air <Max>', M.nameFormat],
  ['color', M.color, 'Bl@ck', M.colorFormat],
  ['price', M.price, '12.50', M.priceFormat],
  ['size', M.size, 'nine', M.sizeFormat],
  ['q', M.quantity, '-1', M.quantityFormat],
  ['description', M.description, 'Only <b>bold</b> words', M.descriptionFormat],
] as const;

const tooLong = (field: string) => {
  if (field === 'price' || field === 'size' || field === 'q') return '1'.repeat(SHOE_LIMITS.text + 1);
  return 'a'.repeat(field === 'description' ? SHOE_LIMITS.description + 1 : SHOE_LIMITS.text + 1);
};

describe('POST /api/shoes (Create Shoes)', () => {
  const cases = CREATE_SHOE_RULES.flatMap(([field, required, bad, format]) => [
    [field, 'empty', '', required],
    [field, 'only spaces', '   ', required],
    [field, 'too long', tooLong(field), required],
    [field, `"${bad}"`, bad, format],
  ]);

  it.each(cases)('refuses %s %s with its message', async (field, _label, value, message) => {
    const response = await refused(
      await form('POST', '/api/shoes', { ...createFields, [field]: value }),
      400,
    );
    expect(response.json().error).toEqual({ code: 'validation', message, fields: { [field]: message } });
  });

  it.each(CREATE_SHOE_RULES.map(([field, required]) => [field, required] as const))(
    'refuses a form without %s',
    async (field, message) => {
      const { [field]: _dropped, ...rest } = createFields;
      const response = await refused(await form('POST', '/api/shoes', rest), 400);
      expect(response.json().error.fields).toEqual({ [field]: message });
    },
  );

  it.each([
    ['a price of 0', 'price', '0', M.price],
    ['a price over the limit', 'price', String(SHOE_LIMITS.maxPrice + 1), M.price],
    ['a negative price', 'price', '-5', M.priceFormat],
    ['a size of 0', 'size', '0', M.size],
    ['a size over 20', 'size', '21', M.size],
    ['a quarter size', 'size', '9.25', M.sizeFormat],
    ['a quantity over the limit', 'q', String(SHOE_LIMITS.maxQuantity + 1), M.quantity],
    ['a description without a letter', 'description', '###', M.descriptionFormat],
    ['a name without a letter or a digit', 'name', '!!', M.nameFormat],
    ['a brand that does not exist', 'brand', 'Nobody', M.brand],
  ])('refuses %s', async (_label, field, value, message) => {
    const response = await refused(
      await form('POST', '/api/shoes', { ...createFields, [field]: value }),
      400,
    );
    expect(response.json().error.fields).toEqual({ [field]: message });
  });

  it('answers every broken field at once', async () => {
    const response = await refused(
      await form('POST', '/api/shoes', {
        brand: '',
        name: 'N@me',
        color: '',
        price: 'ten',
        size: '',
        q: 'many',
        description: '',
      }),
      400,
    );
    expect(response.json().error.fields).toEqual({
      brand: M.brand,
      name: M.nameFormat,
      color: M.color,
      price: M.priceFormat,
      size: M.size,
      q: M.quantityFormat,
      description: M.description,
    });
  });

  it('needs an image: none, or an empty file, is refused with the image message', async () => {
    for (const file of [null, { name: 'empty.png', type: 'image/png', bytes: Buffer.alloc(0) }]) {
      const response = await refused(await form('POST', '/api/shoes', createFields, file), 400);
      expect(response.json().error.fields).toEqual({ image: M.image });
    }
  });

  it('refuses a text file renamed .jpg (415)', async () => {
    const text = { name: 'shoe.jpg', type: 'image/jpeg', bytes: Buffer.from('just some text, not a JPEG') };
    const response = await refused(await form('POST', '/api/shoes', createFields, text), 415);
    expect(response.json().error.fields).toEqual({ image: M.image });
  });

  it('refuses an SVG carrying a script, whatever it is called (415)', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30">' +
        '<script>alert(document.cookie)</script><rect width="40" height="30" fill="red"/></svg>',
    );
    for (const file of [
      { name: 'shoe.svg', type: 'image/svg+xml', bytes: svg },
      { name: 'shoe.jpg', type: 'image/jpeg', bytes: svg },
    ]) {
      const response = await refused(await form('POST', '/api/shoes', createFields, file), 415);
      expect(response.json().error.fields).toEqual({ image: M.image });
    }
  });

  it('refuses a 50 MB image (413)', async () => {
    // A real PNG, padded: the size alone must refuse it.
    const huge = Buffer.concat([png, Buffer.alloc(50 * 1024 * 1024 - png.length)]);
    const response = await refused(
      await form('POST', '/api/shoes', createFields, { name: 'huge.png', type: 'image/png', bytes: huge }),
      413,
    );
    expect(response.json().error.message).toBe(MESSAGES.admin.imageTooLarge(10));
  });

  it('refuses a body that is not multipart (415)', async () => {
    await refused(json('POST', '/api/shoes', createFields), 415);
    await refused(
      {
        method: 'POST',
        url: '/api/shoes',
        payload: new URLSearchParams(createFields).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      },
      415,
    );
    await refused({ method: 'POST', url: '/api/shoes' }, 415);
  });

  it('refuses a multipart body that cannot be read, or holds two files (400)', async () => {
    await refused(
      {
        method: 'POST',
        url: '/api/shoes',
        payload: 'garbage that is no multipart body',
        headers: { 'content-type': 'multipart/form-data; boundary=----nothing' },
      },
      400,
    );
    const two = new FormData();
    for (const [name, value] of Object.entries(createFields)) two.append(name, value);
    two.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'one.png');
    two.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'two.png');
    const request = new Request('http://localhost/', { method: 'POST', body: two });
    const response = await refused(
      {
        method: 'POST',
        url: '/api/shoes',
        payload: Buffer.from(await request.arrayBuffer()),
        headers: { 'content-type': request.headers.get('content-type')! },
      },
      400,
    );
    // Refused before any image is stored.
    expect(response.json().error).toEqual({
      code: 'bad_request',
      message: "Send one image and the form's fields only",
    });
  });

  it.each(['__proto__', 'constructor', 'hasOwnProperty'])(
    'refuses a field named %s (400: it would overwrite a prototype)',
    async (field) => {
      await refused(await form('POST', '/api/shoes', { ...createFields, [field]: 'x' }), 400);
    },
  );

  it('ignores fields it does not know: an id, a sale flag or a version cannot be chosen', async () => {
    const id = crypto.randomUUID();
    const request = await form('POST', '/api/shoes', {
      ...createFields,
      name: 'Chosen Fields',
      _id: id,
      onSale: 'true',
      version: '99',
    });
    const created = await t.app.inject({
      ...request,
      headers: { ...request.headers, cookie: admin, origin: TEST_ORIGIN },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().shoe._id).not.toBe(id);
    expect(created.json().shoe).toMatchObject({ name: 'Chosen Fields', onSale: false, version: 1 });
    // The snapshot's upload listing sees files: this one was stored.
    expect(fs.existsSync(path.join(dataDir, created.json().shoe.image))).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------

describe('PUT /api/shoes/{id} (Modify Shoes)', () => {
  const modifyFields = {
    brand: 'Velo',
    name: 'Storm Court',
    color: 'Blue',
    price: '90',
    size: '9',
    q: '5',
    description: 'The Storm Court, a fine shoe.',
  };
  const modify = (fields: Record<string, string>, file: Parameters<typeof form>[3] = null, id = shoeId) =>
    form('PUT', `/api/shoes/${id}`, fields, file);

  it.each([
    ['brand', M.brand],
    ['name', M.name],
    ['color', M.color],
    ['price', M.price],
    ['size', M.size],
    ['q', M.quantity],
    ['description', M.description],
  ] as const)('requires %s: empty or missing, it answers its message', async (field, message) => {
    const empty = await refused(await modify({ ...modifyFields, [field]: '' }), 400);
    expect(empty.json().error).toEqual({ code: 'validation', message, fields: { [field]: message } });
    const { [field]: _dropped, ...rest } = modifyFields;
    expect((await refused(await modify(rest), 400)).json().error.fields).toEqual({ [field]: message });
  });

  it.each([
    ['a price that is not a number', 'price', '12.5.0', M.price],
    ['a price with a fraction of a cent', 'price', '12.505', M.price],
    ['a price under $1', 'price', '0.99', M.price],
    ['a negative quantity', 'q', '-3', M.quantity],
    ['a size the shoe does not have', 'size', '13', M.size],
    ['a brand that does not exist', 'brand', 'Nobody', M.brand],
  ])('refuses %s', async (_label, field, value, message) => {
    const response = await refused(await modify({ ...modifyFields, [field]: value }), 400);
    expect(response.json().error.fields).toEqual({ [field]: message });
  });

  it('refuses an onSale that is not "true" or "false", and a version that is not a number', async () => {
    expect(
      (await refused(await modify({ ...modifyFields, onSale: 'yes' }), 400)).json().error.fields,
    ).toHaveProperty('onSale');
    expect(
      (await refused(await modify({ ...modifyFields, version: 'v1' }), 400)).json().error.fields,
    ).toHaveProperty('version');
  });

  it('changes nothing when the new image is not an image (415) or too large (413)', async () => {
    const renamed = { ...modifyFields, name: 'Half Written', price: '1' };
    await refused(
      await modify(renamed, { name: 'shoe.jpg', type: 'image/jpeg', bytes: Buffer.from('not an image') }),
      415,
    );
    await refused(
      await modify(renamed, {
        name: 'big.png',
        type: 'image/png',
        bytes: Buffer.concat([png, Buffer.alloc(11 * 1024 * 1024)]),
      }),
      413,
    );
  });

  it('refuses JSON (415), and answers 404 for an unknown or malformed id', async () => {
    await refused(json('PUT', `/api/shoes/${shoeId}`, modifyFields), 415);
    await refused(await modify(modifyFields, null, crypto.randomUUID()), 404);
    await refused(await modify(modifyFields, null, 'not-a-uuid'), 404);
  });
});

// ---------------------------------------------------------------------------------------------

describe('PUT /api/shoes/addSize/{id} (Create size)', () => {
  const url = () => `/api/shoes/addSize/${shoeId}`;
  const addSize = (payload: unknown, id = shoeId) => json('PUT', `/api/shoes/addSize/${id}`, payload);

  it.each([
    ['an empty size', { size: '', q: '1' }, { size: M.size }],
    ['a size with letters', { size: 'nine', q: '1' }, { size: M.sizeOnlyNumbers }],
    ['a size of 25', { size: '25', q: '1' }, { size: M.size }],
    ['an empty quantity', { size: '11', q: '' }, { q: M.quantity }],
    ['a quantity with letters', { size: '11', q: 'ten' }, { q: M.quantityOnlyNumbers }],
    ['a negative quantity', { size: '11', q: '-3' }, { q: M.quantityOnlyNumbers }],
    ['a quantity of 0', { size: '11', q: '0' }, { q: M.quantity }],
    ['a fractional quantity', { size: '11', q: '1.5' }, { q: M.quantityOnlyNumbers }],
    ['no fields at all', {}, { size: M.size, q: M.quantity }],
    ['numbers instead of strings', { size: 11, q: 3 }, { size: M.size, q: M.quantity }],
    ['null fields', { size: null, q: null }, { size: M.size, q: M.quantity }],
    ['arrays', { size: ['11'], q: ['3'] }, { size: M.size, q: M.quantity }],
    ['objects', { size: { $gt: '' }, q: { toString: '3' } }, { size: M.size, q: M.quantity }],
  ])('refuses %s (400) with its message', async (_label, payload, fields) => {
    const response = await refused(addSize(payload), 400);
    expect(response.json().error.code).toBe('validation');
    expect(response.json().error.fields).toEqual(fields);
  });

  it.each([
    ['null', null],
    ['an array', [{ size: '11', q: '3' }]],
    ['a string', 'size=11&q=3'],
    ['a number', 11],
  ])('refuses a body that is %s (400)', async (_label, payload) => {
    await refused(addSize(payload), 400);
  });

  it('refuses malformed JSON and a body that is not JSON', async () => {
    await refused(
      {
        method: 'PUT',
        url: url(),
        payload: '{"size": "11", "q":',
        headers: { 'content-type': 'application/json' },
      },
      400,
    );
    await refused(
      {
        method: 'PUT',
        url: url(),
        payload: 'size=11&q=3',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      },
      415,
    );
  });

  it('refuses a restock that would pass the quantity limit', async () => {
    const response = await refused(addSize({ size: '9', q: String(SHOE_LIMITS.maxQuantity) }), 400);
    expect(response.json().error.fields).toEqual({ q: M.quantity });
  });

  it('answers 404 for an unknown or malformed shoe id', async () => {
    await refused(addSize({ size: '11', q: '1' }, crypto.randomUUID()), 404);
    await refused(addSize({ size: '11', q: '1' }, 'not-a-uuid'), 404);
  });

  it('ignores a price sent along: the size is added and the price stays', async () => {
    const before = (await t.app.inject({ method: 'GET', url: `/api/shoes/${shoeId}` })).json();
    const response = await t.app.inject({
      ...addSize({ size: '12', q: '2', price: '1' }),
      headers: { 'content-type': 'application/json', cookie: admin, origin: TEST_ORIGIN },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(MESSAGES.admin.sizeAdded('12', 2));
    expect(response.json().shoe.price).toBe(before.price);
    const after = (await t.app.inject({ method: 'GET', url: `/api/shoes/${shoeId}` })).json();
    expect(after.price).toBe(90);
    expect(after.stock).toContainEqual(expect.objectContaining({ size: '12', quantity: 2 }));
  });
});

// ---------------------------------------------------------------------------------------------

describe('PUT /api/admin/onsale/{id}', () => {
  const onSale = (payload: unknown, id = shoeId) => json('PUT', `/api/admin/onsale/${id}`, payload);

  it.each([
    ['an extra field', { onSale: true, price: 1 }],
    ['a string', { onSale: 'true' }],
    ['a number', { onSale: 1 }],
    ['null', { onSale: null }],
    ['no field', {}],
    ['a null body', null],
    ['an array', [true]],
  ])('refuses %s (400)', async (_label, payload) => {
    await refused(onSale(payload), 400);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    await refused(onSale({ onSale: true }, crypto.randomUUID()), 404);
    await refused(onSale({ onSale: true }, 'not-a-uuid'), 404);
  });
});

// ---------------------------------------------------------------------------------------------

describe('DELETE /api/shoes/{id}', () => {
  it('answers 404 twice for an unknown id, and 404 for a malformed one', async () => {
    const unknown = crypto.randomUUID();
    for (let i = 0; i < 2; i++) {
      const response = await refused(json('DELETE', `/api/shoes/${unknown}`), 404);
      expect(response.json().error.code).toBe('not_found');
    }
    await refused(json('DELETE', '/api/shoes/not-a-uuid'), 404);
    await refused(json('DELETE', `/api/shoes/${'x'.repeat(150)}`), 404);
  });
});

// ---------------------------------------------------------------------------------------------

describe('POST /api/brands (Create Brand) and DELETE /api/brands/{id}', () => {
  beforeAll(async () => {
    const created = await t.app.inject({
      ...json('POST', '/api/brands', { name: 'Élan Vital' }),
      headers: { 'content-type': 'application/json', cookie: admin, origin: TEST_ORIGIN },
    });
    expect(created.statusCode, created.body).toBe(201);
  });

  it.each([
    ['an empty name', { name: '' }, M.brandName],
    ['a name of spaces', { name: '    ' }, M.brandName],
    ['a name with digits', { name: 'N0va' }, M.brandNameFormat],
    ['a name with symbols', { name: 'Nova & Co' }, M.brandNameFormat],
    ['a name of 41 letters', { name: 'a'.repeat(41) }, M.brandName],
    ['no name', {}, M.brandName],
    ['a number', { name: 42 }, M.brandName],
    ['null', { name: null }, M.brandName],
    ['an array', { name: ['Nova'] }, M.brandName],
  ])('refuses %s (400) with its message', async (_label, payload, message) => {
    const response = await refused(json('POST', '/api/brands', payload), 400);
    expect(response.json().error).toEqual({ code: 'validation', message, fields: { name: message } });
  });

  it.each([
    ['another case', 'vELO'],
    ['surrounding spaces', '  Velo  '],
    ['another case, with accents', 'ÉLAN VITAL'],
  ])('refuses a duplicate brand in %s (409)', async (_label, name) => {
    const response = await refused(json('POST', '/api/brands', { name }), 409);
    expect(response.json().error.message).toBe(MESSAGES.admin.brandExists);
  });

  it('finds the accented brand in any case when a shoe names it', async () => {
    const request = await form('POST', '/api/shoes', {
      ...createFields,
      brand: 'élan vital',
      name: 'Accent Runner',
    });
    const created = await t.app.inject({
      ...request,
      headers: { ...request.headers, cookie: admin, origin: TEST_ORIGIN },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().shoe.brand).toBe('Élan Vital');
  });

  it('refuses a body that is not a JSON object (400/415)', async () => {
    await refused(json('POST', '/api/brands', null), 400);
    await refused(json('POST', '/api/brands', ['Nova']), 400);
    await refused(
      {
        method: 'POST',
        url: '/api/brands',
        payload: 'name=Nova',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      },
      415,
    );
  });

  it('never takes an id from the body', async () => {
    const id = crypto.randomUUID();
    const response = await t.app.inject({
      ...json('POST', '/api/brands', { name: 'Chosen Id', _id: id, id }),
      headers: { 'content-type': 'application/json', cookie: admin, origin: TEST_ORIGIN },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().brand._id).not.toBe(id);
  });

  it('answers 404 twice for an unknown brand id, and 404 for a malformed one', async () => {
    const unknown = crypto.randomUUID();
    await refused(json('DELETE', `/api/brands/${unknown}`), 404);
    await refused(json('DELETE', `/api/brands/${unknown}`), 404);
    await refused(json('DELETE', '/api/brands/velo'), 404);
  });
});

// ---------------------------------------------------------------------------------------------

describe('PUT /api/users/{id} and PUT /api/cart/order/{idPayment}', () => {
  it.each([
    ['an unknown status', { status: 'Banned' }],
    ['a status in another case', { status: 'disabled' }],
    ['a number', { status: 5 }],
    ['a manager flag as a string', { manager: 'true' }],
    ['null', { status: null }],
    ['nothing to change', {}],
    ['an extra field', { status: 'Disabled', role: 'admin' }],
    ['an email change', { email: 'someone@else.test' }],
    ['a null body', null],
  ])('a user change with %s is refused (400)', async (_label, payload) => {
    await refused(json('PUT', `/api/users/${shopperId}`, payload), 400);
  });

  it('an unknown user is a 404', async () => {
    await refused(json('PUT', `/api/users/${crypto.randomUUID()}`, { status: 'Disabled' }), 404);
  });

  it.each([
    ['an unknown status', { status: 'Shipped' }],
    ['a status in another case', { status: 'received' }],
    ['null', { status: null }],
    ['no status', {}],
    ['an extra field', { status: 'Received', amount: 1 }],
    ['an array', ['Received']],
  ])('an order change with %s is refused (400)', async (_label, payload) => {
    await refused(json('PUT', `/api/cart/order/${idPayment}`, payload), 400);
  });

  it('an unknown order is a 404', async () => {
    await refused(json('PUT', `/api/cart/order/pi_unknown_order`, { status: 'Received' }), 404);
    await refused(json('PUT', `/api/cart/order/${crypto.randomUUID()}`, { status: 'Received' }), 404);
  });
});

describe('admin lists refuse bad paging and search', () => {
  it.each([
    '/api/users?limit=0',
    '/api/users?limit=101',
    '/api/users?offset=-1',
    '/api/users?limit=abc',
    `/api/users?q=${'a'.repeat(101)}`,
    '/api/cart?limit=0',
    '/api/cart?offset=1.5',
    `/api/cart?q=${'a'.repeat(101)}`,
    '/api/brands?limit=1000',
  ])('GET %s is a 400', async (url) => {
    const response = await t.app.inject({ method: 'GET', url, headers: { cookie: admin } });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.code).toBe('validation');
  });
});
