import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../src/domain/messages.js';
import { createSender } from '../support/sender.js';
import { signUp } from '../support/session.js';
import { createStaffShop, lastAudit } from '../support/staff-shop.js';
import type { TestApp } from '../support/test-app.js';

/**
 * The staff's sales tax per state (issue 31 item 6): every rule and message, the audit log, who may,
 * and that a rate set for a state is what the cart's quote charges there.
 */
const ADMIN = { email: 'owner@tax.test', password: 'owner-password' };
const M = MESSAGES.salesTax;

let t: TestApp;
let admin: string;
let shoe: string;

beforeAll(async () => {
  ({ t, admin, shoeId: shoe } = await createStaffShop(ADMIN, { signInFrom: '10.63.0.1' }));
});
afterAll(() => t.close());

const send = createSender(() => t.app, 64);

interface Rate {
  state: string;
  name: string;
  rateMilliPercent: number;
  taxShipping: boolean;
}

async function set(state: string, body: unknown): Promise<Rate> {
  const response = await send('PUT', `/api/admin/tax-rates/${state}`, admin, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function list(): Promise<Rate[]> {
  const response = await send('GET', '/api/admin/tax-rates', admin);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function quote(state: string | undefined, shippingMethod?: string) {
  const priced = await send('POST', '/api/cart/quote', '', {
    shoes: [{ _id: shoe, size: '9', quantity: 1 }],
    state,
    shippingMethod,
  });
  expect(priced.statusCode, priced.body).toBe(200);
  return priced.json() as {
    total: number;
    shipping: number;
    tax: number;
    taxRate: number | null;
    shippingMethods: { _id: string; name: string; price: number }[];
  };
}

describe('with no rate set', () => {
  it('lists none, and the quote charges no tax anywhere', async () => {
    expect(await list()).toEqual([]);
    expect(await quote('CA')).toMatchObject({ tax: 0, taxRate: null, total: 10_000 });
  });
});

describe('setting a state’s rate', () => {
  it('keeps the percentage in thousandths, audits it, and the quote charges it in that state only', async () => {
    expect(await set('nc', { rate: '4.75' })).toMatchObject({
      state: 'NC',
      name: 'North Carolina',
      rateMilliPercent: 4750,
      taxShipping: false,
    });
    expect(await lastAudit(t)).toMatchObject({
      actorEmail: ADMIN.email,
      action: 'tax.set',
      targetType: 'tax-rate',
      targetId: 'NC',
      targetLabel: 'North Carolina',
      before: null,
      after: { rateMilliPercent: 4750, taxShipping: false },
    });
    expect(await quote('North Carolina')).toMatchObject({ tax: 475, taxRate: 4750, total: 10_475 });
    expect(await quote('NC')).toMatchObject({ tax: 475 });
    expect(await quote('SC')).toMatchObject({ tax: 0, taxRate: null });
  });

  it('replaces a rate (by the state’s name too), with the one before in the audit log', async () => {
    await set('Texas', { rate: 6.25 });
    const replaced = await set('TX', { rate: '8.875', taxShipping: true });
    expect(replaced).toMatchObject({ state: 'TX', rateMilliPercent: 8875, taxShipping: true });
    expect(await lastAudit(t)).toMatchObject({
      action: 'tax.set',
      before: { rateMilliPercent: 6250, taxShipping: false },
      after: { rateMilliPercent: 8875, taxShipping: true },
    });
    expect((await list()).filter((rate) => rate.state === 'TX')).toHaveLength(1);
  });

  it('taxes shipping only where the box is checked', async () => {
    const methods = (await quote(undefined)).shippingMethods;
    const express = methods.find((method) => method.name === 'Express')!;
    // $100 + $19.95 at 8.875 %: 887.5 → 888 on the lines, 177.06 → 177 on shipping.
    expect(await quote('TX', express._id)).toMatchObject({ shipping: 1995, tax: 888 + 177 });
    expect(await quote('NC', express._id)).toMatchObject({ shipping: 1995, tax: 475 });
  });

  it('lists the states by name', async () => {
    await set('AL', { rate: '4' });
    expect((await list()).map((rate) => rate.name)).toEqual(['Alabama', 'North Carolina', 'Texas']);
  });

  it.each([
    ['0', { rate: '0' }],
    ['a negative rate', { rate: '-1' }],
    ['over 25 %', { rate: '25.001' }],
    ['four decimals', { rate: '7.2505' }],
    ['words', { rate: 'seven' }],
    ['a percent sign', { rate: '7%' }],
    ['an empty rate', { rate: '' }],
  ])('refuses %s with its message', async (_case, body) => {
    const response = await send('PUT', '/api/admin/tax-rates/CA', admin, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ fields: { rate: M.rate } });
  });

  it('takes 25 % exactly', async () => {
    expect(await set('GU', { rate: 25 })).toMatchObject({ rateMilliPercent: 25_000 });
    await send('DELETE', '/api/admin/tax-rates/GU', admin);
  });

  it('refuses an unknown state, unknown fields and other types (400)', async () => {
    for (const state of ['ZZ', 'Atlantis', 'x'.repeat(61)]) {
      const response = await send('PUT', `/api/admin/tax-rates/${state}`, admin, { rate: '5' });
      expect(response.statusCode, state).toBe(400);
      expect(response.json().error.message, state).toBe(M.state);
    }
    for (const body of [{ rate: '5', extra: 1 }, { rate: '5', taxShipping: 'yes' }, {}, []]) {
      const response = await send('PUT', '/api/admin/tax-rates/CA', admin, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await list()).map((rate) => rate.state)).not.toContain('CA');
  });
});

describe('removing a state’s rate', () => {
  it('stops the tax there, audited; removing it again is a 404', async () => {
    await set('OH', { rate: '5.75' });
    const response = await send('DELETE', '/api/admin/tax-rates/oh', admin);
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as Rate[]).map((rate) => rate.state)).not.toContain('OH');
    expect(await lastAudit(t)).toMatchObject({
      action: 'tax.remove',
      targetId: 'OH',
      before: { rateMilliPercent: 5750, taxShipping: false },
    });
    expect(await quote('OH')).toMatchObject({ tax: 0, taxRate: null });
    const again = await send('DELETE', '/api/admin/tax-rates/OH', admin);
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toMatchObject({ message: M.notFound });
  });
});

describe('who may', () => {
  it('refuses visitors (401) and shoppers (403) on every endpoint, and nothing changes', async () => {
    const shopper = await signUp(t.app);
    const before = await list();
    const calls: ['GET' | 'PUT' | 'DELETE', string, unknown][] = [
      ['GET', '/api/admin/tax-rates', undefined],
      ['PUT', '/api/admin/tax-rates/NC', { rate: '1' }],
      ['DELETE', '/api/admin/tax-rates/NC', undefined],
    ];
    for (const [verb, url, body] of calls) {
      expect((await send(verb, url, '', body)).statusCode, `${verb} ${url}`).toBe(401);
      expect((await send(verb, url, shopper.cookie, body)).statusCode, `${verb} ${url}`).toBe(403);
    }
    expect(await list()).toEqual(before);
  });
});
