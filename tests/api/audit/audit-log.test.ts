import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../../src/server/db/schema.js';
import { paymentMethodBody } from '../../fixtures/payment.js';
import { insertCatalog } from '../support/catalog-fixture.js';
import { multipart } from '../support/multipart.js';
import { cookieFrom, signIn, signUp, TEST_ORIGIN } from '../support/session.js';
import type { TestApp } from '../support/test-app.js';
import { createStaffTestApp } from '../support/staff-test-app.js';
import { staffSession } from '../support/staff.js';

/**
 * The staff audit log (issue 20): each staff write leaves one entry with who, when, what and the
 * values before and after, written with the change (a refused change leaves none); staff sign-ins
 * and failed ones too; the staff read it 20 a page, filtered by person and kind; nobody changes or
 * deletes an entry, through the API or in the table.
 */
const ADMIN = { email: 'owner@audit.test', password: 'owner-password' };

let t: TestApp;
let admin: string;
let shoeId: string;
let png: Buffer;

beforeAll(async () => {
  ({ t, admin } = await createStaffTestApp(ADMIN, { signInFrom: '10.95.0.1' }));
  const { shoeIds } = await insertCatalog(
    t.database.db,
    ['Arc'],
    [{ name: 'Glide', brand: 'Arc', color: 'White', price: 80, sizes: [['9', 10]] }],
  );
  shoeId = shoeIds.get('Glide')!;
  png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3c3' } })
    .png()
    .toBuffer();
});
afterAll(() => t.close());

let requests = 0;
const send = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  cookie = admin,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method,
    url,
    payload: payload as string,
    headers: { origin: TEST_ORIGIN, cookie, ...headers },
    remoteAddress: `10.96.${Math.floor(requests / 250)}.${(requests++ % 250) + 1}`,
  });

type Entry = {
  actor: string;
  action: string;
  target: { type: string; id: string | null; label: string | null };
  before: unknown;
  after: unknown;
};
const newest = async (query = '') =>
  (await send('GET', `/api/admin/audit?limit=100${query}`)).json() as Entry[];
const count = async () =>
  (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]!.n;

describe('the staff audit log', () => {
  it('records each catalogue change once, with the values before and after', async () => {
    const form = await multipart(
      {
        brand: 'arc',
        name: 'Ridge',
        color: 'Black',
        price: '95',
        size: '10',
        q: '3',
        description: 'Made for trails',
      },
      { name: 'ridge.png', type: 'image/png', bytes: png },
    );
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/shoes',
      payload: form.payload,
      headers: { ...form.headers, cookie: admin, origin: TEST_ORIGIN },
    });
    expect(created.statusCode).toBe(201);
    const ridge = created.json().shoe._id as string;
    expect((await newest())[0]).toMatchObject({
      actor: ADMIN.email,
      action: 'shoe.create',
      target: { type: 'shoe', id: ridge, label: 'Ridge' },
      before: null,
      after: { name: 'Ridge', brand: 'arc', price: 95, size: '10', quantity: 3 },
    });

    expect((await send('PUT', `/api/admin/onsale/${ridge}`, { onSale: true })).statusCode).toBe(200);
    expect((await newest())[0]).toMatchObject({
      action: 'shoe.sale',
      target: { label: 'Ridge' },
      before: { onSale: false },
      after: { onSale: true },
    });
    expect((await send('PUT', `/api/shoes/addSize/${ridge}`, { size: '10', q: '2' })).statusCode).toBe(200);
    expect((await newest())[0]).toMatchObject({
      action: 'shoe.stock',
      before: { size: '10', quantity: 3 },
      after: { size: '10', quantity: 5 },
    });
    const brand = await send('POST', '/api/brands', { name: 'Audited' });
    expect(brand.statusCode).toBe(201);
    expect((await newest())[0]).toMatchObject({
      action: 'brand.create',
      target: { type: 'brand', label: 'Audited' },
    });
    expect((await send('DELETE', `/api/brands/${brand.json().brand._id}`)).statusCode).toBe(200);
    expect((await newest())[0]).toMatchObject({ action: 'brand.delete', before: { name: 'Audited' } });
    expect((await send('DELETE', `/api/shoes/${ridge}`)).statusCode).toBe(200);
    expect((await newest())[0]).toMatchObject({
      action: 'shoe.delete',
      target: { id: ridge, label: 'Ridge' },
      before: { name: 'Ridge', color: 'Black', priceCents: 9500 },
    });
  });

  it('records users, discount codes and orders, and nothing for a refused change', async () => {
    const shopper = await signUp(t.app);
    expect((await send('PUT', `/api/users/${shopper.user._id}`, { manager: true })).statusCode).toBe(200);
    expect((await newest())[0]).toMatchObject({
      action: 'user.update',
      target: { type: 'user', id: shopper.user._id, label: shopper.email },
      before: { manager: false },
      after: { manager: true },
    });

    const code = await send('POST', '/api/admin/discounts', {
      code: 'AUDIT10',
      kind: 'percent',
      value: '10',
      target: 'cart',
    });
    expect(code.statusCode).toBe(201);
    expect((await newest())[0]).toMatchObject({
      action: 'discount.create',
      target: { type: 'discount', id: code.json()._id, label: 'AUDIT10' },
    });
    await send('PUT', `/api/admin/discounts/${code.json()._id}/active`, { active: false });
    expect((await newest())[0]).toMatchObject({
      action: 'discount.active',
      before: { active: true },
      after: { active: false },
    });

    const method = await send('POST', '/api/payments/methods', paymentMethodBody(), shopper.cookie);
    const paid = await send(
      'POST',
      '/api/cart/checkout',
      { id: method.json().id, shoes: [{ _id: shoeId, size: '9', quantity: 1 }], amount: 8000 },
      shopper.cookie,
    );
    const idPayment = paid.json().order.idPayment as string;
    await send('PUT', `/api/cart/order/${idPayment}`, { status: 'Received' });
    expect((await newest())[0]).toMatchObject({
      action: 'order.status',
      target: { type: 'order', label: idPayment },
      before: 'Pending',
      after: 'Received',
    });
    const refund = (body: unknown) =>
      send('POST', `/api/cart/order/${idPayment}/refunds`, body, admin, {
        'idempotency-key': crypto.randomUUID(),
      });
    expect((await refund({ reason: 'Scuffed', amount: 500 })).statusCode).toBe(200);
    expect((await newest())[0]).toMatchObject({ action: 'order.refund', after: { reason: 'Scuffed' } });

    // Refused changes leave nothing: a duplicate code, a refund above what is left, a shopper's try.
    const before = await count();
    expect(
      (
        await send('POST', '/api/admin/discounts', {
          code: 'AUDIT10',
          kind: 'percent',
          value: '10',
          target: 'cart',
        })
      ).statusCode,
    ).toBe(409);
    expect((await refund({ reason: 'Too much', amount: 999_999 })).statusCode).toBe(409);
    expect(
      (await send('PUT', `/api/admin/onsale/${shoeId}`, { onSale: true }, (await signUp(t.app)).cookie))
        .statusCode,
    ).toBe(403);
    expect(await count()).toBe(before);
  });

  it('records staff sign-ins and failed ones, never a shopper’s', async () => {
    await signIn(t.app, ADMIN.email, 'wrong-password', '10.97.0.1');
    // A wrong authenticator code is a failed sign-in too; the password step alone records nothing.
    const pending = await signIn(t.app, ADMIN.email, ADMIN.password, '10.97.0.3');
    expect(pending.json()).toEqual({ twoFactorRequired: true });
    const wrongCode = await t.app.inject({
      method: 'POST',
      url: '/api/account/sign-in/two-factor',
      payload: { code: '000000' },
      headers: { origin: TEST_ORIGIN, cookie: cookieFrom(pending) },
      remoteAddress: '10.97.0.3',
    });
    expect(wrongCode.statusCode).toBe(400);
    await staffSession(t.app, ADMIN.email, ADMIN.password, '10.97.0.2');
    const [signedIn, failedCode, failed] = await newest(`&actor=${encodeURIComponent(ADMIN.email)}`);
    expect(signedIn).toMatchObject({
      action: 'staff.sign-in',
      after: { ip: '10.97.0.2', secondFactor: 'authenticator' },
    });
    expect(failedCode).toMatchObject({
      action: 'staff.sign-in-failed',
      after: { ip: '10.97.0.3', secondFactor: 'authenticator' },
    });
    expect(failed).toMatchObject({ action: 'staff.sign-in-failed', after: { ip: '10.97.0.1' } });
    const shopper = await signUp(t.app);
    await signIn(t.app, shopper.email, shopper.password);
    await signIn(t.app, shopper.email, 'wrong');
    expect(await newest(`&actor=${encodeURIComponent(shopper.email)}`)).toEqual([]);
  });

  it('pages by 20, filters by person and kind, and is the staff’s to read only', async () => {
    const page = await send('GET', '/api/admin/audit');
    expect(page.statusCode).toBe(200);
    expect(page.json().length).toBeLessThanOrEqual(20);
    expect(Number(page.headers['x-total-count'])).toBe(await count());
    const sales = await newest('&action=shoe.sale');
    expect(sales.length).toBeGreaterThan(0);
    expect(sales.every((entry) => entry.action === 'shoe.sale')).toBe(true);
    expect((await send('GET', '/api/admin/audit?action=nope')).statusCode).toBe(400);
    expect((await send('GET', '/api/admin/audit?limit=101')).statusCode).toBe(400);
    const shopper = await signUp(t.app);
    expect((await send('GET', '/api/admin/audit', undefined, shopper.cookie)).statusCode).toBe(403);
    expect((await send('GET', '/api/admin/audit', undefined, '')).statusCode).toBe(401);
    // No route changes an entry, and the table itself refuses.
    const [entry] = await newest();
    for (const method of ['PUT', 'DELETE', 'POST'] as const) {
      expect(
        (await send(method, `/api/admin/audit/${(entry as unknown as { _id: string })._id}`, {})).statusCode,
      ).toBe(404);
    }
    const refusal = (error: unknown) => String((error as { cause?: unknown }).cause ?? error);
    const update = await t.database.db
      .update(auditLog)
      .set({ actorEmail: 'someone@else.test' })
      .catch(refusal);
    expect(update).toMatch(/append-only: UPDATE is refused/);
    const deletion = await t.database.db.delete(auditLog).catch(refusal);
    expect(deletion).toMatch(/append-only: DELETE is refused/);
    // TRUNCATE fires no row or statement trigger of UPDATE or DELETE: it needs its own (migration 0017).
    const entries = await count();
    const truncation = await t.database.db.execute(sql`truncate table ${auditLog}`).catch(refusal);
    expect(truncation).toMatch(/append-only: TRUNCATE is refused/);
    expect(await count()).toBe(entries);
    expect((await newest())[0]!.actor).not.toBe('someone@else.test');
  });
});
