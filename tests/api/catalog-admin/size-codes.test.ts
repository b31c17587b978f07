import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../src/domain/messages.js';
import { insertCatalog } from '../support/catalog-fixture.js';
import { multipart } from '../support/multipart.js';
import { checkoutWith } from '../support/paid-order.js';
import { pdfPlainText } from '../support/pdf-text.js';
import { createSender } from '../support/sender.js';
import { signUp, TEST_ORIGIN } from '../support/session.js';
import { createStaffTestApp } from '../support/staff-test-app.js';
import type { TestApp } from '../support/test-app.js';

/**
 * A size's SKU and GTIN through the admin API (issue 33 item 2): set by Create Size and Modify Shoes,
 * checked by the domain's rules (400), refused when another size has them (409 naming the code),
 * shown in the shoe's answer, and copied into an order's line when it is bought: the line, its
 * packing slip and its invoice keep the SKU whatever the size's becomes.
 */
let t: TestApp;
let admin: string;
let shoeId: string;
let otherId: string;

const send = createSender(() => t.app, 93);

beforeAll(async () => {
  ({ t, admin } = await createStaffTestApp(
    { email: 'owner@codes.test', password: 'owner-password' },
    { signInFrom: '10.93.250.1' },
  ));
  const { shoeIds } = await insertCatalog(
    t.database.db,
    ['Arc'],
    [
      { name: 'Code Runner', brand: 'Arc', color: 'Red', price: 80, sizes: [['9', 10]] },
      { name: 'Other Runner', brand: 'Arc', color: 'Blue', price: 90, sizes: [['9', 10]] },
    ],
  );
  shoeId = shoeIds.get('Code Runner')!;
  otherId = shoeIds.get('Other Runner')!;
});
afterAll(() => t.close());

const addSize = (id: string, body: Record<string, string>) =>
  send('PUT', `/api/shoes/addSize/${id}`, admin, body);

async function modify(id: string, fields: Record<string, string>) {
  const form = await multipart({
    brand: 'Arc',
    name: 'Code Runner',
    color: 'Red',
    price: '80',
    size: '9',
    q: '10',
    description: 'Codes on the box.',
    ...fields,
  });
  return t.app.inject({
    method: 'PUT',
    url: `/api/shoes/${id}`,
    payload: form.payload,
    headers: { ...form.headers, cookie: admin, origin: TEST_ORIGIN },
  });
}

type Entry = { size: string; quantity: number; sku?: string; gtin?: string };
const sizesOf = async (id: string): Promise<Entry[]> =>
  (await t.app.inject({ method: 'GET', url: `/api/shoes/${id}` })).json().stock;
const sizeOf = async (id: string, size: string) => (await sizesOf(id)).find((entry) => entry.size === size);

describe('Create Size with a SKU and a GTIN', () => {
  it('writes them, and the public shoe answer shows them with the size', async () => {
    const added = await addSize(shoeId, { size: '10', q: '2', sku: 'ARC-CR-RED-100', gtin: '036000291452' });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().shoe.stock).toContainEqual(
      expect.objectContaining({ size: '10', sku: 'ARC-CR-RED-100', gtin: '036000291452' }),
    );
    expect(await sizeOf(shoeId, '10')).toMatchObject({ sku: 'ARC-CR-RED-100', gtin: '036000291452' });
  });

  it('generates the SKU of a new size given none; a size without a GTIN has no gtin field', async () => {
    expect((await addSize(shoeId, { size: '11', q: '1' })).statusCode).toBe(200);
    const entry = await sizeOf(shoeId, '11');
    expect(entry?.sku).toMatch(/^SN-[0-9A-F]{12}-110$/);
    expect(entry).not.toHaveProperty('gtin');
  });

  it('refuses a GTIN whose check digit is wrong, with words that say so, and writes nothing', async () => {
    const refused = await addSize(shoeId, { size: '12', q: '1', gtin: '036000291453' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({ gtin: MESSAGES.adminForm.gtinCheckDigit('036000291453') });
    expect(refused.json().error.fields.gtin).toMatch(/check digit/);
    const short = await addSize(shoeId, { size: '12', q: '1', gtin: '12345' });
    expect(short.json().error.fields).toEqual({ gtin: MESSAGES.adminForm.gtinFormat });
    const badSku = await addSize(shoeId, { size: '12', q: '1', sku: '-starts-with-a-dash' });
    expect(badSku.statusCode).toBe(400);
    expect(badSku.json().error.fields).toEqual({ sku: MESSAGES.adminForm.sku });
    expect(await sizeOf(shoeId, '12')).toBeUndefined();
  });

  it('answers 409 naming a SKU another size has, whatever its case, and writes nothing', async () => {
    const taken = await addSize(otherId, { size: '10', q: '1', sku: 'arc-cr-red-100' });
    expect(taken.statusCode, taken.body).toBe(409);
    expect(taken.json().error).toMatchObject({
      message: MESSAGES.adminForm.skuTaken('arc-cr-red-100'),
      fields: { sku: MESSAGES.adminForm.skuTaken('arc-cr-red-100') },
    });
    expect(await sizeOf(otherId, '10')).toBeUndefined();
  });

  it('answers 409 naming a GTIN another size has', async () => {
    const taken = await addSize(otherId, { size: '9', q: '1', gtin: '036000291452' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe(MESSAGES.adminForm.gtinTaken('036000291452'));
    // Nothing written: not the pair added, not the code.
    expect(await sizeOf(otherId, '9')).toMatchObject({ quantity: 10 });
    expect(await sizeOf(otherId, '9')).not.toHaveProperty('gtin');
  });
});

describe('Modify Shoes with the chosen size SKU and GTIN', () => {
  it('sets them, keeps the SKU when it is left empty, and an empty GTIN removes it', async () => {
    const set = await modify(shoeId, { sku: 'ARC-CR-RED-090', gtin: '4006381333931' });
    expect(set.statusCode, set.body).toBe(200);
    expect(await sizeOf(shoeId, '9')).toMatchObject({ sku: 'ARC-CR-RED-090', gtin: '4006381333931' });
    expect((await modify(shoeId, { sku: '' })).statusCode).toBe(200);
    expect(await sizeOf(shoeId, '9')).toMatchObject({ sku: 'ARC-CR-RED-090', gtin: '4006381333931' });
    expect((await modify(shoeId, { gtin: '' })).statusCode).toBe(200);
    expect(await sizeOf(shoeId, '9')).not.toHaveProperty('gtin');
  });

  it('answers 409 naming a code another size has, never a 500, and changes nothing of the shoe', async () => {
    const taken = await modify(shoeId, { name: 'Renamed Runner', gtin: '036000291452' });
    expect(taken.statusCode, taken.body).toBe(409);
    expect(taken.json().error.fields).toEqual({ gtin: MESSAGES.adminForm.gtinTaken('036000291452') });
    const sku = await modify(shoeId, { sku: 'ARC-CR-RED-100' });
    expect(sku.statusCode).toBe(409);
    expect(sku.json().error.fields).toEqual({ sku: MESSAGES.adminForm.skuTaken('ARC-CR-RED-100') });
    const shoe = (await t.app.inject({ method: 'GET', url: `/api/shoes/${shoeId}` })).json();
    expect(shoe.name).toBe('Code Runner');
  });

  it('refuses a GTIN with a wrong check digit (400 on gtin)', async () => {
    const refused = await modify(shoeId, { gtin: '4006381333932' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({ gtin: MESSAGES.adminForm.gtinCheckDigit('4006381333932') });
  });
});

describe('an order line', () => {
  it('keeps the SKU its size had when bought, in the order, the packing slip and the invoice', async () => {
    expect((await modify(shoeId, { sku: 'ARC-CR-RED-090' })).statusCode).toBe(200);
    const shopper = await signUp(t.app);
    const paid = await checkoutWith(send, shopper.cookie, {
      shoes: [{ _id: shoeId, size: '9', quantity: 1 }],
      amount: 8000,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const { idPayment } = paid.json().order as { idPayment: string };
    expect(paid.json().order.shoe[0]).toMatchObject({ size: '9', sku: 'ARC-CR-RED-090' });

    // The size's SKU changes afterwards: the order's line does not.
    expect((await modify(shoeId, { sku: 'ARC-CR-RED-090-NEW' })).statusCode).toBe(200);
    const order = await send('GET', `/api/cart/order/${idPayment}`, shopper.cookie);
    expect(order.json().shoe[0].sku).toBe('ARC-CR-RED-090');

    const slip = await send('GET', `/api/cart/order/${idPayment}/packing-slip.pdf`, admin);
    expect(slip.statusCode).toBe(200);
    const slipText = pdfPlainText(slip.rawPayload);
    expect(slipText).toContain('ARC-CR-RED-090');
    expect(slipText).not.toContain('ARC-CR-RED-090-NEW');
    const invoice = await send('GET', `/api/cart/order/${idPayment}/invoice.pdf`, shopper.cookie);
    expect(pdfPlainText(invoice.rawPayload)).toContain('ARC-CR-RED-090');
  });
});
