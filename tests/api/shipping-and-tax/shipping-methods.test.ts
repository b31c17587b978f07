import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShippingMethodAnswer } from '../../../src/domain/contracts/shipping-and-tax.js';
import { MESSAGES } from '../../../src/domain/messages.js';
import { shippingMethods } from '../../../src/server/db/schema.js';
import { createSender } from '../support/sender.js';
import { signUp } from '../support/session.js';
import { createStaffShop, lastAudit } from '../support/staff-shop.js';
import type { TestApp } from '../support/test-app.js';

/**
 * The staff's shipping methods (issue 31 item 5): every rule and message of the form, the audit log,
 * who may, and that what the staff set is what the cart's quote offers and prices.
 */
const ADMIN = { email: 'owner@shipping.test', password: 'owner-password' };
const M = MESSAGES.shippingMethods;

let t: TestApp;
let admin: string;
let shoe: string;

beforeAll(async () => {
  ({ t, admin, shoeId: shoe } = await createStaffShop(ADMIN, { signInFrom: '10.61.0.1' }));
});
afterAll(() => t.close());

const send = createSender(() => t.app, 62);

type Method = ShippingMethodAnswer;

const form = (fields: Record<string, unknown>) => ({ price: '4.50', minDays: '2', maxDays: '5', ...fields });

async function create(fields: Record<string, unknown>): Promise<Method> {
  const response = await send('POST', '/api/admin/shipping-methods', admin, form(fields));
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function list(): Promise<Method[]> {
  const response = await send('GET', '/api/admin/shipping-methods', admin);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** The field messages of a refused form. */
async function refusal(method: 'POST' | 'PUT', url: string, body: unknown) {
  const response = await send(method, url, admin, body);
  expect(response.statusCode, response.body).toBe(400);
  return (response.json() as { error: { fields?: Record<string, string> } }).error.fields ?? {};
}

async function quote(shippingMethod?: string, quantity = 1) {
  const response = await send('POST', '/api/cart/quote', '', {
    shoes: [{ _id: shoe, size: '9', quantity }],
    ...(shippingMethod ? { shippingMethod } : {}),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    total: number;
    shipping: number;
    shippingMethod: string | null;
    shippingMethods: { _id: string; name: string; price: number }[];
  };
}

describe('the seeded methods', () => {
  it('are Standard (free, 3-5 business days) then Express ($19.95, 1-2 days)', async () => {
    expect(await list()).toMatchObject([
      { name: 'Standard', priceCents: 0, freeAboveCents: null, minDays: 3, maxDays: 5, active: true },
      { name: 'Express', priceCents: 1995, freeAboveCents: null, minDays: 1, maxDays: 2, active: true },
    ]);
  });
});

describe('adding a method', () => {
  it('keeps dollars as cents, lists it last, writes the audit log and the quote offers it at its price', async () => {
    const method = await create({
      name: 'Overnight',
      price: '29.5',
      freeAbove: '500',
      minDays: 1,
      maxDays: '1',
    });
    expect(method).toMatchObject({
      name: 'Overnight',
      priceCents: 2950,
      freeAboveCents: 50_000,
      minDays: 1,
      maxDays: 1,
      active: true,
    });
    expect((await list()).at(-1)!._id).toBe(method._id);
    expect(await lastAudit(t)).toMatchObject({
      actorEmail: ADMIN.email,
      action: 'shipping.create',
      targetType: 'shipping-method',
      targetId: method._id,
      targetLabel: 'Overnight',
      after: {
        name: 'Overnight',
        priceCents: 2950,
        freeAboveCents: 50_000,
        minDays: 1,
        maxDays: 1,
        active: true,
      },
    });

    const priced = await quote(method._id);
    expect(priced.shippingMethods).toContainEqual(
      expect.objectContaining({ _id: method._id, name: 'Overnight', price: 2950 }),
    );
    expect(priced).toMatchObject({ shippingMethod: method._id, shipping: 2950, total: 10_000 + 2950 });
    // Free above $500: six pairs of $100.
    expect(await quote(method._id, 6)).toMatchObject({ shipping: 0, total: 60_000 });
  });

  it('refuses a name already taken, whatever its case (409)', async () => {
    const response = await send('POST', '/api/admin/shipping-methods', admin, form({ name: '  EXPRESS ' }));
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({ message: M.nameExists });
  });

  it.each([
    ['an empty name', { name: '  ' }, 'name', M.name],
    ['a name over 40 characters', { name: 'x'.repeat(41) }, 'name', M.name],
    ['a negative price', { name: 'Neg', price: '-1' }, 'price', M.price],
    ['a price with three decimals', { name: 'Dec', price: '1.999' }, 'price', M.price],
    ['a price over $10000', { name: 'Dear', price: '10000.01' }, 'price', M.price],
    ['a price in words', { name: 'Words', price: 'five' }, 'price', M.price],
    ['free above in words', { name: 'Free', freeAbove: 'lots' }, 'freeAbove', M.freeAbove],
    ['free above over $100000', { name: 'Free', freeAbove: 100_001 }, 'freeAbove', M.freeAbove],
    ['days below 0', { name: 'Days', minDays: '-1' }, 'minDays', M.days],
    ['days over 60', { name: 'Days', maxDays: 61 }, 'maxDays', M.days],
    ['a fraction of a day', { name: 'Days', minDays: '1.5' }, 'minDays', M.days],
    [
      'the latest day before the soonest',
      { name: 'Days', minDays: '5', maxDays: '2' },
      'maxDays',
      M.dayOrder,
    ],
  ])('refuses %s with its message', async (_case, fields, field, message) => {
    expect(await refusal('POST', '/api/admin/shipping-methods', form(fields))).toMatchObject({
      [field]: message,
    });
  });

  it('refuses unknown fields, missing fields and other types (400, never a 500)', async () => {
    for (const body of [
      { ...form({ name: 'Extra' }), position: 0 },
      { name: 'Missing' },
      form({ name: 7 }),
      form({ name: 'Bool', active: 'yes' }),
      [],
    ]) {
      const response = await send('POST', '/api/admin/shipping-methods', admin, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await list()).map((method) => method.name)).not.toContain('Extra');
  });

  it('takes 0 as free and a whole price without cents', async () => {
    expect(await create({ name: 'Pickup', price: 0, minDays: 0, maxDays: 0, freeAbove: '' })).toMatchObject({
      priceCents: 0,
      freeAboveCents: null,
      minDays: 0,
      maxDays: 0,
    });
  });
});

describe('changing a method', () => {
  it('changes its terms, keeps its place, and writes before and after in the audit log', async () => {
    const method = await create({ name: 'Ground' });
    const response = await send(
      'PUT',
      `/api/admin/shipping-methods/${method._id}`,
      admin,
      form({ name: 'Ground Plus', price: '6', minDays: '4', maxDays: '8', active: false }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      _id: method._id,
      name: 'Ground Plus',
      priceCents: 600,
      active: false,
      position: method.position,
    });
    expect(await lastAudit(t)).toMatchObject({
      action: 'shipping.update',
      targetId: method._id,
      targetLabel: 'Ground Plus',
      before: { name: 'Ground', priceCents: 450, active: true },
      after: { name: 'Ground Plus', priceCents: 600, active: false },
    });
  });

  it('refuses another method’s name (409), an unknown id (404) and bad terms (400)', async () => {
    const method = await create({ name: 'Courier' });
    const url = `/api/admin/shipping-methods/${method._id}`;
    const taken = await send('PUT', url, admin, form({ name: 'standard' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatchObject({ message: M.nameExists });
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const missing = await send('PUT', `/api/admin/shipping-methods/${id}`, admin, form({ name: 'Gone' }));
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error).toMatchObject({ message: M.notFound });
    }
    expect(await refusal('PUT', url, form({ name: 'Courier', maxDays: '99' }))).toMatchObject({
      maxDays: M.days,
    });
    // Its own name in another case is no clash.
    expect((await send('PUT', url, admin, form({ name: 'COURIER' }))).statusCode).toBe(200);
  });

  it('retires a method: the quote no longer offers it; offered again, it is back', async () => {
    const method = await create({ name: 'Bike' });
    const retire = await send('PUT', `/api/admin/shipping-methods/${method._id}/active`, admin, {
      active: false,
    });
    expect(retire.statusCode, retire.body).toBe(200);
    expect(retire.json()).toMatchObject({ active: false });
    expect(await lastAudit(t)).toMatchObject({
      action: 'shipping.update',
      before: { active: true },
      after: { active: false },
    });
    expect((await list()).find((row) => row._id === method._id)).toMatchObject({ active: false });
    const priced = await quote(method._id);
    expect(priced.shippingMethods.map((offer) => offer._id)).not.toContain(method._id);
    // Asked for a retired method, the quote prices the default instead.
    expect(priced.shippingMethod).toBe(priced.shippingMethods[0]!._id);

    await send('PUT', `/api/admin/shipping-methods/${method._id}/active`, admin, { active: true });
    expect((await quote(method._id)).shippingMethod).toBe(method._id);
    const bad = await send('PUT', `/api/admin/shipping-methods/${method._id}/active`, admin, {
      active: 'no',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('deletes a method (audited), answering the methods left; deleting it again is a 404', async () => {
    const method = await create({ name: 'Drone' });
    const response = await send('DELETE', `/api/admin/shipping-methods/${method._id}`, admin);
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as Method[]).map((row) => row._id)).not.toContain(method._id);
    expect(await lastAudit(t)).toMatchObject({
      action: 'shipping.delete',
      targetId: method._id,
      targetLabel: 'Drone',
      before: { name: 'Drone', priceCents: 450 },
    });
    const again = await send('DELETE', `/api/admin/shipping-methods/${method._id}`, admin);
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toMatchObject({ message: M.notFound });
  });
});

describe('the order of the methods', () => {
  it('follows the ids given (the first active one is the quote’s default), audited', async () => {
    const ids = (await list()).map((method) => method._id);
    const reversed = [...ids].reverse();
    const response = await send('PUT', '/api/admin/shipping-methods/order', admin, { ids: reversed });
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as Method[]).map((method) => method._id)).toEqual(reversed);
    expect(await lastAudit(t)).toMatchObject({ action: 'shipping.order', targetType: 'shipping-method' });
    const firstActive = (response.json() as Method[]).find((method) => method.active)!;
    expect((await quote()).shippingMethod).toBe(firstActive._id);
    await send('PUT', '/api/admin/shipping-methods/order', admin, { ids });
  });

  it('refuses a list that leaves one out, names one twice or names an unknown one', async () => {
    const ids = (await list()).map((method) => method._id);
    for (const wrong of [
      ids.slice(1),
      [...ids, ids[0]!],
      [...ids.slice(1), '00000000-0000-4000-8000-000000000000'],
      [],
    ]) {
      const response = await send('PUT', '/api/admin/shipping-methods/order', admin, { ids: wrong });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ fields: { ids: M.order } });
    }
    expect((await list()).map((method) => method._id)).toEqual(ids);
  });
});

describe('with every method retired', () => {
  it('the quote offers none and charges no shipping', async () => {
    const all = await list();
    const active = all.filter((method) => method.active);
    await t.database.db.update(shippingMethods).set({ active: false });
    try {
      expect(await quote()).toMatchObject({
        shippingMethods: [],
        shippingMethod: null,
        shipping: 0,
        total: 10_000,
      });
    } finally {
      for (const method of active)
        await t.database.db
          .update(shippingMethods)
          .set({ active: true })
          .where(eq(shippingMethods.id, method._id));
    }
  });
});

describe('who may', () => {
  it('refuses visitors (401) and shoppers (403) on every endpoint, before reading the body', async () => {
    const shopper = await signUp(t.app);
    const [method] = await list();
    const calls: ['GET' | 'POST' | 'PUT' | 'DELETE', string, unknown][] = [
      ['GET', '/api/admin/shipping-methods', undefined],
      ['POST', '/api/admin/shipping-methods', form({ name: 'Sneaky' })],
      ['PUT', '/api/admin/shipping-methods/order', { ids: [] }],
      ['PUT', `/api/admin/shipping-methods/${method!._id}`, form({ name: 'Sneaky' })],
      ['PUT', `/api/admin/shipping-methods/${method!._id}/active`, { active: false }],
      ['DELETE', `/api/admin/shipping-methods/${method!._id}`, undefined],
    ];
    for (const [verb, url, body] of calls) {
      expect((await send(verb, url, '', body)).statusCode, `${verb} ${url}`).toBe(401);
      expect((await send(verb, url, shopper.cookie, body)).statusCode, `${verb} ${url}`).toBe(403);
    }
    expect(await list()).toContainEqual(method);
  });
});
