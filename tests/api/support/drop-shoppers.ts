import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { users } from '../../../src/server/db/schema.js';
import { paymentMethodBody } from '../../fixtures/payment.js';
import type { Send } from './sender.js';
import { signUp } from './session.js';
import type { TestApp } from './test-app.js';

/**
 * Shoppers as drops take them (issue 36): a confirmed email, a card saved through the payment form,
 * a delivery address. confirmed-entry.test.ts confirms through the mailed link; these confirm by hand.
 */
export async function confirmedShopper(t: TestApp) {
  const shopper = await signUp(t.app);
  await t.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, shopper.user._id));
  return shopper;
}

/** A card as a shopper saves it; test mode tells cards apart by number, expiry and CVC. */
export async function savedCard(send: Send, cookie: string, number = '4242424242424242', cvc = '123') {
  const response = await send('POST', '/api/payments/methods', cookie, paymentMethodBody({ number, cvc }));
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { id: string }).id;
}

export const deliveryTo = (line1: string, changes = {}) => ({
  name: 'Ana Lima',
  line1,
  city: 'San Diego',
  state: 'California',
  postal_code: '92101',
  ...changes,
});

/** The waiting room's place a response set, as a Cookie header value beside the session's. */
export function placeCookie(response: LightMyRequestResponse): string {
  const place = response.cookies.find((cookie) => cookie.name === 'drop_place');
  if (!place) throw new Error(`no place cookie: ${response.statusCode} ${response.body}`);
  return `drop_place=${place.value}`;
}
