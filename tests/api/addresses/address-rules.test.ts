import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../src/domain/messages.js';
import { signUp, TEST_ORIGIN } from '../support/session.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * A saved address passes the cart's delivery address rules (deliveryAddressSchema, decision 019),
 * with the form's messages, on adding and on editing; nothing refused is stored.
 */
let t: TestApp;
let cookie: string;
let savedId: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ cookie } = await signUp(t.app));
  const saved = await send('POST', '', VALID);
  savedId = saved.json().address._id as string;
});
afterAll(() => t.close());

const VALID = {
  name: 'Ana Lima',
  line1: '500 Harbor Dr',
  city: 'San Diego',
  state: 'CA',
  postal_code: '92101',
};
const FORM = MESSAGES.checkoutForm;

function send(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url: `/api/account/addresses${url}`,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: { origin: TEST_ORIGIN, cookie },
  });
}

/** Each field really invalid, or one a US address cannot hold, and the message the form shows for it. */
const REFUSED: [string, Record<string, unknown>, string][] = [
  ['an unknown state', { state: 'Narnia' }, FORM.usState],
  ['a state code that is no state', { state: 'ZZ' }, FORM.usState],
  ['a state of symbols', { state: '!!' }, FORM.state],
  ['a postal code of symbols', { postal_code: '92#01!' }, FORM.postalCode],
  ['a ZIP of 4 digits', { postal_code: '9210' }, FORM.zip],
  ['a ZIP with letters', { postal_code: 'SW1A 1AA' }, FORM.zip],
  ['a ZIP+4 cut short', { postal_code: '92101-12' }, FORM.zip],
  ['digits in a name', { name: 'R2D2 Droid' }, FORM.name],
  ['an empty name', { name: '' }, FORM.name],
  ['a name of 41 letters', { name: 'A'.repeat(41) }, FORM.name],
  ['a city with digits', { city: 'San Diego 9' }, FORM.city],
  ['a line of symbols', { line1: '***' }, FORM.line1],
  ['a line 1 of 101 characters', { line1: `1 ${'Main '.repeat(20)}`.padEnd(101, 'x') }, FORM.line1],
  ['a script in line 1', { line1: '<script>alert(1)</script>' }, FORM.line1],
  ['a script in line 2', { line2: '<img src=x onerror=alert(1)>' }, FORM.line2],
  ['a line 2 of 101 characters', { line2: 'x'.repeat(101) }, FORM.line2],
  ['a line of 100,000 characters', { line1: 'x'.repeat(100_000) }, FORM.line1],
  ['a phone of 9 digits', { phone: '619 555 013' }, FORM.phone],
  ['a phone whose area code starts with 1', { phone: '(119) 555-0134' }, FORM.phone],
  ['a number for the city', { city: 42 }, FORM.city],
  ['no state at all', { state: undefined }, FORM.state],
];

describe('saved address rules', () => {
  it.each(REFUSED)(
    'refuses %s with the form’s message, adding or editing',
    async (_label, change, message) => {
      const body = { ...VALID, ...change };
      for (const [method, url] of [
        ['POST', ''],
        ['PUT', `/${savedId}`],
      ] as const) {
        const answer = await send(method, url, body);
        expect(answer.statusCode, answer.body).toBe(400);
        const field = Object.keys(change)[0]!;
        expect(answer.json().error).toMatchObject({
          code: 'validation',
          message,
          fields: { [field]: message },
        });
      }
      const listed = (await send('GET', '')).json() as unknown[];
      expect(listed).toHaveLength(1);
      expect(listed[0]).toMatchObject(VALID);
    },
  );

  it('refuses fields the form does not have (an owner, a default flag, an id)', async () => {
    for (const extra of [{ userId: 'someone-else' }, { isDefault: true }, { _id: savedId }]) {
      expect((await send('POST', '', { ...VALID, ...extra })).statusCode).toBe(400);
      expect((await send('PUT', `/${savedId}`, { ...VALID, ...extra })).statusCode).toBe(400);
    }
    expect((await send('GET', '')).json()).toHaveLength(1);
  });

  it('takes what real US addresses hold', async () => {
    const real = [
      { name: 'Mary-Jane St. John', city: 'St. Louis', state: 'missouri', postal_code: '63101' },
      { name: 'José Núñez', city: 'Hawaiʻi Kai', state: 'Hawaiʻi', line1: '1 Kalanianaʻole Hwy, #3' },
      { name: 'Lee Chan', state: 'Washington, D.C.', postal_code: '200011234', phone: '+1 202 555 0199' },
      { name: 'Pat Doe', state: 'PR', line1: 'Calle 5 / Bldg A & B', line2: 'Unit 7-B' },
    ];
    for (const change of real) {
      const answer = await send('PUT', `/${savedId}`, { ...VALID, ...change });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json().address).toMatchObject(change);
    }
  });
});
