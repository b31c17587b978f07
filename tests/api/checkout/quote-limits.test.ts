import { afterAll, beforeAll, expect, it } from 'vitest';
import { QUOTES_WITH_CODE } from '../../../src/server/modules/checkout/routes.js';
import { insertCatalog } from '../support/catalog-fixture.js';
import { TEST_ORIGIN } from '../support/session.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * The quote's rate limits: the cart asks for a quote as it opens and as the shopper changes it, so
 * plain quotes are allowed often; quotes that try a discount code have their own limit, 30 a minute
 * per address, so guessing codes stays slow whatever plain quotes the same address asks for.
 */
let t: TestApp;
let shoeId: string;

beforeAll(async () => {
  t = await createTestApp();
  const { shoeIds } = await insertCatalog(
    t.database.db,
    ['Stride'],
    [{ name: 'Quoted Runner', brand: 'Stride', color: 'Red', price: 80, sizes: [['9', 5]] }],
  );
  shoeId = shoeIds.get('Quoted Runner')!;
});
afterAll(() => t.close());

const quote = (body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/cart/quote',
    payload: { shoes: [{ _id: shoeId, size: '9', quantity: 1 }], ...body },
    headers: { origin: TEST_ORIGIN },
    remoteAddress: '10.79.0.1',
  });

it('lets a cart ask for plain quotes often, and limits the codes tried to 30 a minute', async () => {
  for (let i = 0; i < QUOTES_WITH_CODE + 10; i += 1) {
    const plain = await quote({ state: 'NC' });
    expect(plain.statusCode, plain.body).toBe(200);
  }
  for (let i = 0; i < QUOTES_WITH_CODE; i += 1) {
    const coded = await quote({ code: `GUESS${i}` });
    expect(coded.statusCode, coded.body).toBe(200);
  }
  expect((await quote({ code: 'GUESS-MORE' })).statusCode).toBe(429);
  // The cart itself goes on.
  expect((await quote({})).statusCode).toBe(200);
});
