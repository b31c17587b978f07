import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertCatalog } from '../support/catalog-fixture.js';
import { paidOrder } from '../support/paid-order.js';
import type { RecordedRefunds } from '../support/recording-payments.js';
import { createSender } from '../support/sender.js';
import { signUp } from '../support/session.js';
import { createStaffTestApp } from '../support/staff-test-app.js';
import type { TestApp } from '../support/test-app.js';
import { sampleOf } from './metrics-text.js';

/**
 * shop_refunds_total and shop_refunded_cents_total count each refund once, when it is settled as
 * gone through, with its cents, whichever path made it: a staff refund asked twice at once under
 * one Idempotency-Key (both presses reach the provider), a refund whose answer was lost and that a
 * retry finds made, and the refund of an approved return.
 */
const provider = vi.hoisted(() => ({
  refunds: [] as RecordedRefunds['refunds'],
  timeouts: 0,
  refusals: 0,
  lostAnswers: 0,
  beforeRefund: undefined as RecordedRefunds['beforeRefund'],
}));

vi.mock('../../../src/server/payments/test-payment-provider.js', async (importOriginal) =>
  (await import('../support/recording-payments.js')).recordingPayments(await importOriginal(), provider),
);

const TOKEN = 'refund-metrics-token-0123456789';
const ADMIN = { email: 'owner@refund-metrics.test', password: 'owner-password' };

let t: TestApp;
let admin: string;
let shoeId: string;

beforeAll(async () => {
  ({ t, admin } = await createStaffTestApp(ADMIN, {
    signInFrom: '10.83.0.1',
    env: { METRICS_TOKEN: TOKEN },
  }));
  const { shoeIds } = await insertCatalog(
    t.database.db,
    ['Stride'],
    [{ name: 'Walker', brand: 'Stride', color: 'Blue', price: 50, sizes: [['10', 500]] }],
  );
  shoeId = shoeIds.get('Walker')!;
});
afterAll(() => t.close());

const send = createSender(() => t.app, 84);

async function refunds() {
  const response = await t.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(response.statusCode).toBe(200);
  return {
    count: sampleOf(response.body, 'shop_refunds_total', { kind: 'partial' }) ?? 0,
    cents: sampleOf(response.body, 'shop_refunded_cents_total') ?? 0,
  };
}

async function order(quantity: number) {
  const shopper = await signUp(t.app);
  const paid = await paidOrder(send, shopper.cookie, { shoeId, size: '10', quantity, priceCents: 5000 });
  return { shopper, ...paid };
}

const refund = (idPayment: string, amount: number, key: string) =>
  send(
    'POST',
    `/api/cart/order/${idPayment}/refunds`,
    admin,
    { reason: 'Damaged', amount },
    {
      'idempotency-key': key,
    },
  );

describe('refund metrics', () => {
  it('counts a refund pressed twice at once under one key once, though both presses asked the provider', async () => {
    const { idPayment } = await order(2);
    const before = await refunds();
    const key = `metrics-double-${crypto.randomUUID()}`;
    // The first press is held at the provider until the second has reached it too (or answered).
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const reached: string[] = [];
    provider.beforeRefund = async (request) => {
      if (request.chargeId !== idPayment) return;
      reached.push(request.idempotencyKey);
      if (reached.length === 1) await held;
      else release();
    };
    const first = refund(idPayment, 3000, key);
    const second = refund(idPayment, 3000, key).finally(release);
    const answers = await Promise.all([first, second]);
    provider.beforeRefund = undefined;
    expect(
      answers.map((answer) => answer.statusCode),
      answers.map((a) => a.body).join('\n'),
    ).toEqual([200, 200]);
    // Both presses asked the provider (one refund under one key): the situation counted twice before.
    expect(reached).toHaveLength(2);
    expect(new Set(reached).size).toBe(1);
    const after = await refunds();
    expect(after.count - before.count).toBe(1);
    expect(after.cents - before.cents).toBe(3000);
  });

  it('counts a refund whose answer was lost once, when the retry under its key finds it made', async () => {
    const { idPayment } = await order(1);
    const before = await refunds();
    const key = `metrics-lost-${crypto.randomUUID()}`;
    provider.lostAnswers = 1;
    expect((await refund(idPayment, 2000, key)).statusCode).toBe(504);
    expect(await refunds()).toEqual(before);
    const retried = await refund(idPayment, 2000, key);
    expect(retried.statusCode, retried.body).toBe(200);
    expect((await refund(idPayment, 2000, key)).statusCode).toBe(200);
    const after = await refunds();
    expect(after.count - before.count).toBe(1);
    expect(after.cents - before.cents).toBe(2000);
  });

  it('counts the refund of an approved return, with its cents, once however often it is approved', async () => {
    const { shopper, idPayment, lineId } = await order(3);
    const marked = await send('PUT', `/api/cart/order/${idPayment}`, admin, { status: 'Received' });
    expect(marked.statusCode).toBe(200);
    const asked = await send('POST', `/api/cart/order/${idPayment}/returns`, shopper.cookie, {
      lines: [{ lineId, quantity: 2 }],
      reason: 'wrong_size',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const id = asked.json().returns[0]._id as string;
    const before = await refunds();
    for (const _press of [1, 2]) {
      const approved = await send('POST', `/api/admin/returns/${id}/decision`, admin, {
        decision: 'approve',
        refundNow: true,
      });
      expect(approved.statusCode, approved.body).toBe(200);
    }
    const after = await refunds();
    expect(after.count - before.count).toBe(1);
    expect(after.cents - before.cents).toBe(10_000);
  });
});
