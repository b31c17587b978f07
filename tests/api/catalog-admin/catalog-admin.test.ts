import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../src/domain/messages.js';
import { insertCatalog } from '../support/catalog-fixture.js';
import { multipart } from '../support/multipart.js';
import { TEST_ORIGIN } from '../support/session.js';
import type { TestApp } from '../support/test-app.js';
import { createStaffTestApp } from '../support/staff-test-app.js';

let t: TestApp;
let admin: string;
let png: Buffer;

beforeAll(async () => {
  ({ t, admin } = await createStaffTestApp({ email: 'owner@shop.test', password: 'owner-password' }));
  await insertCatalog(
    t.database.db,
    ['Velo'],
    [{ name: 'Storm Court', brand: 'Velo', color: 'Blue', price: 90 }],
  );
  png = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();
});
afterAll(() => t.close());

const shoeFields = {
  brand: 'velo',
  name: 'Sky Runner',
  color: 'Green',
  price: '120',
  size: '9.5',
  q: '4',
  description: 'Light, quick and comfortable.',
};

async function createShoe(fields = shoeFields, bytes = png) {
  const form = await multipart(fields, { name: 'photo.png', type: 'image/png', bytes });
  return t.app.inject({
    method: 'POST',
    url: '/api/shoes',
    payload: form.payload,
    headers: { ...form.headers, cookie: admin, origin: TEST_ORIGIN },
  });
}

describe('catalogue administration', () => {
  it('creates a shoe with its first size and a WebP image no wider than 1000 px', async () => {
    const created = await createShoe();
    expect(created.statusCode).toBe(201);
    const { message, shoe } = created.json();
    expect(message).toBe(MESSAGES.admin.shoeCreated);
    expect(shoe).toMatchObject({ name: 'Sky Runner', brand: 'Velo', price: 120, onSale: false });
    expect(shoe.stock).toEqual([expect.objectContaining({ size: '9.5', quantity: 4 })]);
    expect(shoe.image).toMatch(/^\/uploads\/shoes\/[0-9a-f-]{36}-[0-9a-f]{16}\.webp$/);
    const image = await t.app.inject({ method: 'GET', url: shoe.image });
    expect(image.statusCode).toBe(200);
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1000, height: 750 });
  });

  it('creates shoes named as sneakers are sold, with real product copy (decision 021)', async () => {
    const created = await createShoe({
      ...shoeFields,
      name: 'Gel-Kayano 14',
      color: 'Off-White',
      description: "Gore-Tex upper, 10mm drop. It's 100% ready for rain (and city miles).",
    });
    expect(created.statusCode, created.body).toBe(201);
    const { shoe } = created.json();
    const read = (await t.app.inject({ method: 'GET', url: `/api/shoes/${shoe._id}` })).json();
    expect(read).toMatchObject({
      name: 'Gel-Kayano 14',
      color: 'Off-White',
      description: "Gore-Tex upper, 10mm drop. It's 100% ready for rain (and city miles).",
    });
  });

  it('answers every Create Shoes rule with the spec message of its field', async () => {
    const bad = await createShoe({
      brand: 'V3lo',
      name: '',
      color: 'Bl@ck',
      price: '12.50',
      size: 'nine',
      q: '-1',
      description: 'Only <b>letters</b>',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({
      brand: MESSAGES.adminForm.brandFormat,
      name: MESSAGES.adminForm.name,
      color: MESSAGES.adminForm.colorFormat,
      price: MESSAGES.adminForm.priceFormat,
      size: MESSAGES.adminForm.sizeFormat,
      q: MESSAGES.adminForm.quantityFormat,
      description: MESSAGES.adminForm.descriptionFormat,
    });
    const unknownBrand = await createShoe({ ...shoeFields, brand: 'Nobody' });
    expect(unknownBrand.statusCode).toBe(400);
    expect(unknownBrand.json().error.fields).toEqual({ brand: MESSAGES.adminForm.brand });
  });

  it('refuses a text file named .jpg (415) and an image over 10 MB (413), and creates nothing', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/shoes?limit=100' })).json().length;
    const text = await multipart(shoeFields, {
      name: 'shoe.jpg',
      type: 'image/jpeg',
      bytes: Buffer.from('not an image at all'),
    });
    const renamed = await t.app.inject({
      method: 'POST',
      url: '/api/shoes',
      payload: text.payload,
      headers: { ...text.headers, cookie: admin, origin: TEST_ORIGIN },
    });
    expect(renamed.statusCode).toBe(415);
    expect(renamed.json().error.fields).toEqual({ image: MESSAGES.adminForm.image });

    const huge = await createShoe(shoeFields, Buffer.alloc(11 * 1024 * 1024, 1));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.message).toBe(MESSAGES.admin.imageTooLarge(10));
    expect((await t.app.inject({ method: 'GET', url: '/api/shoes?limit=100' })).json().length).toBe(before);
  });

  it('adds a size, then adds quantity to it, answering a message', async () => {
    const { shoe } = (await createShoe({ ...shoeFields, name: 'Size Test' })).json();
    const add = (body: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/shoes/addSize/${shoe._id}`,
        payload: body,
        headers: { cookie: admin, origin: TEST_ORIGIN },
      });
    const added = await add({ size: '11', q: '3' });
    expect(added.json().message).toBe(MESSAGES.admin.sizeAdded('11', 3));
    const more = await add({ size: '11', q: '2' });
    expect(more.json().message).toBe(MESSAGES.admin.sizeRestocked('11', 5));
    expect(
      more.json().shoe.stock.map((e: { size: string; quantity: number }) => [e.size, e.quantity]),
    ).toEqual([
      ['9.5', 4],
      ['11', 5],
    ]);
    const negative = await add({ size: '11', q: '-2' });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().error.fields).toEqual({ q: MESSAGES.adminForm.quantityOnlyNumbers });
    expect((await add({ size: 'big', q: '' })).json().error.fields).toEqual({
      size: MESSAGES.adminForm.sizeOnlyNumbers,
      q: MESSAGES.adminForm.quantity,
    });
  });

  it('modifies a shoe, refusing an edit based on an outdated version', async () => {
    const { shoe } = (await createShoe({ ...shoeFields, name: 'Modify Me' })).json();
    const modify = async (fields: Record<string, string>) => {
      const form = await multipart(fields);
      return t.app.inject({
        method: 'PUT',
        url: `/api/shoes/${shoe._id}`,
        payload: form.payload,
        headers: { ...form.headers, cookie: admin, origin: TEST_ORIGIN },
      });
    };
    const fields = {
      brand: 'Velo',
      name: 'Modified Runner',
      color: 'Black',
      price: '99',
      size: '9.5',
      q: '7',
      description: 'Now with 30% more bounce!',
      version: String(shoe.version),
    };
    const modified = await modify(fields);
    expect(modified.statusCode).toBe(200);
    expect(modified.json().message).toBe(MESSAGES.admin.shoeModified);
    expect(modified.json().shoe).toMatchObject({
      name: 'Modified Runner',
      price: 99,
      image: shoe.image,
      stock: [expect.objectContaining({ size: '9.5', quantity: 7 })],
    });
    const stale = await modify({ ...fields, name: 'Lost Update' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe(MESSAGES.admin.staleShoe);
    const unknownSize = await modify({ ...fields, size: '13', version: String(shoe.version + 1) });
    expect(unknownSize.json().error.fields).toEqual({ size: MESSAGES.adminForm.size });
    // Dollars and cents, as a bulk edit or an import leaves a price, save to the cent.
    const cents = await modify({ ...fields, price: '17.96', version: String(shoe.version + 1) });
    expect(cents.statusCode, cents.body).toBe(200);
    expect(cents.json().shoe.price).toBe(17.96);
  });

  it('puts a shoe on sale, deletes it once (404 the second time), and keeps brands with shoes', async () => {
    const { shoe } = (await createShoe({ ...shoeFields, name: 'Sale Shoe' })).json();
    const onSale = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/onsale/${shoe._id}`,
      payload: { onSale: true },
      headers: { cookie: admin, origin: TEST_ORIGIN },
    });
    expect(onSale.json().message).toBe(MESSAGES.admin.onSale('Sale Shoe'));
    const sale = (await t.app.inject({ method: 'GET', url: '/api/shoes/onSale' })).json();
    expect(sale.map((s: { _id: string }) => s._id)).toContain(shoe._id);

    const del = () =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/shoes/${shoe._id}`,
        headers: { cookie: admin, origin: TEST_ORIGIN },
      });
    expect((await del()).json()).toEqual({ message: MESSAGES.admin.deleted });
    expect((await del()).statusCode).toBe(404);
  });

  it('creates brands once whatever the case, and deletes only empty ones', async () => {
    const post = (name: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/brands',
        payload: { name },
        headers: { cookie: admin, origin: TEST_ORIGIN },
      });
    const created = await post('Nova Feet');
    expect(created.statusCode).toBe(201);
    expect(created.json().message).toBe(MESSAGES.admin.brandCreated('Nova Feet'));
    const duplicate = await post('nova FEET');
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.message).toBe(MESSAGES.admin.brandExists);
    expect((await post('N0va')).json().error.fields).toEqual({ name: MESSAGES.adminForm.brandNameFormat });

    const velo = (await t.app.inject({ method: 'GET', url: '/api/brands?q=velo' })).json()[0];
    const del = (id: string) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/brands/${id}`,
        headers: { cookie: admin, origin: TEST_ORIGIN },
      });
    const refused = await del(velo._id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(MESSAGES.admin.brandHasShoes);
    expect((await del(created.json().brand._id)).json()).toEqual({ message: MESSAGES.admin.deleted });
    expect((await del(created.json().brand._id)).statusCode).toBe(404);
    expect((await del('not-an-id')).statusCode).toBe(404);
  });
});
