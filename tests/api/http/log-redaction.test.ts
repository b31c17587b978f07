import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../../src/server/db/schema.js';
import { paymentMethodBody, TEST_CARD_NUMBER as CARD_NUMBER } from '../../fixtures/payment.js';
import { insertCatalog } from '../support/catalog-fixture.js';
import { cookieFrom, signIn, signUp, TEST_ORIGIN, uniqueEmail } from '../support/session.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * Secrets never reach a log (issue 15): the shop's journeys that carry a password, a token or a
 * card number, run with the logger writing every level to a buffer, leave none of them in it,
 * even when a client puts them in a URL.
 */

let t: TestApp;
let shoeId: string;
const log: string[] = [];

beforeAll(async () => {
  t = await createTestApp({}, { logStream: { write: (line) => log.push(line) } });
  const { shoeIds } = await insertCatalog(
    t.database.db,
    ['Velo'],
    [{ name: 'Storm Court', brand: 'Velo', color: 'Blue', price: 90, sizes: [['9', 50]] }],
  );
  shoeId = shoeIds.get('Storm Court')!;
});
afterAll(() => t.close());

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, cookie?: string) =>
  t.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
  });

/** The newest mail to `to`, and the token of the link in it. */
async function tokenMailedTo(to: string, parameter: string): Promise<string> {
  const [mail] = await t.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  const token = mail?.text.match(new RegExp(`[?&]${parameter}=([^\\s&]+)`))?.[1];
  if (!token) throw new Error(`no ${parameter} in the mail to ${to}`);
  return decodeURIComponent(token);
}

describe('the log', () => {
  it('holds no password, token or card number after sign-up, sign-in, a password reset, a payment and an unsubscribe', async () => {
    const secrets: string[] = [CARD_NUMBER];
    const keep = (secret: string) => {
      secrets.push(secret);
      return secret;
    };

    // Sign up and sign in, and change the password while signed in.
    const email = uniqueEmail('logged');
    const password = keep('first-Secret-4471');
    const shopper = await signUp(t.app, email, password);
    expect((await signIn(t.app, email, password)).statusCode).toBe(200);
    const wrong = await signIn(t.app, email, keep('wrong-Secret-9182'));
    expect(wrong.statusCode).toBe(401);
    const changed = await inject(
      'PUT',
      '/api/account/password',
      { currentPassword: password, newPassword: keep('second-Secret-5520') },
      shopper.cookie,
    );
    expect(changed.statusCode).toBe(200);

    // Forgotten: the mailed link's token, on the reset page and through the API.
    expect((await inject('POST', '/api/account/forget', { email })).statusCode).toBe(200);
    const resetToken = keep(await tokenMailedTo(email, 'token'));
    await inject('GET', `/reset-password?token=${encodeURIComponent(resetToken)}`);
    await inject('GET', `/api/auth/reset-password/${encodeURIComponent(resetToken)}?callbackURL=%2F`);
    const reset = await inject('POST', '/api/account/reset-password', {
      token: resetToken,
      newPassword: keep('third-Secret-7731'),
    });
    expect(reset.statusCode).toBe(200);
    const signedIn = await signIn(t.app, email, 'third-Secret-7731');
    expect(signedIn.statusCode).toBe(200);
    const cookie = cookieFrom(signedIn);

    // Pay by card.
    const method = await inject(
      'POST',
      '/api/payments/methods',
      paymentMethodBody({ number: CARD_NUMBER }),
      cookie,
    );
    expect(method.statusCode).toBe(200);
    const paid = await inject(
      'POST',
      '/api/cart/checkout',
      { id: method.json().id, shoes: [{ _id: shoeId, size: '9', quantity: 1 }], amount: 9000 },
      cookie,
    );
    expect(paid.statusCode).toBe(200);

    // The newsletter's unsubscribe link.
    expect((await inject('POST', '/api/mail/newsletter', { email })).statusCode).toBe(200);
    const unsubscribeToken = keep(await tokenMailedTo(email, 'token'));
    const unsubscribeLink = `/api/mail/newsletter/unsubscribe?token=${encodeURIComponent(unsubscribeToken)}`;
    expect((await inject('GET', unsubscribeLink)).statusCode).toBe(200);
    const unsubscribed = await inject('POST', unsubscribeLink);
    expect(unsubscribed.statusCode).toBe(200);

    // Clients that put secrets in a URL: a form submitted natively by a stale page, a stray query.
    const leaked = keep('leaked-Secret-3390');
    const stale = await inject('GET', `/createaccount?email=a%40b.test&password=${leaked}`);
    await inject('GET', `/signin?Password=${leaked}&cardNumber=${CARD_NUMBER}`);
    await inject('GET', `/api/shoes?newPassword=${leaked}&code=${leaked}&cvc=321`);
    await inject('POST', '/createaccount', { email: 'a@b.test', password: leaked });

    const text = log.join('');
    // The logger really wrote each request, by its route's pattern and never its URL (else this
    // test would prove nothing).
    expect(text).toContain('"route":"/api/account/reset-password"');
    expect(text).toContain('"route":"/api/cart/checkout"');
    expect(text).toContain('"route":"/api/mail/newsletter/unsubscribe"');
    expect(text).not.toContain('/createaccount');
    expect(text).toContain('mail kept in the outbox');
    for (const secret of secrets) expect(text, `the log shows ${secret}`).not.toContain(secret);
    expect(text).not.toMatch(/(password|token|cvc|cardNumber)=(?!\[redacted\])/i);
    // Not silently refused either: the stale page's request was answered.
    expect(stale.statusCode).toBeLessThan(500);
  });
});
