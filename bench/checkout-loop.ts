import type autocannon from 'autocannon';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { paymentMethodBody, TEST_CARD_NUMBER_TYPED } from '../tests/fixtures/payment.js';
import type { Database } from '../src/server/db/client.js';

/** The shop's public origin for the loop's writes (same-origin check): spawned servers get it as PUBLIC_URL. */
export const ORIGIN = 'http://localhost:3000';
const RESTOCKED = 1_000_000;

export type CheckoutLoop = Pick<autocannon.Options, 'requests' | 'setupClient'> & {
  sampleAnswer: string;
  /** The signed-in shoppers' cookies, the restocked shoes they buy and the card (the shoppers scenario). */
  cookies: string[];
  items: Item[];
  card: ReturnType<typeof paymentMethodBody>;
};

export interface Item {
  _id: string;
  size: string;
  price: number;
}

/**
 * A checkout loop per connection: a signed-in shopper turns the test card 4242 4242 4242 4242
 * into a payment method, then pays for one pair. Shoppers are signed up beforehand; the shoes
 * bought are restocked to a million pairs first so every checkout succeeds (no 409 for stock).
 * The payment-method route allows 30 calls a minute per address: the bench server trusts
 * X-Forwarded-For (TRUST_PROXY=true) and each request comes "from" its own address.
 */
export async function prepareCheckoutLoop(
  app: FastifyInstance,
  db: Database,
  shoppers: number,
): Promise<CheckoutLoop> {
  const cookies: string[] = [];
  for (let i = 0; i < shoppers; i += 1) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/account/sign-up',
      payload: { email: `bench.${Date.now()}.${i}@example.com`, password: 'secret123' },
      headers: { origin: ORIGIN, 'x-forwarded-for': `10.77.${Math.floor(i / 250)}.${(i % 250) + 1}` },
    });
    if (response.statusCode !== 200) throw new Error(`sign-up: ${response.statusCode} ${response.body}`);
    cookies.push(response.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; '));
  }

  const shoes = (await app.inject({ url: '/api/shoes?limit=20' })).json() as {
    _id: string;
    price: number;
    stock: { size: string }[];
  }[];
  const items: Item[] = shoes.map((shoe) => ({
    _id: shoe._id,
    size: shoe.stock[0]!.size,
    price: shoe.price,
  }));
  for (const item of items)
    await db.execute(
      sql`UPDATE stock_entries SET quantity = ${RESTOCKED} WHERE shoe_id = ${item._id} AND size = ${item.size}`,
    );

  let client = 0;
  let request = 0;
  const from = () => {
    request += 1;
    return `10.${(request >> 16) & 255}.${(request >> 8) & 255}.${request & 255}`;
  };
  const card = paymentMethodBody({ number: TEST_CARD_NUMBER_TYPED });
  // One real checkout through inject(): its answer sizes the baseline, and it proves the loop's calls work.
  const headers = { origin: ORIGIN, cookie: cookies[0]!, 'x-forwarded-for': '10.78.0.1' };
  const pm = await app.inject({ method: 'POST', url: '/api/payments/methods', payload: card, headers });
  const sample = await app.inject({
    method: 'POST',
    url: '/api/cart/checkout',
    headers,
    payload: {
      id: pm.json().id,
      shoes: [{ _id: items[0]!._id, size: items[0]!.size, quantity: 1 }],
      amount: Math.round(items[0]!.price * 100),
    },
  });
  if (sample.statusCode !== 200) throw new Error(`checkout: ${sample.statusCode} ${sample.body}`);
  return {
    cookies,
    items,
    card,
    sampleAnswer: sample.body,
    setupClient: (c) => {
      c.setHeaders({
        origin: ORIGIN,
        'content-type': 'application/json',
        cookie: cookies[client++ % cookies.length]!,
      });
    },
    requests: [
      {
        method: 'POST',
        path: '/api/payments/methods',
        setupRequest: (req) => ({
          ...req,
          headers: { ...req.headers, 'x-forwarded-for': from() },
          body: JSON.stringify(card),
        }),
        onResponse: (status, body, context) => {
          if (status === 200) (context as { pm?: string }).pm = (JSON.parse(body) as { id: string }).id;
        },
      },
      {
        method: 'POST',
        path: '/api/cart/checkout',
        setupRequest: (req, context) => {
          const item = items[request % items.length]!;
          return {
            ...req,
            headers: { ...req.headers, 'x-forwarded-for': from() },
            body: JSON.stringify({
              id: (context as { pm?: string }).pm ?? 'pm_missing',
              shoes: [{ _id: item._id, size: item.size, quantity: 1 }],
              amount: Math.round(item.price * 100),
            }),
          };
        },
      },
    ],
  };
}
